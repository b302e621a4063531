import * as fc from 'fast-check';
import { casesValidator, formatCases } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

type Input = { words: string[] };

/** A small deterministic generator for the large files (mulberry32); kept here so the package hash covers it. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MAX_N = 200_000;
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * Per size: most words, most stems (3-letter ends) in a file, and the letters stems are made of.
 * Few letters with both cases make stems that differ only in case; few stems make many words
 * share them, which is where cycles, draws and dead ends appear.
 */
const SHAPE: Record<Exclude<Size, 'max'>, { n: number; stems: number; letters: string }> = {
  tiny: { n: 8, stems: 5, letters: 'abA' },
  small: { n: 16, stems: 7, letters: 'abAB' },
  medium: { n: 2000, stems: 300, letters: 'abcxABC' },
};

/**
 * One word: its first stem, its last stem, `mid` (below 3: that many letters between them, each
 * the first letter of the file), or a short word (3..5 letters, `short` 1..3). Plain numbers, so
 * that shrinking a failing file takes few steps.
 */
type Raw = [from: number, to: number, mid: number, short: number];

function wordOf([from, to, mid, short]: Raw, stems: readonly string[], letters: string): string {
  const a = stems[from % stems.length]!;
  const b = stems[to % stems.length]!;
  // Short words overlap their two ends: "aba" is a stem that follows itself, "abab" goes aba -> bab.
  if (short === 1) return a;
  if (short === 2) return a + letters[mid % letters.length];
  if (short === 3) return a + b.slice(1);
  return a + letters[(from + to) % letters.length]!.repeat(mid) + b;
}

function file(size: Exclude<Size, 'max'>): fc.Arbitrary<Input> {
  const { n, stems: most, letters } = SHAPE[size];
  const letter = fc.nat({ max: letters.length - 1 });
  const stem = fc.tuple(letter, letter, letter).map((cs) => cs.map((i) => letters[i]).join(''));
  const raw: fc.Arbitrary<Raw> = fc.tuple(
    fc.nat({ max: most - 1 }),
    fc.nat({ max: most - 1 }),
    fc.nat({ max: 2 }),
    fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }) }),
  );
  return fc
    .tuple(fc.array(stem, { minLength: 1, maxLength: most, size: 'max' }), fc.array(raw, { minLength: 1, maxLength: n, size: 'max' }))
    .map(([stems, raws]) => ({ words: raws.map((r) => wordOf(r, stems, letters)) }));
}

/** k distinct stems, spread over all 52^3 by a multiplier coprime with it. */
function stemList(k: number, salt: number): string[] {
  const total = LETTERS.length ** 3;
  return Array.from({ length: k }, (_, i) => {
    let x = (i * 7919 + salt * 104_729) % total;
    let s = '';
    for (let j = 0; j < 3; j++) {
      s += LETTERS[x % LETTERS.length];
      x = Math.floor(x / LETTERS.length);
    }
    return s;
  });
}

/** Random words over the given stems, with 0..2 random letters between the ends. */
function randomWords(rnd: () => number, count: number, stems: readonly string[], deadEnds: readonly string[]): string[] {
  const pick = (xs: readonly string[]) => xs[Math.floor(rnd() * xs.length)]!;
  return Array.from({ length: count }, () => {
    const to = deadEnds.length && rnd() < 0.05 ? pick(deadEnds) : pick(stems);
    const mid = Array.from({ length: Math.floor(rnd() * 3) }, () => LETTERS[Math.floor(rnd() * 52)]).join('');
    return pick(stems) + mid + to;
  });
}

/**
 * `count` words on the given stems shaped as a game graph: a share of the stems sit on planted
 * cycles of 1..4 stems with up to two exits each (draws when every exit helps the opponent), the
 * others get no word (a dead end) with probability `deadShare`, else 1..3 words to random stems.
 */
