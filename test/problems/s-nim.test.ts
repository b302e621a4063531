import { describe, expect, it } from 'vitest';
import { solve as brute } from '../../reference/s-nim/brute';
import { solve as fast } from '../../reference/s-nim/fast';
import { describeProblem } from './harness';

describeProblem('s-nim');

const file = (sets: { s: number[]; positions: number[][] }[]) =>
  `${sets.map(({ s, positions }) => `${s.length} ${s.join(' ')}\n${positions.length}\n${positions.map((p) => `${p.length} ${p.join(' ')}\n`).join('')}`).join('')}0\n`;

describe('s-nim pitfalls, settled by the literal game', () => {
  it('moves are tried whatever their order: S = {9, 4, 1} and {4, 1, 9} give the same answers', () => {
    const positions = Array.from({ length: 20 }, (_, h) => [h]);
    const a = brute(file([{ s: [9, 4, 1], positions }]));
    expect(brute(file([{ s: [1, 4, 9], positions }]))).toBe(a);
    expect(fast(file([{ s: [9, 4, 1], positions }]))).toBe(a);
    // Heaps 0..4 with S = {1, 4, 9}: values 0, 1, 0, 1, 2 (a scan that stops at 9 sees no move at all).
    expect(a.trim().slice(0, 5)).toBe('LWLWW');
  });

  it('a win/lose bit per heap is not enough: two heaps that each win can lose together, or not', () => {
    // S = {2, 5}: heaps 2 (value 1) and 5 (value 2) both win alone; together the XOR is 3, a win;
    // heaps 2 and 3 (values 1 and 1) lose together.
    expect(brute(file([{ s: [2, 5], positions: [[2], [5], [2, 5], [2, 3]] }]))).toBe('WWWL\n');
    expect(fast(file([{ s: [2, 5], positions: [[2], [5], [2, 5], [2, 3]] }]))).toBe('WWWL\n');
  });

  it('fast agrees with the literal game on every pair of heaps up to 12 for several sets', () => {
    const positions: number[][] = [];
    for (let a = 0; a <= 12; a++) for (let b = a; b <= 12; b++) positions.push([a, b]);
    const sets = [[1], [2, 5], [3, 1, 4], [12, 7], [6, 2, 3]].map((s) => ({ s, positions }));
    expect(fast(file(sets))).toBe(brute(file(sets)));
  });
});
