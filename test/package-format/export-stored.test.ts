import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import { writePackage, type ExportedPackage } from '../../server/package-format/export';
import { exportProblem as exportPackage } from '../../server/problem-store/export';
import { checkPackage } from '../../server/package-format/check';
import { getStoredProblem, importPackage } from '../../server/problem-store';
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

async function importWithNotes(name: string, dir: string) {
  const dataDir = join(work, name);
  mkdirSync(dataDir);
  const db = openDatabase(join(dataDir, 'judge.db'), { migrate: true });
  const r = await importPackage(db, { path: dir }, { dataDir, owner: null, compiler, sandbox: await sandboxP });
  if (!r.ok) throw new Error(r.reasons.join('\n'));
  return { db, notes: r.notes };
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
    expect(files['problem.yaml']).not.toMatch(/validator_flags|validation/);
    expect(files['data/testdata.yaml']).toBe('output_validator_flags: "case_sensitive"\n');
    expect(files['problem.yaml']).toMatch(/time_limit: 1\n/);

    const dir = writePackage(a, join(work, 'out-a'));
    expect(checkPackage(dir)).toEqual([]);
    const second = await importInto('two', dir);
    const b = await exportPackage('sum', second);
    second.close();
    expect(asText(b)).toEqual(files);
  });

  it('reads sg-judge/generator.ts back: one that gives valid inputs turns stress tests on and exports again; one that does not is kept with a note', async () => {
    const GENERATOR = `export function generate(rng: () => number, size: 'tiny' | 'small' | 'medium' | 'max'): string {\n  const top = size === 'max' ? 1000000 : 100;\n  return Math.floor(rng() * top) + ' ' + Math.floor(rng() * top) + '\\n';\n}\n`;
    const good = await importWithNotes('gen-good', writePackage({ slug: 'sum', files: smallPackage((f) => f.set('sg-judge/generator.ts', GENERATOR)), testsFrom: 'database', testCount: 0 }, join(work, 'in-gen-good')));
    expect(good.notes.join('\n')).toContain('sg-judge/generator.ts gave valid inputs at every size: stress tests are on.');
    expect(getStoredProblem(good.db, 'sum')!.generator).toBe(GENERATOR);
    expect(asText(await exportPackage('sum', good.db))['sg-judge/generator.ts']).toBe(GENERATOR);
    good.db.close();
    // Three numbers on a line: the package's own input validator refuses them.
    const bad = await importWithNotes('gen-bad', writePackage({ slug: 'sum', files: smallPackage((f) => f.set('sg-judge/generator.ts', GENERATOR.replace("' ' + Math", "' 1 ' + Math"))), testsFrom: 'database', testCount: 0 }, join(work, 'in-gen-bad')));
    expect(bad.notes.join('\n')).toMatch(/sg-judge\/generator\.ts gave an input its input validators refuse \(the input of size tiny is invalid by the input validator input_validators\/two-ints\/validate\.ts: not two integers.*\): kept, stress tests are off\./);
    expect(getStoredProblem(bad.db, 'sum')!.generator).toBeNull();
    expect(asText(await exportPackage('sum', bad.db))['sg-judge/generator.ts']).toContain("' 1 '");
    bad.db.close();
  });

  it('a stored problem without a database to read, or no such problem: a sentence', async () => {
    await expect(exportPackage('no-such-problem')).rejects.toThrow(/There is no problem "no-such-problem": neither a package in problems\/ nor a stored problem/);
  });
});
