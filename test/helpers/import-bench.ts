import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { createCompiler } from '../../server/compile';
import { createProgramSandbox } from '../../server/languages/program-sandbox';
import { openDatabase } from '../../server/storage/db';
import { importPackage } from '../../server/problem-store';

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
  /** A package folder imported into the bench's database, stored unowned. */
  const imported = async (dir: string) => importPackage(db, { path: dir }, { dataDir: work, owner: null, compiler, sandbox: await sandboxP });
  return { work, compiler, sandboxP, db, imported };
}

/** A solution table as lines "folder/name verdict" (or the note of one not judged). */
export function solutionLines(r: { solutions: { folder: string; name: string; got: string | null; note: string | null }[] }): string[] {
  return r.solutions.map((s) => `${s.folder}/${s.name} ${s.got ?? s.note}`);
}
