import { describe, expect, it } from 'vitest';
import { loadReference } from '../../server/problems/registry';
import { describeProblem } from './harness';

describeProblem('treblecross');

describe('treblecross beyond random inputs', () => {
  it('fast agrees with the search over real boards on every board of 3 to 11 cells, winning cells included', async () => {
    const fast = await loadReference('treblecross', 'fast');
    const brute = await loadReference('treblecross', 'brute');
    const boards: string[] = [];
    for (let n = 3; n <= 11; n++) {
      for (let m = 0; m < 1 << n; m++) {
        const s = [...Array(n).keys()].map((i) => ((m >> i) & 1 ? 'X' : '.')).join('');
        if (!s.includes('XXX')) boards.push(s);
      }
    }
    for (let i = 0; i < boards.length; i += 99) {
      const chunk = boards.slice(i, i + 99);
      const input = `${chunk.length}\n${chunk.join('\n')}\n`;
      expect(fast.solve(input), chunk.join(' ')).toBe(brute.solve(input));
    }
  });

  it('when a move completes three, only such moves are listed, and all of them', async () => {
    const fast = await loadReference('treblecross', 'fast');
    // X.X.X: cells 2 and 4 complete three; .XX.. : cells 1 and 4; cell 6 alone would be safe.
    expect(fast.solve('2\nX.X.X\n.XX......\n')).toBe('WINNING\n2 4\nWINNING\n1 4\n');
  });
});
