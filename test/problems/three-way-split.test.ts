import { describe, expect, it } from 'vitest';
import { loadReference } from '../../server/problems/registry';
import { describeProblem } from './harness';

describeProblem('three-way-split');

describe('three-way-split: the 8k + 7 ↔ 8k + 8 pattern against the literal game', () => {
  it('every single heap up to 24, every pair up to 12 and every triple up to 9: fast and the multiset search agree', async () => {
    const fast = await loadReference('three-way-split', 'fast');
    const brute = await loadReference('three-way-split', 'brute');
    const cases: number[][] = [];
    for (let s = 1; s <= 24; s++) cases.push([s]);
    for (let a = 1; a <= 12; a++) for (let b = a; b <= 12; b++) cases.push([a, b]);
    for (let a = 1; a <= 9; a++) for (let b = a; b <= 9; b++) for (let c = b; c <= 9; c++) cases.push([a, b, c]);
    const input = `${cases.length}\n${cases.map((c) => `${c.length}\n${c.join(' ')}\n`).join('')}`;
    const expected = brute.solve(input);
    expect(fast.solve(input)).toBe(expected);
    const lost = new Set(cases.filter((_, i) => expected.split('\n')[i] === 'Second player wins.').map((c) => c.join(' ')));
    expect(cases.filter((c) => c.length < 3 && lost.has(c.join(' '))).every((c) => c.length === 2 && c[0] === c[1])).toBe(true);
    // Plain Nim is wrong both ways on 1 6 8 (lost) and 1 6 7 (won); Lasker's pattern on 1 2 4 (won).
    expect(lost.has('1 6 8') && !lost.has('1 6 7') && !lost.has('1 2 4') && lost.has('1 2 3')).toBe(true);
  });
});
