import { describe, expect, it } from 'vitest';
import { loadReference } from '../../server/problems/registry';
import { describeProblem } from './harness';

describeProblem('laskers-nim');

describe('laskers-nim: the 4k + 3 ↔ 4k + 4 pattern against the literal game', () => {
  it('every single pile up to 30, every pair up to 12 and every triple up to 8: fast and the multiset search agree', async () => {
    const fast = await loadReference('laskers-nim', 'fast');
    const brute = await loadReference('laskers-nim', 'brute');
    const cases: number[][] = [];
    for (let s = 1; s <= 30; s++) cases.push([s]);
    for (let a = 1; a <= 12; a++) for (let b = a; b <= 12; b++) cases.push([a, b]);
    for (let a = 1; a <= 8; a++) for (let b = a; b <= 8; b++) for (let c = b; c <= 8; c++) cases.push([a, b, c]);
    const input = `${cases.length}\n${cases.map((c) => `${c.length}\n${c.join(' ')}\n`).join('')}`;
    const expected = brute.solve(input);
    expect(fast.solve(input)).toBe(expected);
    const lost = new Set(cases.filter((_, i) => expected.split('\n')[i] === 'Bob').map((c) => c.join(' ')));
    // No single pile is lost, a pair only when its piles are equal (values are distinct), and
    // triples where plain Nim is wrong both ways: 1 2 4 lost, 1 2 3 won.
    expect(cases.filter((c) => c.length < 3 && lost.has(c.join(' '))).every((c) => c.length === 2 && c[0] === c[1])).toBe(true);
    expect(lost.has('1 2 4') && !lost.has('1 2 3')).toBe(true);
  });

  it('the largest pile, 2^31 − 1 (value 2^31), cancels only with itself', async () => {
    const fast = await loadReference('laskers-nim', 'fast');
    const max = 2 ** 31 - 1;
    expect(fast.solve(`3\n2\n${max} ${max}\n2\n${max} ${max - 1}\n1\n${max}\n`)).toBe('Bob\nAlice\nAlice\n');
  });
});
