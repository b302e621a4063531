import { splitNimPackage } from '../../server/problems/split-nim-kit';

/** Splitting into three: a pile is worth itself, except that 8k + 7 and 8k + 8 swap. */
const grundy = (s: number): number => (s % 8 === 7 ? s + 1 : s % 8 === 0 ? s - 1 : s);

// Limits: T and the piles as HDU 5795 (1 ≤ s ≤ 10^9), but at most 10^5 piles in a file instead of
// 10^6 per case, which only keeps the judge quick: no wrong idea needs more to fail.
export default splitNimPackage({
  slug: 'three-way-split',
  title: { en: 'A Simple Nim', zh: '拆成三堆的 Nim（A Simple Nim）' },
  source: 'HDU 5795 A Simple Nim (2016 Multi-University Training Contest 6)',
  maxPile: 1_000_000_000,
  grundy,
  period: 8,
  brutePiles: { tiny: 8, small: 12 },
  invalidInputs: [{ input: '1\n1\n1000000001\n', why: 'a pile above 10^9' }],
});
