import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import { writePackage, type ExportedPackage } from '../../server/package-format/export';
import { exportProblem as exportPackage } from '../../server/problem-store/export';
import { checkPackage } from '../../server/package-format/check';
import { importPackage } from '../../server/problem-store';
import { createSandbox } from '../../server/sandbox';
import { openDatabase } from '../../server/storage/db';
import { smallPackage } from '../problem-store/small-package';

/**
 * A stored problem exports as the package it was imported from: export → import → export gives
 * the same files, and the export passes the format's own checks. (A published lab draft's round
 * trip, through the server's download, is in test/integration/stored-export.test.ts.)
 */
const work = mkdtempSync(join(tmpdir(), 'sg-export-stored-'));
const compiler = createCompiler();
const sandboxP = createSandbox();
afterAll(async () => {
  await compiler.close();
  await (await sandboxP).close();
  rmSync(work, { recursive: true, force: true });
});

const asText = (p: ExportedPackage) => Object.fromEntries(p.files.map((f) => [f.path, f.data.toString('utf8')]));

async function importInto(name: string, dir: string) {
  const dataDir = join(work, name);
  mkdirSync(dataDir);
  const db = openDatabase(join(dataDir, 'judge.db'), { migrate: true });
  const r = await importPackage(db, { path: dir }, { dataDir, owner: null, compiler, sandbox: await sandboxP });
  if (!r.ok) throw new Error(r.reasons.join('\n'));
  return db;
}

describe('exporting a stored problem', () => {
  it('writes back what was imported, and export → import → export gives the same files', async () => {
    const original = smallPackage((f) => f.set('sg-judge/notes.md', 'Kept for the export.\n'));
    const first = await importInto('one', writePackage({ slug: 'sum', files: original, testsFrom: 'database', testCount: 0 }, join(work, 'in')));
    const a = await exportPackage('sum', first);
    first.close();
    const files = asText(a);
    // Everything but problem.yaml (written from the stored fields) comes back byte for byte.
    for (const f of original.filter((f) => f.path !== 'problem.yaml')) expect(files[f.path], f.path).toBe(f.data.toString('utf8'));
    expect(Object.keys(files).sort()).toEqual(original.map((f) => f.path).sort());
    expect(files['problem.yaml']).toMatch(/uuid: "5ca1ab1e-0000-4000-8000-000000000001"/);
    expect(files['problem.yaml']).toMatch(/validator_flags: "case_sensitive"/);
    expect(files['problem.yaml']).toMatch(/time_limit: 1\n/);

    const dir = writePackage(a, join(work, 'out-a'));
    expect(checkPackage(dir)).toEqual([]);
    const second = await importInto('two', dir);
    const b = await exportPackage('sum', second);
    second.close();
    expect(asText(b)).toEqual(files);
  });

  it('a stored problem without a database to read, or no such problem: a sentence', async () => {
    await expect(exportPackage('no-such-problem')).rejects.toThrow(/There is no problem "no-such-problem": neither a package in problems\/ nor a stored problem/);
  });
});
