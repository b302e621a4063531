import { describe, expect, it } from 'vitest';
import { solve as brute } from '../../reference/array-game/brute';
import { solve as fast } from '../../reference/array-game/fast';
import { describeProblem } from './harness';

describeProblem('array-game');

/** The fast solver's answer for a board of length n whose only white cell is x. */
function single(n: number, x: number): 'Yes' | 'No' {
  return fast(`${n}\n1\n1 ${x}\n`).trim() as 'Yes' | 'No';
}

describe('array-game specifics', () => {
  it('agrees with the literal board search on every board of length up to 12', () => {
    for (let n = 1; n <= 12; n++) {
      const games: number[][] = [];
      for (let mask = 1; mask < 2 ** n; mask++) {
        const cells: number[] = [];
        for (let x = 1; x <= n; x++) if ((mask >> (x - 1)) & 1) cells.push(x);
        if (cells.length <= 100) games.push(cells);
      }
      for (let from = 0; from < games.length; from += 100) {
        const part = games.slice(from, from + 100);
        const input = `${n}\n${part.length}\n${part.map((g) => `${g.length} ${g.join(' ')}\n`).join('')}`;
        expect(fast(input), `N = ${n}`).toBe(brute(input));
      }
    }
  });

  it('a single white cell is always a first-player win (flip it alone)', () => {
    for (const n of [1, 7, 1_000_000_000, 999_950_884]) for (const x of [1, 2, 31_622, n]) if (x <= n) expect(single(n, x)).toBe('Yes');
  });

  it('two cells with the same quotient floor(N/x) cancel', () => {
    const n = 1_000_000_000;
    expect(fast(`${n}\n3\n2 ${n - 1} ${n}\n2 333333334 499999999\n2 1 2\n`)).toBe('No\nNo\nYes\n');
  });
});
