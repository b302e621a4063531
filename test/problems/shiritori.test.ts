import { beforeAll, describe, expect, it } from 'vitest';
import { solve as brute } from '../../reference/shiritori/brute';
import { solve as fast } from '../../reference/shiritori/fast';
import { loadProblem } from '../../server/problems/registry';
import { buildTestSet, type BuiltTest } from '../../server/problems/testset';
import { describeProblem } from './harness';

describeProblem('shiritori');

const file = (words: string[]) => `${words.length}\n${words.map((w) => `${w}\n`).join('')}`;
const wordsOf = (input: string) => input.split('\n').slice(1).filter(Boolean);

describe('shiritori against the forward search', () => {
  it('fast agrees with the search on every dictionary of arrows between three stems', () => {
    // The 9 possible arrows among aaa, bbb, ccc (a word "xxxyyy" goes from xxx to yyy): every subset.
    const stems = ['aaa', 'bbb', 'ccc'];
    const arrows = stems.flatMap((a) => stems.map((b) => a + b));
    const outcomes = new Set<string>();
    for (let mask = 1; mask < 1 << arrows.length; mask++) {
      const words = arrows.filter((_, i) => (mask >> i) & 1);
      const expected = brute(file(words));
      expect(fast(file(words)), words.join(' ')).toBe(expected);
      for (const o of expected.trim().split('\n')) outcomes.add(o);
    }
    expect([...outcomes].sort()).toEqual(['Aoki', 'Draw', 'Takahashi']);
  });

  it('a cycle with one way out: the player who can leave into a dead end wins, the other stem is lost', () => {
    // aaa <-> bbb, and bbb -> ccc (a dead end). After "xxxbbb" Aoki moves at bbb and leaves: Aoki.
    const words = ['aaabbb', 'bbbaaa', 'bbbccc', 'zzzaaa'];
    expect(brute(file(words))).toBe('Aoki\nTakahashi\nTakahashi\nTakahashi\n');
    expect(fast(file(words))).toBe(brute(file(words)));
  });

  it('letters of different case are different letters', () => {
    const words = ['xyzabc', 'ABCd'];
    expect(brute(file(words))).toBe('Takahashi\nTakahashi\n');
    expect(fast(file(words))).toBe('Takahashi\nTakahashi\n');
  });
});

type Outcome = 'W' | 'L' | 'D';

/** Retrograde analysis on arrows given by two key functions; `unknown` says what unlabelled stems become. */
function retrograde(words: string[], from: (w: string) => string, to: (w: string) => string, unknown: Outcome, at = to): string[] {
  const out = new Map<string, number>();
  const back = new Map<string, string[]>();
  for (const w of words) {
    out.set(from(w), (out.get(from(w)) ?? 0) + 1);
    const list = back.get(to(w));
    if (list) list.push(from(w));
    else back.set(to(w), [from(w)]);
  }
  const state = new Map<string, Outcome>();
  const queue = [...new Set(words.map(to))].filter((s) => !out.get(s));
  for (const s of queue) state.set(s, 'L');
  for (let h = 0; h < queue.length; h++) {
    const v = queue[h]!;
    for (const u of back.get(v) ?? []) {
      if (state.has(u)) continue;
      if (state.get(v) === 'L') {
        state.set(u, 'W');
        queue.push(u);
      } else {
        out.set(u, out.get(u)! - 1);
        if (out.get(u) === 0) {
          state.set(u, 'L');
          queue.push(u);
        }
      }
    }
  }
  return words.map((w) => {
    const s = state.get(at(w)) ?? unknown;
    return s === 'L' ? 'Takahashi' : s === 'W' ? 'Aoki' : 'Draw';
  });
}

/** The notes' chess-game mistake: one visited mark for the whole DFS, a stem met again while open is a draw. */
function globalVisited(words: string[]): string[] {
  const next = new Map<string, string[]>();
  for (const w of words) {
    const list = next.get(w.slice(0, 3));
    if (list) list.push(w.slice(-3));
    else next.set(w.slice(0, 3), [w.slice(-3)]);
  }
  const memo = new Map<string, Outcome>();
  const solve = (v: string): Outcome => {
    const known = memo.get(v);
    if (known) return known;
    memo.set(v, 'D');
    let draw = false;
    for (const u of next.get(v) ?? []) {
      const r = solve(u);
      if (r === 'L') {
        memo.set(v, 'W');
        return 'W';
      }
      if (r === 'D') draw = true;
    }
    memo.set(v, draw ? 'D' : 'L');
    return memo.get(v)!;
  };
  return words.map((w) => ({ L: 'Takahashi', W: 'Aoki', D: 'Draw' })[solve(w.slice(-3))]);
}

describe('shiritori stored tests kill the known mistakes', () => {
  let tests: BuiltTest[];
  const first = (w: string) => w.slice(0, 3);
  const last = (w: string) => w.slice(-3);

  beforeAll(async () => {
    const problem = await loadProblem('shiritori');
    tests = buildTestSet(problem, { solve: fast });
  });

  // Files under 10^5 characters: the hand-made and random small ones are meant to do the killing
  // (and this keeps the test quick); the large ones only add to the count.
  const failures = (answer: (words: string[]) => string[], which: (t: BuiltTest) => boolean = (t) => t.kind !== 'sample' && t.input.length < 100_000) =>
    tests.filter(which).filter((t) => answer(wordsOf(t.input)).join('\n') + '\n' !== t.expected).map((t) => t.label);

  it('the right rule passes every stored test (the harness of this file is sound)', () => {
    expect(failures((ws) => retrograde(ws, first, last, 'D'), (t) => t.input.length < 100_000)).toEqual([]);
  });

  const mistakes: [string, (words: string[]) => string[]][] = [
    ['matching letters case-insensitively', (ws) => retrograde(ws, (w) => first(w).toLowerCase(), (w) => last(w).toLowerCase(), 'D')],
    ['cycles treated as losses for the player to move', (ws) => retrograde(ws, first, last, 'L')],
    ['cycles treated as wins for the player to move', (ws) => retrograde(ws, first, last, 'W')],
    ['arrows built from the first three letters only', (ws) => retrograde(ws, first, first, 'D')],
    ['arrows from the last three letters to the first three', (ws) => retrograde(ws, last, first, 'D', last)],
  ];
  for (const [name, answer] of mistakes) {
    it(`${name}: fails at least 3 stored tests`, () => {
      expect(failures(answer).length).toBeGreaterThanOrEqual(3);
    });
  }

  it('one visited mark for the whole DFS (recursive: small files only): fails at least 3 stored tests', () => {
    expect(failures(globalVisited).length).toBeGreaterThanOrEqual(3);
  });

  it('hold a file of 2·10^5 words on at most five stems (word-to-word arrows would be ~10^10)', () => {
    const few = tests.filter((t) => {
      const ws = wordsOf(t.input);
      return ws.length === 200_000 && new Set([...ws.map(first), ...ws.map(last)]).size <= 5;
    });
    expect(few.length).toBeGreaterThanOrEqual(1);
  });

  it('hold every outcome in the small files and in the large ones', () => {
    const small = new Set(tests.filter((t) => t.input.length < 10_000).flatMap((t) => t.expected.trim().split('\n')));
    const large = new Set(tests.filter((t) => t.input.length > 1_000_000).flatMap((t) => t.expected.trim().split('\n')));
    expect([...small].sort()).toEqual(['Aoki', 'Draw', 'Takahashi']);
    expect([...large].sort()).toEqual(['Aoki', 'Draw', 'Takahashi']);
  });
});
