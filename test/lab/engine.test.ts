import { describe, expect, it } from 'vitest';
import { instantiate, type GameDeclaration } from '../../server/lab/game';
import { checkLocally, runLab, type LabRequest, type LabResult } from '../../server/lab/lab';
import { analyseSequence } from '../../server/lab/period';
import { octalGame, subtractionGame } from '../../server/lab/presets';
import { GameError, searchTable, type SearchGame } from '../../server/lab/search';

// Built-in games never need the sandbox; a test that reached for it would be a bug.
const deps = { tools: () => Promise.reject(new Error('no sandbox in engine tests')) };
const lab = (req: LabRequest): Promise<LabResult> => runLab(req, deps);

function oneParam(options: (n: number) => unknown, extra: Partial<SearchGame> = {}): SearchGame {
  return { dims: 1, min: [0], max: [Number.POSITIVE_INFINITY], options: ([n]) => options(n!), ...extra };
}

describe('periods of octal and subtraction games', () => {
  it('Kayles (0.77): period 12 from n = 71, proven exactly when 168 values are known', async () => {
    const proven = await lab({ game: { kind: 'octal', code: '0.77' }, to: 167 });
    expect(proven.analysis).toMatchObject({ preperiod: 71, period: 12, saltus: 0, proven: true, checkedUpTo: 167, proofNeeds: 168 });
    const short = await lab({ game: { kind: 'octal', code: '0.77' }, to: 166 });
    expect(short.analysis).toMatchObject({ preperiod: 71, period: 12, proven: false, checkedUpTo: 166 });
    expect(short.summary[0]).toContain('seen over 167 values');
  });

  it("Dawson's Kayles (0.07): period 34 from n = 53, proven after 176 values", async () => {
    const r = await lab({ game: { kind: 'octal', code: '0.07' }, to: 175 });
    expect(r.analysis).toMatchObject({ preperiod: 53, period: 34, saltus: 0, proven: true, proofNeeds: 176 });
    const short = await lab({ game: { kind: 'octal', code: '0.07' }, to: 174 });
    expect(short.analysis?.proven).toBe(false);
  });

  it('subtraction set {2, 3, 7}: period 5 from n = 0', async () => {
    const r = await lab({ game: { kind: 'subtract', set: '2,3,7' }, to: 100 });
    expect(r.analysis).toMatchObject({ preperiod: 0, period: 5, saltus: 0, proven: true });
    expect(r.values.slice(0, 10)).toEqual([0, 0, 1, 1, 2, 0, 0, 1, 1, 2]);
  });

  it('the monster game: k = 3 has period 14 from n = 1, k = 1 period 2', async () => {
    const k3 = await lab({ game: { kind: 'problem', slug: 'alice-game', settings: { k: 3 } }, to: 100 });
    expect(k3.analysis).toMatchObject({ preperiod: 1, period: 14, saltus: 0, proven: true });
    const k1 = await lab({ game: { kind: 'problem', slug: 'alice-game', settings: { k: 1 } }, to: 100 });
    expect(k1.analysis).toMatchObject({ period: 2, saltus: 0 });
    // The notes' rule 4k + 2 for k ≥ 2:
    for (const k of [2, 4, 5]) {
      const r = await lab({ game: { kind: 'problem', slug: 'alice-game', settings: { k } }, to: 200 });
      expect(r.analysis?.period).toBe(4 * k + 2);
    }
  });

  it('Nim has saltus 1 with period 1; Bash with m has period m + 1', async () => {
    const nim = await lab({ game: { kind: 'nim' }, to: 30 });
    expect(nim.analysis).toMatchObject({ preperiod: 0, period: 1, saltus: 1, proven: false });
    const bash = await lab({ game: { kind: 'bash', settings: { m: 4 } }, to: 60 });
    expect(bash.analysis).toMatchObject({ preperiod: 0, period: 5, saltus: 0, proven: true });
  });

  it('reports the smallest period, not a multiple of it', () => {
    const seq = Array.from({ length: 60 }, (_, n) => [0, 1, 2][n % 3]!);
    expect(analyseSequence(seq, 0, null)).toMatchObject({ preperiod: 0, period: 3, saltus: 0 });
    const withHead = [5, 5, ...seq];
    expect(analyseSequence(withHead, 0, null)).toMatchObject({ preperiod: 2, period: 3, exceptions: [0, 1] });
  });

  it('does not take a short tail for a period', () => {
    const digits = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4];
    expect(analyseSequence([...digits, 3, 3, 3, 3], 0, null)).toBeNull();
    expect(analyseSequence([...digits, 1, 2, 3, 4, 5], 0, null)).toBeNull();
    expect(analyseSequence([...digits, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7], 0, null)).toMatchObject({ preperiod: 24, period: 1, saltus: 0 });
  });

  it('parses 0.137 (Dawson’s chess) and refuses what is not an octal code', async () => {
    const r = await lab({ game: { kind: 'octal', code: '0.137' }, to: 300 });
    expect(r.analysis).toMatchObject({ period: 34, proven: true });
    await expect(lab({ game: { kind: 'octal', code: '0.78' } })).rejects.toThrow(/not an octal code/);
    await expect(lab({ game: { kind: 'subtract', set: '2,x' } })).rejects.toThrow(/not a subtraction set/);
  });
});

