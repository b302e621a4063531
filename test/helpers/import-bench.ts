import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createCompiler } from '../../server/compile';
import { createProgramSandbox } from '../../server/languages/program-sandbox';
import { openDatabase } from '../../server/storage/db';

/** A fresh data directory, database, compiler and sandbox for every language, for a file of import tests; all closed after it. */
export function importBench(prefix: string) {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const compiler = createCompiler();
  const sandboxP = createProgramSandbox();
  const db = openDatabase(join(work, 'judge.db'), { migrate: true });
  afterAll(async () => {
    db.close();
    await compiler.close();
    await (await sandboxP).close();
    rmSync(work, { recursive: true, force: true });
  });
  return { work, compiler, sandboxP, db };
}
