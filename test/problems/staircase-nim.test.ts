import { describe, expect, it } from 'vitest';
import { loadReference } from '../../server/problems/registry';
import { describeProblem } from './harness';

describeProblem('staircase-nim');

describe('staircase-nim beyond random inputs', () => {
  it('fast agrees with the position search on every set of at most 6 chessmen in cells 1..14, listed unsorted', async () => {
    const fast = await loadReference('staircase-nim', 'fast');
    const brute = await loadReference('staircase-nim', 'brute');
    const cases: number[][] = [];
    for (let mask = 1; mask < 1 << 14; mask++) {
      const cells = Array.from({ length: 14 }, (_, i) => i + 1).filter((c) => (mask >> (c - 1)) & 1);
      // Rotate the list so that it is not sorted: the input order must not matter.
      if (cells.length <= 6) cases.push([...cells.slice(1), cells[0]!]);
    }
    for (let from = 0; from < cases.length; from += 20) {
      const chunk = cases.slice(from, from + 20);
      const input = `${chunk.length}\n${chunk.map((c) => `${c.length}\n${c.join(' ')}\n`).join('')}`;
      expect(fast.solve(input), input).toBe(brute.solve(input));
    }
  });

  it('the order of the positions does not change the answer', async () => {
    const fast = await loadReference('staircase-nim', 'fast');
    expect(fast.solve('3\n3\n1 5 9\n3\n9 1 5\n3\n5 9 1\n')).toBe('Georgia will win\n'.repeat(3));
    expect(fast.solve('2\n4\n2 5 7 11\n4\n11 7 5 2\n')).toBe('Georgia will win\n'.repeat(2));
    expect(fast.solve('1\n4\n1 3 5 7\n')).toBe('Bob will win\n');
  });
});
