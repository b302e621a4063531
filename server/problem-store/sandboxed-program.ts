import type { Compiler } from '../compile/types';
import { compileProgram } from '../languages/compile-program';
import { createProgramSandbox, loadCompiled } from '../languages/program-sandbox';
import type { LanguageId } from '../languages/types';
import type { RunLimits, RunResult, Sandbox } from '../sandbox';

/**
 * A teacher's or a package's program (a reference solution, a generator) compiled on first use and
 * kept loaded in a sandbox of its own until `close`: it is untrusted code like a submission, and a
 * crash or a loop is stopped by the sandbox's limits. Its failures are the package's, never the
 * student's verdict.
 */
export interface SandboxedProgram {
  /** The run on this stdin; throws with a sentence when the program does not compile. */
  run(stdin: string): Promise<RunResult>;
  close(): Promise<void>;
}

/** In any language the judge runs: a package's C++ or Python reference runs in the native runner. */
export function sandboxedProgram(source: string, language: LanguageId, limits: RunLimits, compiler: Compiler, what: string): SandboxedProgram {
  let ready: Promise<Sandbox> | null = null;
  let sandbox: Sandbox | null = null;
  const start = async (): Promise<Sandbox> => {
    const compiled = await compileProgram(compiler, source, language);
    if (!compiled.ok) throw new Error(`${what} does not compile: ${compiled.diagnostics.split('\n')[0]}`);
    sandbox = await createProgramSandbox();
    await loadCompiled(sandbox, compiled.program, limits);
    return sandbox;
  };
  return {
    run: async (stdin) => {
      ready ??= start();
      return (await ready).run(stdin);
    },
    close: async () => {
      await sandbox?.close();
    },
  };
}

/** One line saying why a run failed, for the package author. */
export function failedRun(what: string, run: RunResult, timeMs: number): string {
  if (run.status === 'tle') return `${what} ran longer than ${timeMs} ms and was stopped`;
  const why = (run.message ?? run.stderr).split('\n')[0]?.slice(0, 300) ?? '';
  return `${what} failed (${run.status})${why ? `: ${why}` : ''}`;
}