describe('two-parameter tables', () => {
  it('kiki: P-positions repeat with period 2 both ways (both sides odd lose)', async () => {
    const r = await lab({ game: { kind: 'problem', slug: 'kiki' }, to: 30 });
    expect(r.grid?.zeros.first).toEqual({ period: 2, from: 1 });
    expect(r.grid?.zeros.second).toEqual({ period: 2, from: 1 });
    r.states.forEach((s, i) => expect(r.values[i] === 0).toBe(s[0]! % 2 === 1 && s[1]! % 2 === 1));
  });

  it('E&D: the P-positions are where both coordinates are odd, and the halving rule holds', async () => {
    const r = await lab({ game: { kind: 'problem', slug: 'ed' }, to: 64 });
    expect(r.states.length).toBe(64 * 64);
    r.states.forEach((s, i) => expect(r.values[i] === 0).toBe(s[0]! % 2 === 1 && s[1]! % 2 === 1));
    const halving = (x: number, y: number): number => (x % 2 === 1 && y % 2 === 1 ? 0 : halving(Math.floor((x + 1) / 2), Math.floor((y + 1) / 2)) + 1);
    expect(checkLocally(r, halving as (...s: number[]) => unknown)).toMatchObject({ holds: true, checked: 4096 });
  });

  it('a false conjecture gets its smallest counterexample, with the true value and the options', async () => {
    const r = await lab({ game: { kind: 'problem', slug: 'ed' }, to: 10 });
    const game = instantiate('ed', (await import('../../problems/ed/game')).default);
    const search = searchTable(game, [1, 1], [10, 10]);
    // "0 when both odd, else 1": first wrong where the value is 2, i.e. (1, 4) in lexicographic order.
    const verdict = checkLocally(r, ((x: number, y: number) => (x % 2 && y % 2 ? 0 : 1)) as (...s: number[]) => unknown, search.optionsOf);
    expect(verdict).toMatchObject({ holds: false, state: [1, 4], expected: 2, got: 1 });
    expect(verdict.options?.map((o) => [o.components, o.value])).toEqual([
      [[[1, 3]], 0],
      [[[2, 2]], 1],
      [[[3, 1]], 0],
    ]);
    // A win/lose conjecture is compared with "value ≠ 0".
    expect(checkLocally(r, ((x: number, y: number) => !(x % 2 && y % 2)) as (...s: number[]) => unknown)).toMatchObject({ holds: true, checked: 100 });
  });
});

describe('games with cycles', () => {
  it('gets Win / Lose / Draw by retrograde analysis', () => {
    // 0 ends; 1 → 0; 2 ⇄ 3, and 3 → 5 which wins: neither side of the cycle can force a win; 4 → 1;
    // 5 → 4; 6 → 2 or 4.
    const moves: Record<number, number[]> = { 0: [], 1: [0], 2: [3], 3: [2, 5], 4: [1], 5: [4], 6: [2, 4] };
    const r = searchTable(oneParam((n) => moves[n]!.map((m) => [m]), { max: [6] }), [0], [6]);
    expect(r.loopy).toBe(true);
    expect(r.values).toEqual(['L', 'W', 'D', 'D', 'L', 'W', 'W']);
    expect(r.optionsOf([3])).toEqual([
      { components: [[2]], value: 'D' },
      { components: [[5]], value: 'W' },
    ]);
  });

  it('an empty option ends the game: the mover wins', () => {
    const r = searchTable(oneParam((n) => (n === 0 ? [[]] : [[n - 1], [n]])), [0], [3]);
    expect(r.loopy).toBe(true);
    expect(r.values[0]).toBe('W');
  });

  it('says clearly when a loopy game has sums as options', () => {
    expect(() => searchTable(oneParam((n) => (n === 0 ? [] : [[n, 0]])), [0], [2])).toThrow(/cycle.*sum of 2 components/);
  });
});

