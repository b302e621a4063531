import { splitNimPackage } from '../../server/problems/split-nim-kit';

/** Lasker's Nim: g(4k + 1) = 4k + 1, g(4k + 2) = 4k + 2, and 4k + 3 and 4k + 4 swap. */
const grundy = (s: number): number => (s % 4 === 3 ? s + 1 : s % 4 === 0 ? s - 1 : s);

// Limits: T and the piles as HDU 3032 (1 ≤ s ≤ 2^31 − 1), but at most 10^5 piles in a file
// instead of 10^6 per case, which only keeps the judge quick: no wrong idea needs more to fail.
export default splitNimPackage({
  slug: 'laskers-nim',
  title: { en: 'Nim or not Nim?', zh: '可拆分的 Nim（Nim or not Nim?）' },
  source: 'HDU 3032 Nim or not Nim? (Lasker’s Nim)',
  maxPile: 2 ** 31 - 1,
  grundy,
  period: 4,
  brutePiles: { tiny: 5, small: 9 },
  invalidInputs: [{ input: '1\n1\n2147483648\n', why: 'a pile of 2^31' }],
});
