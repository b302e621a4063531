import { describe, expect, it } from 'vitest';
import { solve as brute } from '../../reference/split-game/brute';
import { solve as fast } from '../../reference/split-game/fast';
import { describeProblem } from './harness';

describeProblem('split-game');

function oneCase(beans: number[]): string {
  return `1\n${beans.length}\n${beans.join(' ')}\n`;
}

describe('split-game specifics', () => {
  it('agrees with the literal search on every position with n <= 5 and counts <= 2', () => {
    for (let n = 1; n <= 5; n++) {
      for (let code = 0; code < 3 ** n; code++) {
        const beans = Array.from({ length: n }, (_, i) => Math.floor(code / 3 ** i) % 3);
        expect(fast(oneCase(beans)), beans.join(' ')).toBe(brute(oneCase(beans)));
      }
    }
  });

  it('only the parity of a bottle matters, except that an empty bottle gives no move', () => {
    // Two beans in bottle 0 cancel: the position equals the empty one, which is lost.
    expect(fast(oneCase([2, 0, 0]))).toBe('-1 -1 -1\n0\n');
    // One bean in bottle 0 of two bottles: the move (0, 1, 1) wins.
    expect(fast(oneCase([1, 0]))).toBe('0 1 1\n1\n');
    expect(fast(oneCase([3, 0]))).toBe(fast(oneCase([1, 0])));
  });

  it('counts winning moves that put both beans into one bottle (j = k)', () => {
    // For n = 3 the bottle values are (2, 1, 0) and X = 2: a move (0, j, k) wins when
    // sg(j) ^ sg(k) = 0, i.e. exactly (0, 1, 1) and (0, 2, 2).
    expect(fast(oneCase([1, 0, 0]))).toBe('0 1 1\n2\n');
    expect(brute(oneCase([1, 0, 0]))).toBe('0 1 1\n2\n');
  });
});