function graphWords(rnd: () => number, count: number, stems: readonly string[], deadShare: number, cycleShare: number): string[] {
  const words: string[] = [];
  const any = () => stems[Math.floor(rnd() * stems.length)]!;
  const mid = () => Array.from({ length: Math.floor(rnd() * 3) }, () => LETTERS[Math.floor(rnd() * 52)]).join('');
  const say = (a: string, b: string) => words.push(a + mid() + b);
  const onCycles = Math.floor(stems.length * cycleShare);
  for (let i = 0; i < onCycles; ) {
    const len = Math.min(onCycles - i, 1 + Math.floor(rnd() * 4));
    for (let k = 0; k < len; k++) {
      say(stems[i + k]!, stems[i + ((k + 1) % len)]!);
      for (let e = Math.floor(rnd() * 3); e > 0; e--) say(stems[i + k]!, any());
    }
    i += len;
  }
  for (let i = onCycles; i < stems.length; i++) {
    if (rnd() < deadShare) continue;
    for (let e = 1 + Math.floor(rnd() * 3); e > 0; e--) say(stems[i]!, any());
  }
  while (words.length < count) say(any(), any());
  // Shuffled, so that the words of one stem are not listed together.
  for (let i = words.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [words[i], words[j]] = [words[j]!, words[i]!];
  }
  return words.slice(0, count);
}

/**
 * A maximal file of 2·10^5 words: on 3 stems (plus dead ends, the file that makes word-to-word
 * edges quadratic), or a game graph on 80 000 stems, on 60 000, or on stems that come in three
 * spellings differing only in case.
 */
function maxFile(seed: number, shape: number): Input {
  const rnd = prng(seed);
  const salt = seed & 7;
  if (shape === 0) return { words: randomWords(rnd, MAX_N, stemList(3, salt), stemList(2, 100)) };
  if (shape === 1) return { words: graphWords(rnd, MAX_N, stemList(80_000, salt), 0.25, 0.3) };
  if (shape === 2) return { words: graphWords(rnd, MAX_N, stemList(60_000, salt), 0.15, 0.5) };
  const base = [...new Set(stemList(30_000, salt).map((s) => s.toLowerCase()))];
  const cased = base.flatMap((s) => [s, s.toUpperCase(), s[0]!.toUpperCase() + s.slice(1)]);
  return { words: graphWords(rnd, MAX_N, cased, 0.25, 0.3) };
}

/** The stems of a chain s_0 -> s_1 -> ... -> s_k: every word goes one step along it. */
function chain(stems: readonly string[]): string[] {
  return stems.slice(0, -1).map((s, i) => s + stems[i + 1]);
}

