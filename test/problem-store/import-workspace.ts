import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createCompiler } from '../../server/compile';
import { createSandbox } from '../../server/sandbox';
import { openDatabase } from '../../server/storage/db';

/** A data directory with a migrated database, a compiler and a sandbox for importing packages, all removed after the file's tests. */
export function importWorkspace(prefix: string) {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const dataDir = join(work, 'data');
  mkdirSync(dataDir);
  const compiler = createCompiler();
  const sandboxP = createSandbox();
  const db = openDatabase(join(dataDir, 'judge.db'), { migrate: true });
  afterAll(async () => {
    db.close();
    await compiler.close();
    await (await sandboxP).close();
    rmSync(work, { recursive: true, force: true });
  });
  return { work, dataDir, compiler, sandboxP, db };
}
