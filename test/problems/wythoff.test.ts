import { describe, expect, it } from 'vitest';
import { coldA, FLOAT_TRAPS, PHI_ABOVE_TRAPS, PHI_BELOW_TRAPS } from '../../problems/wythoff/index';
import { solve as brute } from '../../reference/wythoff/brute';
import { solve as fast } from '../../reference/wythoff/fast';
import { describeProblem } from './harness';

describeProblem('wythoff');

const lines = (pairs: [number, number][]) => pairs.map(([a, b]) => `${a} ${b}\n`).join('');

describe('wythoff: exact cold pairs, and where a double goes wrong', () => {
  it('the exact ⌊kφ⌋ builds the cold pairs by the mex rule for the first 100000 k', () => {
    // a_k = the smallest number not used yet, b_k = a_k + k: the definition, with no φ at all.
    const used = new Set<number>();
    let a = 0;
    for (let k = 0; k < 100_000; k++) {
      while (used.has(a)) a++;
      expect(coldA(k), `k = ${k}`).toBe(a);
      used.add(a);
      used.add(a + k);
    }
  });

  it('every listed float trap is one where the double-precision floor is off, and fast gets it right', () => {
    for (const k of FLOAT_TRAPS) {
      const exact = coldA(k);
      expect(Math.floor((k * (1 + Math.sqrt(5))) / 2), `k = ${k}`).not.toBe(exact);
      expect(exact + k).toBeLessThanOrEqual(1e9);
      // ⌊kφ⌋ checked once more by its definition: a < kφ < a + 1, i.e. (2a − k)² < 5k² < (2a + 2 − k)².
      const K = BigInt(k);
      const A = BigInt(exact);
      expect((2n * A - K) ** 2n < 5n * K * K && 5n * K * K < (2n * A + 2n - K) ** 2n).toBe(true);
    }
    const pairs = FLOAT_TRAPS.map((k): [number, number] => [coldA(k), coldA(k) + k]);
    expect(fast(lines(pairs)).trim().split('\n')).toEqual(pairs.map(() => '0'));
  });

  it('a golden ratio typed to 14 digits is off at every listed k, rounding down below φ and up above it', () => {
    for (const [traps, phi, off] of [[PHI_BELOW_TRAPS, 1.61803398874989, -1], [PHI_ABOVE_TRAPS, 1.6180339887499, 1]] as const) {
      expect(traps.length).toBeGreaterThanOrEqual(30);
      for (const k of traps) {
        expect(Math.floor(k * phi) - coldA(k), `k = ${k}`).toBe(off);
        expect(coldA(k) + k).toBeLessThanOrEqual(1e9);
      }
    }
  });

  it('fast agrees with the literal game on every pair up to 60 × 60', () => {
    const pairs: [number, number][] = [];
    for (let a = 0; a <= 60; a++) for (let b = 0; b <= 60; b++) pairs.push([a, b]);
    expect(fast(lines(pairs))).toBe(brute(lines(pairs)));
  });
});
