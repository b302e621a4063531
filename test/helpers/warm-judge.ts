import { afterAll, beforeAll } from 'vitest';
import { createCompiler } from '../../server/compile';
import type { Compiler } from '../../server/compile/types';
import { createSandbox } from '../../server/sandbox';
import type { Sandbox } from '../../server/sandbox/types';

/**
 * A real compiler and sandbox for the test file, started before its tests and closed after them:
 * `const judge = warmJudge();` then `judge.compiler`, `judge.sandbox` inside the tests.
 */
export function warmJudge(): { compiler: Compiler; sandbox: Sandbox } {
  const deps = {} as { compiler: Compiler; sandbox: Sandbox };
  beforeAll(async () => {
    deps.compiler = createCompiler();
    deps.sandbox = await createSandbox();
  });
  afterAll(async () => {
    await Promise.all([deps.compiler?.close(), deps.sandbox?.close()]);
  });
  return deps;
}
