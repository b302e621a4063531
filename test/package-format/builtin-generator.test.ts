import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import { limitsOf } from '../../server/judge/judge-one';
import { checkPackage } from '../../server/package-format/check';
import { exportPackage, writePackage, type ExportedPackage } from '../../server/package-format/export';
import { seededRng } from '../../server/problem-drafts/generator';
import { getStoredProblem, importPackage } from '../../server/problem-store';
import { checkOf } from '../../server/problem-store/check';
import { exportProblem } from '../../server/problem-store/export';
import { sandboxedGenerator } from '../../server/problem-store/sandboxed-generator';
import { sandboxedReference, storedReferenceOf } from '../../server/problem-store/sandboxed-reference';
import { runStoredStress } from '../../server/problem-store/stored-stress';
import { loadProblem, PROBLEMS_DIR } from '../../server/problems/registry';
import { SIZES } from '../../server/problems/types';
import { createSandbox } from '../../server/sandbox';
import { openDatabase, type Db } from '../../server/storage/db';
import { getProblemHeader } from '../../server/storage/problems';
import { generateCase } from '../../server/stress/cases';

/**
 * Issue 36: a built-in problem exported and imported into another judge keeps its stress tests.
 * The export's sg-judge/generator.ts (the fast-check arbitrary bundled without imports) is read
 * back by a real import into a fresh data directory, gives the built-in stress run's own cases in
 * the sandbox, and a real stored stress run finds a known-wrong solution's counterexample.
 */
const work = mkdtempSync(join(tmpdir(), 'sg-builtin-generator-'));
const compiler = createCompiler();
const sandboxP = createSandbox();
const opened: Db[] = [];
afterAll(async () => {
  for (const db of opened) db.close();
  await compiler.close();
  await (await sandboxP).close();
  rmSync(work, { recursive: true, force: true });
});

const textOf = (p: ExportedPackage, path: string): string | undefined => p.files.find((f) => f.path === path)?.data.toString('utf8');

/**
 * Exported, written and imported as `imported-SLUG` into a fresh data directory. Only the accepted
 * solution is kept in submissions/: the whole solution table is judged in round-trip tests.
 */
async function exportAndImport(slug: string) {
  const exported = await exportPackage(slug);
  const dir = writePackage({ ...exported, files: exported.files.filter((f) => !f.path.startsWith('submissions/') || f.path.startsWith('submissions/accepted/')) }, join(work, `out-${slug}`));
  expect(checkPackage(dir)).toEqual([]);
  const dataDir = join(work, `data-${slug}`);
  mkdirSync(dataDir);
  const db = openDatabase(join(dataDir, 'judge.db'), { migrate: true });
  opened.push(db);
  const r = await importPackage(db, { path: dir }, { dataDir, as: `imported-${slug}`, owner: null, compiler, sandbox: await sandboxP });
  if (!r.ok) throw new Error(r.reasons.join('\n'));
  return { exported, db, notes: r.notes, slug: `imported-${slug}` };
}

/** A stored stress run as the judge queue makes one (server/queue/stress-job.ts), on one sandbox. */
async function storedStress(db: Db, slug: string, source: string, size: 'tiny' | 'small', cases: number) {
  const stored = getStoredProblem(db, slug)!;
  const ref = storedReferenceOf(stored.data);
  if (!ref.ok || stored.generator === null) throw new Error(`${slug} has no reference or no generator`);
  const limits = limitsOf(getProblemHeader(db, slug)!);
  const generator = sandboxedGenerator(stored.generator, compiler);
  const reference = sandboxedReference(ref, limits, compiler);
  const check = checkOf(stored.data.checker, compiler);
  const sandbox = await createSandbox();
  try {
    return await runStoredStress({ source, cases, size, seed: 7 }, { compiler, sandboxes: [sandbox], limits, generator, reference, check: check.check, caseLayout: stored.data.caseLayout ?? null });
  } finally {
    await Promise.all([generator.close(), reference.close(), check.close(), sandbox.close()]);
  }
}

