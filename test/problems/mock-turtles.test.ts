import { describe, expect, it } from 'vitest';
import { loadReference } from '../../server/problems/registry';
import { describeProblem } from './harness';

describeProblem('mock-turtles');

describe('mock-turtles beyond random inputs', () => {
  it('fast agrees with the literal coin search on every row of up to 10 coins (1024 rows)', async () => {
    const fast = await loadReference('mock-turtles', 'fast');
    const brute = await loadReference('mock-turtles', 'brute');
    const games = Array.from({ length: 1024 }, (_, mask) => [...Array(10).keys()].filter((i) => (mask >> i) & 1));
    const input = games.map((g) => (g.length ? `${g.length}\n${g.join(' ')}\n` : '0\n')).join('');
    expect(fast.solve(input)).toBe(brute.solve(input));
  });

  it('a repeated position is one head: 5 5 is won, 0 1 2 3 with 2 written again far away is still lost', async () => {
    const fast = await loadReference('mock-turtles', 'fast');
    expect(fast.solve('2\n5 5\n5\n2 0 1 3 2\n')).toBe('No\nYes\n');
  });
});