export default definePackage<Input>({
  slug: 'shiritori',
  title: { en: 'Shiritori', zh: '接龙（Shiritori）' },
  source: 'AtCoder Beginner Contest 209, problem E Shiritori',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) =>
    size === 'max' ? fc.tuple(fc.integer(), fc.nat({ max: 3 })).map(([seed, shape]) => maxFile(seed, shape)) : file(size),
  format: ({ words }) => formatCases(words, (w) => `${w}\n`),
  validate: casesValidator(
    MAX_N,
    (r, i) => {
      r.word(/^[a-zA-Z]{3,8}$/, `S[${i + 1}]`, '3 to 8 letters a-z or A-Z');
      r.eoln();
    },
    'N',
  ),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => {
    const rnd = prng(209);
    const all = stemList(LETTERS.length ** 3, 0);
    return [
      // Dead end, a word that follows itself, two stems in a cycle, the same word twice.
      { words: ['abcxyz', 'xyzabc', 'xyzqrs', 'qrsq'] },
      { words: ['aaa', 'aaaa', 'aab', 'aabaab', 'baab'] },
      { words: ['abcdef', 'defabc', 'abcdef', 'abcDEF', 'DEFdef', 'defgh'] },
      // Case matters: lowercased, "ABC" would follow "xyzabc" and "abcd" would have a move.
      { words: ['xyzabc', 'ABCd', 'abcD', 'ABCabc', 'Abcxyz', 'xyzABC', 'BCDabc', 'abcabc'] },
      // A cycle of length 2 with an exit from one stem, and one of length 3 with an exit to a won
      // stem: the player at the exit wins, the other cycle stems are decided too.
      { words: ['aaabbb', 'bbbaaa', 'bbbccc', 'dddeee', 'eeefff', 'fffddd', 'fffggg', 'ggghhh'] },
      // Cycles entered from outside, with an exit to a dead end from the stem entered first: a
      // DFS that keeps its provisional "draw" for the other cycle stems gets them wrong.
      {
        words: Array.from({ length: 12 }, (_, k) => {
          const [a, b, c, d, e] = stemList(5, 20 + k);
          return k % 3 === 0
            ? [e + a, a + b, b + a, a + c]
            : k % 3 === 1
              ? [e + a, a + b, b + d, d + a, a + c]
              : [e + a, a + b, b + a, b + d, d + c, a + c];
        }).flat(),
      },
      // Every word only once on a chain of 13 stems, and the chain closed into a cycle.
      { words: chain(stemList(13, 5)) },
      { words: [...chain(stemList(13, 6)), stemList(13, 6)[12]! + stemList(13, 6)[0]!] },
      // 2·10^5 words on three stems, the third a dead end: A -> B, B -> A, B -> C (A lost, B won).
      {
        words: Array.from({ length: MAX_N }, (_, i) => ['abcab' + 'cXY', 'cXYab' + 'c', 'cXYZZZ'][i % 3]!),
      },
      // 2·10^5 words on two stems that differ only in case, plus a dead end reachable from one.
      { words: Array.from({ length: MAX_N }, (_, i) => ['abcABC', 'ABCabc', 'abcxyz', 'ABCxyz', 'ABCABC'][i % 5]!) },
      // The longest chain there is: 52^3 - 1 steps through every stem once (alternating won and lost),
      // then words on a cycle beside it.
      { words: chain(all).concat(randomWords(rnd, MAX_N - all.length + 1, stemList(30, 9), stemList(10, 10))) },
      // A stem that starts 65,536 words (2^16: a 16-bit count of them wraps to 0): into 65,536 dead
      // ends, 65,536 times into one dead end, and into a cycle (every word a draw).
      { words: [...Array.from({ length: 65_536 }, (_, i) => `aaa${all[i + 1]!}`), 'bbbaaa'] },
      { words: [...Array.from({ length: 65_536 }, () => 'XyzQQQ'), 'abcXyz'] },
      { words: [...Array.from({ length: 65_536 }, () => 'aaaddd'), 'dddaaa'] },
      // 2·10^5 words on 5 stems (random), and game graphs on 110 000 and 90 000 stems.
      { words: randomWords(rnd, MAX_N, stemList(5, 1), stemList(2, 11)) },
      { words: graphWords(rnd, MAX_N, stemList(110_000, 2), 0.35, 0.6) },
      { words: graphWords(rnd, MAX_N, stemList(90_000, 3), 0.2, 0.4) },
    ];
  },
  generated: [
    { size: 'tiny', count: 8 },
    { size: 'small', count: 10 },
    { size: 'medium', count: 6 },
    { size: 'max', count: 4 },
  ],
  invalidInputs: [
    { input: '1\nab\n', why: 'a word of 2 letters' },
    { input: '1\nabcdefghi\n', why: 'a word of 9 letters' },
    { input: '1\nab1\n', why: 'a digit in a word' },
    { input: '1\nab-c\n', why: 'a hyphen in a word' },
    { input: '2\nabc\n', why: 'fewer words than N' },
    { input: '1\nabc\nabc\n', why: 'more words than N' },
    { input: '0\n', why: 'N = 0' },
    { input: `200001\n${'abc\n'.repeat(200_001)}`, why: 'N above 2·10^5' },
    { input: '1\nabc def\n', why: 'two words on one line' },
    { input: '1\nébc\n', why: 'a letter outside a-z, A-Z' },
  ],
});
