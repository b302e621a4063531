import { describe, expect, it } from 'vitest';
import { loadReference } from '../../server/problems/registry';
import { describeProblem } from './harness';

describeProblem('christmas-game');

/** One test case of one drawing: m vertices, the edges. */
const one = (m: number, edges: [number, number][]) => `1\n${m} ${edges.length}\n${edges.map(([a, b]) => `${a} ${b}\n`).join('')}`;

describe('christmas-game: the fusion principle against the literal game', () => {
  it('a polygon of L sides hung at the end of a stalk of s edges is worth s + (L odd), for L ≤ 10 and s ≤ 3', async () => {
    const fast = await loadReference('christmas-game', 'fast');
    const brute = await loadReference('christmas-game', 'brute');
    for (let s = 0; s <= 3; s++) {
      for (let L = 1; L <= 10; L++) {
        const edges: [number, number][] = Array.from({ length: s }, (_, i) => [i + 1, i + 2]);
        const h = s + 1;
        if (L === 1) edges.push([h, h]);
        else for (let i = 0; i < L; i++) edges.push([i === 0 ? h : h + i, i === L - 1 ? h : h + i + 1]);
        const input = one(h + L - 1, edges);
        const value = s + (L % 2);
        // Beside a stalk of `value` edges from another root, the sum is 0: Harry wins.
        const twin = `${value + 1} ${value}\n${Array.from({ length: value }, (_, i) => `${i + 1} ${i + 2}\n`).join('')}`;
        const pair = input.replace(/^1\n/, '2\n') + twin;
        expect(brute.solve(input), `s=${s} L=${L}`).toBe(value ? 'Sally\n' : 'Harry\n');
        expect(brute.solve(pair), `s=${s} L=${L} beside a stalk of ${value}`).toBe('Harry\n');
        expect(fast.solve(pair), `s=${s} L=${L}`).toBe('Harry\n');
      }
    }
  });

  it('loops and doubled edges: a loop is one edge, two parallel edges are nothing', async () => {
    const fast = await loadReference('christmas-game', 'fast');
    const brute = await loadReference('christmas-game', 'brute');
    for (const input of [one(1, [[1, 1]]), one(2, [[1, 2], [2, 1]]), one(3, [[1, 2], [1, 3], [3, 1]]), one(2, [[1, 1], [1, 2], [2, 2], [2, 2]])]) {
      expect(fast.solve(input), input).toBe(brute.solve(input));
    }
    expect(fast.solve(one(1, [[1, 1]]))).toBe('Sally\n');
    expect(fast.solve(one(2, [[1, 2], [2, 1]]))).toBe('Harry\n');
  });
});
