import { describe, expect, it } from 'vitest';
import { describeMargin, type SlowMargin, type SolutionRow } from '../../server/judge/solution-table';
import { MIN_SLOW_MARGIN, rowFaults } from '../../server/package-format/verify';

/** A slow/ solution's row that got TLE on test 6, with the given margin run. */
function slowRow(margin: SlowMargin | null): SolutionRow {
  return { problem: 'nim', solution: 'slow/try-every-move.ts', expected: 'TLE', got: 'TLE', failedTest: 6, tests: '.....T', failures: 1, maxTimeMs: 1000, margin, ok: true };
}
const measured = (timeMs: number, cut: boolean): SlowMargin => ({ test: 37, raisedTo: 5, timeMs, factor: timeMs / 1000, cut });

// The rule check-problems applies to every slow/ solution: the CPU time it needs on its largest
// unfinished test must be at least 3x the limit, so that no machine, busy or quiet, turns it into AC.
describe('the slow margin rule', () => {
  it('fails a slow solution that needs less than 3x the limit, and says how much it needed', () => {
    expect(MIN_SLOW_MARGIN).toBe(3);
    expect(rowFaults(slowRow(measured(2900, false)), 2)).toEqual(['needs only 2.9x the limit, less than 3x']);
    expect(rowFaults(slowRow(measured(1200, false)), 2)).toEqual(['needs only 1.2x the limit, less than 3x']);
  });

  it('passes one that needs 3x or more, or was still running at the raised limit', () => {
    expect(rowFaults(slowRow(measured(3000, false)), 2)).toEqual([]);
    expect(rowFaults(slowRow(measured(5000, true)), 2)).toEqual([]);
    expect(describeMargin(measured(5000, true))).toBe('needs over 5.0x the limit');
    expect(describeMargin(measured(4200, false))).toBe('needs 4.2x the limit');
  });

  it('still fails a slow solution that is accepted, whatever its margin', () => {
    const accepted = { ...slowRow(null), got: 'AC' as const, failedTest: null, tests: '......', failures: 0, ok: false };
    expect(rowFaults(accepted, 2)).toEqual(['expected TLE, got AC']);
  });
});
