import { describe, expect, it } from 'vitest';
import { solve as brute } from '../../reference/alice-game/brute';
import { solve as fast } from '../../reference/alice-game/fast';
import { describeProblem } from './harness';

describeProblem('alice-game');

const games = (pairs: [number, number][]) => `${pairs.length}\n${pairs.map(([k, n]) => `${k} ${n}\n`).join('')}`;
const answers = (out: string) => out.trim().split('\n');

describe('alice-game pitfalls, settled by the exhaustive search', () => {
  it('k = 1: Bob wins on every even n, not only on n = 2 (mod 6)', () => {
    const pairs = Array.from({ length: 21 }, (_, n): [number, number] => [1, n]);
    const expected = pairs.map(([, n]) => (n % 2 === 0 ? 'Bob' : 'Alice'));
    expect(answers(brute(games(pairs)))).toEqual(expected);
    expect(answers(fast(games(pairs)))).toEqual(expected);
    // The period-(4k + 2) rule would answer Alice here.
    expect(answers(brute(games([[1, 4], [1, 6], [1, 10]])))).toEqual(['Bob', 'Bob', 'Bob']);
  });

  it('n = 0: Alice has no move, for every k', () => {
    const pairs: [number, number][] = [[1, 0], [2, 0], [5, 0], [1_000_000_000, 0]];
    expect(answers(brute(games(pairs.slice(0, 3))))).toEqual(['Bob', 'Bob', 'Bob']);
    expect(answers(fast(games(pairs)))).toEqual(['Bob', 'Bob', 'Bob', 'Bob']);
  });

  it('fast agrees with the exhaustive search for every k <= 12 and n <= 26', () => {
    const pairs: [number, number][] = [];
    for (let k = 1; k <= 12; k++) for (let n = 0; n <= 26; n++) pairs.push([k, n]);
    expect(fast(games(pairs))).toBe(brute(games(pairs)));
  });

  it('fast agrees with the Sprague-Grundy recurrence for every k <= 25 and n <= 1500', () => {
    // SG(L) = mex({0 if L <= k} ∪ {SG(a) xor SG(b) : a, b >= 1, a + b = L - k}); Bob wins iff 0.
    const limit = 1500;
    for (let k = 1; k <= 25; k++) {
      const sg = new Int32Array(limit + 1);
      const seen = new Uint8Array(limit + 2);
      const pairs: [number, number][] = [];
      for (let len = 1; len <= limit; len++) {
        seen.fill(0);
        if (len <= k) seen[0] = 1;
        for (let a = 1; a < len - k; a++) seen[sg[a]! ^ sg[len - k - a]!] = 1;
        let m = 0;
        while (seen[m]) m++;
        sg[len] = m;
        pairs.push([k, len]);
      }
      const expected = pairs.map(([, len]) => (sg[len] === 0 ? 'Bob' : 'Alice'));
      expect(answers(fast(games(pairs))), `k = ${k}`).toEqual(expected);
    }
  });

  it('n = k + 1 has no move and n = k is cleared at once, also where 4k + 2 exceeds 32 bits', () => {
    expect(answers(fast(games([[536_870_912, 536_870_913], [999_999_999, 1_000_000_000], [999_999_999, 999_999_999]])))).toEqual([
      'Bob',
      'Bob',
      'Alice',
    ]);
  });
});
