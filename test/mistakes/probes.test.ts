import { describe, expect, it } from 'vitest';
import { gameSlugs } from '../../server/lab/registry';
import { gridStates } from '../../server/mistakes/probe';
import { hasProbe, loadProbe } from '../../server/mistakes/probes';
import { gridInputs } from '../../server/mistakes/run-grid';
import { trueOutcomes } from '../../server/mistakes/truth';
import { loadProblem, loadReference } from '../../server/problems/registry';

/**
 * Every probe against the problem's fast reference on its whole grid: each input file it writes is
 * valid, and the reference's answers, read through the probe, are the lab table's outcomes.
 */
const PROBED = gameSlugs().filter(hasProbe);

describe('probes', () => {
  it('every problem with a declared game has a probe, except the interactive one', () => {
    expect(gameSlugs().filter((s) => !hasProbe(s))).toEqual(['subtraction-game']);
    expect(PROBED.length).toBeGreaterThanOrEqual(16);
  });

  it.each(PROBED)('%s: the reference read through the probe is the lab table on the whole grid', async (slug) => {
    const probe = await loadProbe(slug);
    const { pkg } = await loadProblem(slug);
    const fast = await loadReference(slug, 'fast');
    const states = gridStates(probe);
    const truth = await trueOutcomes(slug, probe);
    expect(truth).toHaveLength(states.length);
    // Both outcomes occur, so a probe that reads everything as one answer fails.
    expect(new Set(truth).size).toBe(2);
    const got: (string | null)[] = [];
    for (const file of gridInputs(probe, states)) {
      expect(pkg.validate(file.input), `${slug}: ${file.input.slice(0, 80)}`).toEqual({ ok: true });
      got.push(...probe.read(fast.solve(file.input), file.states.length));
    }
    const wrong = states.map((s, i) => ({ s, truth: truth[i], got: got[i] })).filter((c) => c.truth !== c.got);
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});
