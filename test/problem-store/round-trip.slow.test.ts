import { importBench } from '../helpers/import-bench';
import { describe, expect, it } from 'vitest';
import { loadAllProblems, loadProblem } from '../../server/problems/registry';
import { slowSampled } from '../helpers/shard';
import { roundTrip } from './round-trip-helper';

/**
 * Every built-in problem exported, imported into a fresh data directory as rt-<slug>, and judged
 * with its whole solution table: the same verdicts (AC, WA, TLE) as built in, the interactive one's
 * games played by its exported interactor in a sandbox of its own, and every non-interactive one's
 * exported generator turning stress tests on. `npm run test:slow`; CI samples the problems
 * (test/helpers/shard.ts, slowSampled), always with the interactive ones, whose judged round trip
 * only this file does.
 */
const { work, compiler, sandboxP, db } = importBench('sg-round-trip-all-');

const slugs = process.env.SLOW_TESTS ? slowSampled(await loadAllProblems(), (p) => p.pkg.interactive === true).map((p) => p.pkg.slug) : [];

describe.runIf(process.env.SLOW_TESTS)('round trip of every built-in problem', () => {
  for (const slug of slugs) {
    it(slug, { timeout: 300_000 }, async () => {
      const { built, imported, refused, notes } = await roundTrip(db, slug, work, { compiler, sandbox: await sandboxP });
      expect({ slug, imported, refused }).toEqual({ slug, imported: built, refused: undefined });
      // The exported sg-judge/generator.ts runs here: stress tests stay on (a stored interactive problem has none).
      const stress = notes!.includes('sg-judge/generator.ts gave valid inputs at every size: stress tests are on.');
      expect({ slug, stress }).toEqual({ slug, stress: !(await loadProblem(slug)).pkg.interactive });
    });
  }
});
