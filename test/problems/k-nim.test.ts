import { describe, expect, it } from 'vitest';
import { loadReference } from '../../server/problems/registry';
import { describeProblem } from './harness';

describeProblem('k-nim');

describe('k-nim beyond random inputs', () => {
  it('fast agrees with the literal search on every position of up to 4 piles of at most 5 stones, for every k', async () => {
    const fast = await loadReference('k-nim', 'fast');
    const brute = await loadReference('k-nim', 'brute');
    for (let n = 1; n <= 4; n++) {
      const games: string[] = [];
      for (let code = 0; code < 6 ** n; code++) {
        const piles = Array.from({ length: n }, (_, i) => Math.floor(code / 6 ** i) % 6);
        for (let k = 1; k <= n; k++) games.push(`${n} ${k}\n${piles.join(' ')}\n`);
      }
      for (let from = 0; from < games.length; from += 10) {
        const chunk = games.slice(from, from + 10);
        const input = `${chunk.length}\n${chunk.join('')}`;
        expect(fast.solve(input), input).toBe(brute.solve(input));
      }
    }
  });

  it('k = 1 is Bouton\'s Nim and k = n wins whenever a stone is left', async () => {
    const fast = await loadReference('k-nim', 'fast');
    expect(fast.solve('3\n3 1\n1 2 3\n3 1\n1 2 4\n2 1\n1000000000 1000000000\n')).toBe('Second\nFirst\nSecond\n');
    expect(fast.solve('3\n3 3\n0 0 0\n3 3\n0 7 0\n4 4\n5 5 5 5\n')).toBe('Second\nFirst\nFirst\n');
  });
});