describe('a bad options() gets a clear message naming the state', () => {
  const cases: [string, (n: number) => unknown, RegExp][] = [
    ['a non-integer', (n) => (n === 3 ? [[1.5]] : []), /options\(3\): option 1 has the component 1\.5, which is not an integer/],
    ['a state below the range', (n) => [[n - 1]], /options\(0\): option 1 reaches \(-1\), outside the game's range/],
    ['not an array', (n) => (n === 2 ? 7 : []), /options\(2\) returned 7, not an array of options/],
    ['an option that is not a list', (n) => (n === 4 ? [3] : []), /options\(4\): option 1 is 3; each option is a list/],
    ['a throw', (n) => {
      if (n === 5) throw new TypeError('oops');
      return [];
    }, /options\(5\) threw TypeError: oops/],
  ];
  for (const [what, options, message] of cases) {
    it(what, () => {
      expect(() => searchTable(oneParam(options), [0], [8])).toThrow(message);
      expect(() => searchTable(oneParam(options), [0], [8])).toThrow(GameError);
    });
  }

  it('a tuple of the wrong length in a two-parameter game', () => {
    const g: SearchGame = { dims: 2, min: [0, 0], max: [Infinity, Infinity], options: ([x, y]) => (x! + y! > 0 ? [[[x! - 1]]] : []) };
    expect(() => searchTable(g, [0, 0], [2, 2])).toThrow(/options\(0, 1\): option 1 has the component \[-1\]; a component is a tuple of 2 integers/);
  });

  it('a search over the state cap', () => {
    expect(() => searchTable(oneParam((n) => [[n + 1]]), [0], [0], { stateCap: 1000, workCap: 1e9 })).toThrow(/more than 1000 states \(the cap\) at \(1000\)/);
    expect(() => searchTable(oneParam(() => []), [0], [5000], { stateCap: 1000, workCap: 1e9 })).toThrow(/5001 states, over the cap of 1000/);
  });

  it('an unknown or out-of-range parameter of a declared game', async () => {
    await expect(lab({ game: { kind: 'problem', slug: 'alice-game', settings: { q: 1 } } })).rejects.toThrow(/no parameter "q"/);
    await expect(lab({ game: { kind: 'problem', slug: 'alice-game', settings: { k: 0 } } })).rejects.toThrow(/k must be an integer in \[1, 100\]/);
    await expect(lab({ game: { kind: 'problem', slug: 'nim' } })).rejects.toThrow(/declares no game/);
  });
});

describe('deep searches', () => {
  it('a chain of 10^5 states does not overflow the stack', () => {
    const r = searchTable(oneParam((n) => (n > 0 ? [[n - 1]] : [])), [0], [100_000]);
    expect(r.values[100_000]).toBe(0);
    expect(r.values[99_999]).toBe(1);
  });

  it('the value of a state beyond the table comes from its own options', () => {
    const decl: GameDeclaration = subtractionGame([1, 2]);
    const r = searchTable(instantiate('s', decl), [0], [10]);
    expect(r.values).toEqual([0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1]);
    expect(octalGame('0.07')).toBeTruthy();
  });
});

describe('games of two and three parameters', () => {
  it('three parameters: Nim on three heaps as one state has value x ^ y ^ z', () => {
    const g: SearchGame = {
      dims: 3,
      min: [0, 0, 0],
      max: [Infinity, Infinity, Infinity],
      options: ([x, y, z]) => {
        const out: number[][][] = [];
        for (let a = 0; a < x!; a++) out.push([[a, y!, z!]]);
        for (let b = 0; b < y!; b++) out.push([[x!, b, z!]]);
        for (let c = 0; c < z!; c++) out.push([[x!, y!, c]]);
        return out;
      },
    };
    const r = searchTable(g, [0, 0, 0], [5, 5, 5]);
    expect(r.states.length).toBe(216);
    r.states.forEach((s, i) => expect(r.values[i]).toBe(s[0]! ^ s[1]! ^ s[2]!));
  });

  it('flat options [x1, y1, x2, y2] mean the same sum as tuples', () => {
    const tuples: SearchGame = { dims: 2, min: [1, 1], max: [Infinity, Infinity], options: ([x, y]) => (x! > 1 ? [[[x! - 1, y!], [1, y!]]] : []) };
    const flat: SearchGame = { ...tuples, options: ([x, y]) => (x! > 1 ? [[x! - 1, y!, 1, y!]] : []) };
    expect(searchTable(flat, [1, 1], [6, 3]).values).toEqual(searchTable(tuples, [1, 1], [6, 3]).values);
    const odd: SearchGame = { ...tuples, options: ([x]) => (x! > 1 ? [[1, 2, 3]] : []) };
    expect(() => searchTable(odd, [1, 1], [3, 3])).toThrow(/options\(2, 1\): option 1 is a flat list of 3 numbers, not a multiple of 2/);
  });

  it('components beyond the table are searched too (their values count)', () => {
    // Moves go up to (x + 1) but are bounded by max: the table 0..2 needs states up to 4.
    const g = oneParam((n) => (n < 4 ? [[n + 1]] : []), { max: [4] });
    const r = searchTable(g, [0], [2]);
    expect(r.values).toEqual([0, 1, 0]);
    expect(r.visited).toBe(5);
  });
});