describe('a built-in problem exported and imported elsewhere keeps its stress tests', { timeout: 60_000 }, () => {
  it('nim: the import turns stress tests on, the generator gives the built-in stress cases, and export → import → export keeps its bytes', async () => {
    const { exported, db, notes, slug } = await exportAndImport('nim');
    const source = textOf(exported, 'sg-judge/generator.ts')!;
    expect(source.startsWith('// @ts-nocheck\n')).toBe(true);
    expect(source).not.toMatch(/\bimport\b|\brequire\s*\(/);
    // Room for the sandbox's driver under the compiler's 64 KiB source limit.
    expect(Buffer.byteLength(source)).toBeLessThan(60 * 1024);
    expect(notes).toContain('sg-judge/generator.ts gave valid inputs at every size: stress tests are on.');
    expect(getStoredProblem(db, slug)!.generator).toBe(source);
    // The same bytes on every export, and written back as read by the stored problem's export.
    expect(textOf(await exportPackage('nim'), 'sg-judge/generator.ts')).toBe(source);
    expect(textOf(await exportProblem(slug, db), 'sg-judge/generator.ts')).toBe(source);

    // In the sandbox, each seed gives the case the built-in stress run makes from the seed and the
    // case index the generator draws.
    const { pkg } = await loadProblem('nim');
    const generator = sandboxedGenerator(source, compiler);
    try {
      for (const seed of [1, 99]) {
        for (const size of SIZES) {
          // The sandbox driver's random stream (server/problem-store/sandboxed-generator.ts) is a draft's.
          const rng = seededRng(seed);
          const caseSeed = Math.floor(rng() * 4294967296) | 0;
          const index = Math.floor(rng() * 1000);
          const got = await generator.generate(seed, size);
          expect(got.ok && got.input, `seed ${seed}, ${size}`).toBe(pkg.format(generateCase(pkg.arbitrary(size), caseSeed, index).value_));
        }
      }
    } finally {
      await generator.close();
    }

    const wrong = await storedStress(db, slug, readFileSync(join(PROBLEMS_DIR, 'nim', 'wrong', 'sum-parity.ts'), 'utf8'), 'small', 200);
    expect(wrong.result, JSON.stringify(wrong)).toBe('failed');
    const c = wrong.counterexample!;
    expect(c.verdict).toBe('WA');
    // Shrunk on its text, and still a failing input of nim's own format that its validator accepts.
    expect(c.shrinkSteps).toBeGreaterThan(0);
    expect(pkg.validate(c.input).ok).toBe(true);

    const accepted = await storedStress(db, slug, textOf(exported, 'submissions/accepted/fast.ts')!, 'small', 40);
    expect(accepted.result, JSON.stringify(accepted)).toBe('passed');
    expect(accepted.casesRun).toBe(40);
  });

  it('game-on-tree (one tree an input, no case layout): a wrong solution is caught on the imported copy, the accepted one passes', async () => {
    const { exported, db, notes, slug } = await exportAndImport('game-on-tree');
    expect(notes).toContain('sg-judge/generator.ts gave valid inputs at every size: stress tests are on.');
    const { pkg } = await loadProblem('game-on-tree');
    const wrong = await storedStress(db, slug, readFileSync(join(PROBLEMS_DIR, 'game-on-tree', 'wrong', 'leaf-depth-xor.ts'), 'utf8'), 'tiny', 200);
    expect(wrong.result, JSON.stringify(wrong)).toBe('failed');
    expect(wrong.counterexample!.verdict).toBe('WA');
    expect(pkg.validate(wrong.counterexample!.input), wrong.counterexample!.input).toEqual({ ok: true });
    const accepted = await storedStress(db, slug, textOf(exported, 'submissions/accepted/fast.ts')!, 'tiny', 20);
    expect(accepted.result, JSON.stringify(accepted)).toBe('passed');
  });

  it('an interactive problem gets no generator: a stored interactive problem has no stress tests', async () => {
    expect(textOf(await exportPackage('subtraction-game'), 'sg-judge/generator.ts')).toBeUndefined();
  });
});
