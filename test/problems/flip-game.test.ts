import { describe, expect, it } from 'vitest';
import { loadReference } from '../../server/problems/registry';
import { describeProblem } from './harness';

describeProblem('flip-game');

describe('flip-game against known values', () => {
  it('a single run of L pluses is lost exactly at the P-positions of Dawson\'s Kayles (OEIS A002187 zeros)', async () => {
    const fast = await loadReference('flip-game', 'fast');
    const input = `60\n${Array.from({ length: 60 }, (_, i) => '+'.repeat(i + 1)).join('\n')}\n`;
    const answers = fast.solve(input).trim().split('\n');
    const lost = answers.flatMap((a, i) => (a === 'false' ? [i + 1] : []));
    expect(lost).toEqual([1, 5, 9, 15, 21, 25, 29, 35, 39, 43, 55, 59]);
  });

  it('fast agrees with the string search on every string of length at most 12', async () => {
    const fast = await loadReference('flip-game', 'fast');
    const brute = await loadReference('flip-game', 'brute');
    for (let len = 1; len <= 12; len++) {
      const all = Array.from({ length: 2 ** len }, (_, mask) =>
        Array.from({ length: len }, (_, i) => ((mask >> i) & 1 ? '+' : '-')).join(''),
      );
      for (let from = 0; from < all.length; from += 100) {
        const chunk = all.slice(from, from + 100);
        const input = `${chunk.length}\n${chunk.join('\n')}\n`;
        expect(fast.solve(input), `length ${len}`).toBe(brute.solve(input));
      }
    }
  });
});
