import { describe, expect, it } from 'vitest';
import { WRAPPED } from '../../problems/fibonacci-nim/index';
import { solve as brute } from '../../reference/fibonacci-nim/brute';
import { solve as fast } from '../../reference/fibonacci-nim/fast';
import { describeProblem } from './harness';

describeProblem('fibonacci-nim');

const file = (ns: number[]) => `${ns.map((n) => `${n}\n`).join('')}0\n`;

describe('fibonacci-nim: the losing piles are the Fibonacci numbers', () => {
  it('the literal game loses exactly on 2, 3, 5, 8, …, 987 among the piles up to 1000', () => {
    const ns = Array.from({ length: 999 }, (_, i) => i + 2);
    const out = brute(file(ns)).trim().split('\n');
    expect(ns.filter((_, i) => out[i] === 'Second win')).toEqual([2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987]);
    expect(fast(file(ns))).toBe(brute(file(ns)));
  });

  it('the largest piles: 1836311903 loses, the values an Int32Array table wraps to win', () => {
    expect(fast(file([1836311903, 1134903170, 2147483647]))).toBe('Second win\nSecond win\nFirst win\n');
    expect(WRAPPED.length).toBeGreaterThanOrEqual(3);
    expect(WRAPPED).toContain(512559680);
    expect(fast(file([...WRAPPED])).trim().split('\n')).toEqual(WRAPPED.map(() => 'First win'));
  });
});
