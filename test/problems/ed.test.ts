import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solve as brute } from '../../reference/ed/brute';
import { solve as fast } from '../../reference/ed/fast';
import { describeProblem } from './harness';

describeProblem('ed');

/** The notes' other closed form: both piles odd gives 0, otherwise 1 + SG of the halves rounded up. */
function halvingSg(x: number, y: number): number {
  let sg = 0;
  while (x % 2 === 0 || y % 2 === 0) {
    x = Math.ceil(x / 2);
    y = Math.ceil(y / 2);
    sg++;
  }
  return sg;
}

/** A pair whose SG value is k: (2^k, 2^k) for k <= 30, (2^30, 2^30 + 1) for 31. */
function pairWithSg(k: number): [number, number] {
  return k <= 30 ? [2 ** k, 2 ** k] : [2 ** 30, 2 ** 30 + 1];
}

describe('ed: the closed forms and the game itself', () => {
  it('a whole-position win/lose search over two pairs agrees with the brute force XOR of pair SGs', () => {
    // Positions are two unordered pairs; a move removes one pile of a pair and splits the other.
    const memo = new Map<string, boolean>();
    const key = (ps: number[][]) => ps.map((p) => [...p].sort((a, b) => a - b).join('.')).sort().join('|');
    const wins = (ps: number[][]): boolean => {
      const k = key(ps);
      const known = memo.get(k);
      if (known !== undefined) return known;
      let result = false;
      for (let i = 0; i < ps.length && !result; i++) {
        for (const whole of ps[i]!) {
          for (let a = 1; a < whole && !result; a++) {
            const next = ps.map((p, j) => (j === i ? [a, whole - a] : p));
            if (!wins(next)) result = true;
          }
        }
      }
      memo.set(k, result);
      return result;
    };
    const lines: string[] = [];
    const expected: string[] = [];
    for (let a = 1; a <= 9; a++)
      for (let b = a; b <= 9; b++)
        for (let c = 1; c <= 9; c++)
          for (let d = c; d <= 9; d++) {
            lines.push(`4\n${a} ${b} ${c} ${d}`);
            expected.push(wins([[a, b], [c, d]]) ? 'YES' : 'NO');
          }
    for (let i = 0; i < lines.length; i += 20) {
      const chunk = lines.slice(i, i + 20);
      const input = `${chunk.length}\n${chunk.join('\n')}\n`;
      expect(brute(input).trim().split('\n')).toEqual(expected.slice(i, i + 20));
      expect(fast(input).trim().split('\n')).toEqual(expected.slice(i, i + 20));
    }
  });

  it('fast matches the halving rule on piles up to 2e9, through a partner pair of known SG', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2e9 }), fc.integer({ min: 1, max: 2e9 }), (x, y) => {
        const [u, v] = pairWithSg(halvingSg(x, y));
        expect(fast(`1\n4\n${x} ${y} ${u} ${v}\n`)).toBe('NO\n');
      }),
      { seed: 2148, numRuns: 3000 },
    );
  });

  it('reaches SG 31 at the bounds: (2^30, 2^30 + 1) is a win, two of them cancel', () => {
    expect(halvingSg(2 ** 30, 2 ** 30 + 1)).toBe(31);
    expect(fast(`2\n2\n1073741824 1073741825\n4\n1073741824 1073741825 1073741825 1073741824\n`)).toBe('YES\nNO\n');
  });
});
