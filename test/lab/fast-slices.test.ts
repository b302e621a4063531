import { describe, expect, it } from 'vitest';
import { fastHeapSlice, fastHeapTable, isFastProgress, octalRule, subtractionRule, type FastProgress, type FastTable, type HeapRule } from '../../server/lab/octal-fast';

const NO_LIMITS = { workCap: Number.POSITIVE_INFINITY, timeMs: Number.POSITIVE_INFINITY };

/** The table computed in the smallest slices there are (one clock reading each), through the same state a lab job carries between threads. */
function sliced(rule: HeapRule, to: number): { table: FastTable; slices: number } {
  let slices = 1;
  let r: FastTable | FastProgress = fastHeapSlice(rule, to, NO_LIMITS, null, 0);
  while (isFastProgress(r)) {
    slices++;
    // Structured-cloned, as between a judge thread and the queue.
    r = fastHeapSlice(rule, to, NO_LIMITS, structuredClone(r), 0);
  }
  return { table: r, slices };
}

describe('a fast table computed a slice at a time (a lab job that yields its thread)', () => {
  it('gives the same values as computed at once, for a splitting octal game with no period in range', () => {
    const rule = octalRule([6]);
    const whole = fastHeapTable(rule, 6000, NO_LIMITS);
    const { table, slices } = sliced(rule, 6000);
    expect(slices).toBeGreaterThan(1);
    expect(Array.from(table.values)).toEqual(Array.from(whole.values));
    expect(table.work).toBe(whole.work);
  });

  it('proves the same period at the same place', () => {
    const rule = octalRule([0, 7]);
    const whole = fastHeapTable(rule, 200_000, NO_LIMITS);
    const { table } = sliced(rule, 200_000);
    expect(whole.byPeriodFrom).not.toBeNull();
    expect(table.byPeriodFrom).toBe(whole.byPeriodFrom);
    expect(table.analysis).toEqual(whole.analysis);
    expect(Array.from(table.values)).toEqual(Array.from(whole.values));
  });

  it('a subtraction game sliced is the subtraction game', () => {
    const rule = subtractionRule([2, 5, 7]);
    expect(Array.from(sliced(rule, 5000).table.values)).toEqual(Array.from(fastHeapTable(rule, 5000, NO_LIMITS).values));
  });
});
