import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { instantiate, type Settings } from '../../server/lab/game';
import { gameSlugs, loadGame, NO_GAME } from '../../server/lab/registry';
import { searchTable } from '../../server/lab/search';
import { listSlugs, loadReference, REFERENCE_DIR } from '../../server/problems/registry';

/**
 * Every declared game against the problem's brute-force reference: answers derived from the lab's
 * table (XOR of the values of the position's parts, "first player wins" when it is not 0) must be
 * the brute force's answers on small inputs.
 */

/** The table of a declared game as a lookup by state. */
async function table(slug: string, to: number, settings: Settings = {}): Promise<(...s: number[]) => number> {
  const game = instantiate(slug, await loadGame(slug), settings);
  const t = game.min.map((m, d) => Math.min(Math.max(to, m), game.max[d]!));
  const r = searchTable(game, game.min, t);
  const byKey = new Map(r.states.map((s, i) => [s.join(','), r.values[i] as number]));
  return (...s) => {
    const v = byKey.get(s.join(','));
    if (v === undefined) throw new Error(`${slug}: state (${s.join(', ')}) is outside the computed table`);
    return v;
  };
}

/** A small deterministic generator, so failures repeat. */
function rng(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

const brute = (slug: string) => loadReference(slug, 'brute');
const lines = (text: string) => text.trim().split('\n');

describe('declared games agree with the brute-force references', () => {
  it('every problem has a game or a reason for having none', () => {
    const declared = new Set(gameSlugs());
    for (const slug of listSlugs()) expect(declared.has(slug) || NO_GAME[slug] !== undefined, slug).toBe(true);
    for (const slug of ['ed', 'bash-game', 'kiki', 'cutting-game', 'flip-game', 'alice-game', 'split-game', 'array-game', 'subtraction-game', 'colouring-game']) {
      expect(declared.has(slug), slug).toBe(true);
    }
  });

  it('ed: pairs of piles up to 12, and positions of 2 and 3 pairs', async () => {
    const sg = await table('ed', 12);
    const b = await brute('ed');
    const cases: number[][] = [];
    for (let x = 1; x <= 12; x++) for (let y = 1; y <= 12; y++) cases.push([x, y]);
    const r = rng(1);
    for (let i = 0; i < 200; i++) cases.push(Array.from({ length: 2 * (2 + r(2)) }, () => 1 + r(12)));
    const input = `${cases.length}\n${cases.map((c) => `${c.length}\n${c.join(' ')}`).join('\n')}\n`;
    const expected = cases.map((c) => {
      let x = 0;
      for (let i = 0; i < c.length; i += 2) x ^= sg(c[i]!, c[i + 1]!);
      return x !== 0 ? 'YES' : 'NO';
    });
    expect(lines(b.solve(input))).toEqual(expected);
  });

  it('bash-game: n ≤ 60 for m = 1..6', async () => {
    const b = await brute('bash-game');
    for (let m = 1; m <= 6; m++) {
      const sg = await table('bash-game', 60, { m });
      const ns = Array.from({ length: 60 }, (_, i) => i + 1);
      const out = lines(b.solve(`${ns.length}\n${ns.map((n) => `${n} ${m}`).join('\n')}\n`));
      expect(out).toEqual(ns.map((n) => (sg(n) !== 0 ? 'first' : 'second')));
    }
  });

  it('kiki: boards up to 24 × 24', async () => {
    const sg = await table('kiki', 24);
    const b = await brute('kiki');
    const boards: [number, number][] = [];
    for (let n = 1; n <= 24; n++) for (let m = 1; m <= 24; m++) boards.push([n, m]);
    const out = lines(b.solve(`${boards.map(([n, m]) => `${n} ${m}`).join('\n')}\n0 0\n`));
    expect(out).toEqual(boards.map(([n, m]) => (sg(n, m) !== 0 ? 'Wonderful!' : 'What a pity!')));
  });

  it('cutting-game: every sheet up to 7 × 7 against the literal game', async () => {
    const sg = await table('cutting-game', 7);
    const b = await brute('cutting-game');
    const sheets: [number, number][] = [];
    for (let n = 2; n <= 7; n++) for (let m = 2; m <= 7; m++) sheets.push([n, m]);
    const out = lines(b.solve(`${sheets.map(([n, m]) => `${n} ${m}`).join('\n')}\n`));
    expect(out).toEqual(sheets.map(([n, m]) => (sg(n, m) !== 0 ? 'WIN' : 'LOSE')));
  });

  it('flip-game: 300 strings up to 14 characters, a sum of runs', async () => {
    const sg = await table('flip-game', 20);
    const b = await brute('flip-game');
    const r = rng(2);
    const strings = Array.from({ length: 300 }, () => Array.from({ length: 1 + r(14) }, () => (r(4) === 0 ? '-' : '+')).join(''));
    const out = lines(b.solve(`${strings.length}\n${strings.join('\n')}\n`));
    expect(out).toEqual(strings.map((s) => (s.split('-').reduce((x, run) => x ^ sg(run.length), 0) !== 0 ? 'true' : 'false')));
  });

  it('alice-game: n ≤ 24 for k = 1..4 (k = 1 included on purpose)', async () => {
    const b = await brute('alice-game');
    for (let k = 1; k <= 4; k++) {
      const sg = await table('alice-game', 24, { k });
      const ns = Array.from({ length: 25 }, (_, n) => n);
      const out = lines(b.solve(`${ns.length}\n${ns.map((n) => `${k} ${n}`).join('\n')}\n`));
      expect(out).toEqual(ns.map((n) => (sg(n) !== 0 ? 'Alice' : 'Bob')));
    }
  });

  it('split-game: the smallest winning move and the count, from the values of single beans', async () => {
    const sg = await table('split-game', 20);
    const b = await brute('split-game');
    const r = rng(3);
    const cases = Array.from({ length: 40 }, () => Array.from({ length: 1 + r(5) }, () => r(3)));
    const out = lines(b.solve(`${cases.length}\n${cases.map((c) => `${c.length}\n${c.join(' ')}`).join('\n')}\n`));
    const expected: string[] = [];
    for (const beans of cases) {
      const n = beans.length;
      const d = (i: number) => sg(n - 1 - i);
      let total = 0;
      beans.forEach((c, i) => (total ^= c % 2 ? d(i) : 0));
      let first = '-1 -1 -1';
      let count = 0;
      for (let i = 0; i < n; i++) {
        if (beans[i] === 0) continue;
        for (let j = i + 1; j < n; j++) {
          for (let k = j; k < n; k++) {
            if ((total ^ d(i) ^ d(j) ^ d(k)) !== 0) continue;
            if (count === 0) first = `${i} ${j} ${k}`;
            count++;
          }
        }
      }
      expected.push(first, String(count));
    }
    expect(out).toEqual(expected);
  });

  it('array-game: white cells on boards of N ≤ 14', async () => {
    const b = await brute('array-game');
    const r = rng(4);
    for (let n = 1; n <= 14; n++) {
      const sg = await table('array-game', n, { N: n });
      const boards = Array.from({ length: 30 }, () => [...new Set(Array.from({ length: 1 + r(Math.min(n, 5)) }, () => 1 + r(n)))]);
      const out = lines(b.solve(`${n}\n${boards.length}\n${boards.map((w) => `${w.length} ${w.join(' ')}`).join('\n')}\n`));
      expect(out).toEqual(boards.map((w) => (w.reduce((x, c) => x ^ sg(c), 0) !== 0 ? 'Yes' : 'No')));
    }
  });

  it('s-nim: one heap up to 40 for several sets, and positions of 2 and 3 heaps', async () => {
    const b = await brute('s-nim');
    const r = rng(6);
    for (const [a, bb, c] of [[2, 5, 0], [1, 3, 4], [3, 7, 0], [4, 1, 9], [6, 0, 0]] as const) {
      const sg = await table('s-nim', 40, { a, b: bb, c });
      const positions = [...Array.from({ length: 41 }, (_, h) => [h]), ...Array.from({ length: 59 }, () => Array.from({ length: 2 + r(2) }, () => r(13)))];
      const moves = [a, bb, c].filter((m) => m > 0);
      const out = b.solve(`${moves.length} ${moves.join(' ')}\n${positions.length}\n${positions.map((p) => `${p.length} ${p.join(' ')}`).join('\n')}\n0\n`);
      expect(out.trim(), `S = {${moves.join(', ')}}`).toBe(positions.map((p) => (p.reduce((x, h) => x ^ sg(h), 0) !== 0 ? 'W' : 'L')).join(''));
    }
  });

  it('wythoff: every pair up to 30 × 30 against the literal game', async () => {
    const sg = await table('wythoff', 30);
    const b = await brute('wythoff');
    const pairs: [number, number][] = [];
    for (let x = 0; x <= 30; x++) for (let y = 0; y <= 30; y++) pairs.push([x, y]);
    const out = lines(b.solve(`${pairs.map(([x, y]) => `${x} ${y}`).join('\n')}\n`));
    expect(out).toEqual(pairs.map(([x, y]) => (sg(x, y) !== 0 ? '1' : '0')));
  });

  it('fibonacci-nim: every pile up to 34 from the state (n, n − 1)', async () => {
    const sg = await table('fibonacci-nim', 34);
    const b = await brute('fibonacci-nim');
    const ns = Array.from({ length: 33 }, (_, i) => i + 2);
    const out = lines(b.solve(`${ns.join('\n')}\n0\n`));
    expect(out).toEqual(ns.map((n) => (sg(n, n - 1) !== 0 ? 'First win' : 'Second win')));
  });

  // The interactive problem's references speak a dialogue; this literal search over card sets is
  // written here, independently of the declaration.
  it('subtraction-game: a row of N ≤ 12 cards, L..R consecutive cards removed, against a search over card sets', async () => {
    for (const [L, R] of [[1, 1], [1, 2], [2, 3], [1, 3], [3, 3]] as const) {
      const sg = await table('subtraction-game', 12, { L, R });
      for (let n = 0; n <= 12; n++) {
        const memo = new Map<number, boolean>();
        const wins = (cards: number): boolean => {
          const known = memo.get(cards);
          if (known !== undefined) return known;
          let w = false;
          for (let x = 0; x < n && !w; x++) {
            let block = 0;
            for (let len = 1; len <= R && x + len <= n && !w; len++) {
              if (!(cards & (1 << (x + len - 1)))) break;
              block |= 1 << (x + len - 1);
              if (len >= L && !wins(cards & ~block)) w = true;
            }
          }
          memo.set(cards, w);
          return w;
        };
        expect(sg(n) !== 0, `L=${L} R=${R} n=${n}`).toBe(wins((1 << n) - 1));
      }
    }
  });

  const colouringBrute = join(REFERENCE_DIR, 'colouring-game', 'brute.ts');
  it.skipIf(!existsSync(colouringBrute))('colouring-game: strings up to 12 cells (equal counts through alternating runs)', async () => {
    const sg = await table('colouring-game', 12);
    const b = await brute('colouring-game');
    const r = rng(5);
    const strings = Array.from({ length: 300 }, () => Array.from({ length: 2 + r(11) }, () => (r(2) ? 'R' : 'B')).join(''));
    const out = lines(b.solve(`${strings.length}\n${strings.map((s) => `${s.length}\n${s}`).join('\n')}\n`));
    const expected = strings.map((s) => {
      const red = [...s].filter((c) => c === 'R').length;
      if (red * 2 !== s.length) return red * 2 > s.length ? 'Alice' : 'Bob';
      let x = 0;
      let run = 1;
      for (let i = 1; i <= s.length; i++) {
        if (i < s.length && s[i] !== s[i - 1]) run++;
        else {
          x ^= sg(run);
          run = 1;
        }
      }
      return x !== 0 ? 'Alice' : 'Bob';
    });
    expect(out).toEqual(expected);
  });
});

describe('declared splitting games agree with the brute-force references', () => {
  it('laskers-nim: every pile up to 64 has the value 4k + 3 ↔ 4k + 4 says, and positions up to 9 per pile match the literal game', async () => {
    const sg = await table('laskers-nim', 64);
    for (let s = 1; s <= 64; s++) expect(sg(s), `pile ${s}`).toBe(s % 4 === 3 ? s + 1 : s % 4 === 0 ? s - 1 : s);
    const b = await brute('laskers-nim');
    const r = rng(6);
    const cases = Array.from({ length: 100 }, () => Array.from({ length: 1 + r(3) }, () => 1 + r(9)));
    const out = lines(b.solve(`${cases.length}\n${cases.map((c) => `${c.length}\n${c.join(' ')}`).join('\n')}\n`));
    expect(out).toEqual(cases.map((c) => (c.reduce((x, s) => x ^ sg(s), 0) !== 0 ? 'Alice' : 'Bob')));
  });
});

describe('three-way-split against its brute force', () => {
  it('every pile up to 200 has the value 8k + 7 ↔ 8k + 8 says, and positions up to 12 per pile match the literal game', async () => {
    const sg = await table('three-way-split', 200);
    for (let s = 1; s <= 200; s++) expect(sg(s), `pile ${s}`).toBe(s % 8 === 7 ? s + 1 : s % 8 === 0 ? s - 1 : s);
    const b = await brute('three-way-split');
    const r = rng(7);
    const cases = Array.from({ length: 100 }, () => Array.from({ length: 1 + r(3) }, () => 1 + r(12)));
    const out = lines(b.solve(`${cases.length}\n${cases.map((c) => `${c.length}\n${c.join(' ')}`).join('\n')}\n`));
    expect(out).toEqual(cases.map((c) => (c.reduce((x, s) => x ^ sg(s), 0) !== 0 ? 'First player wins.' : 'Second player wins.')));
  });
});

describe('mock-turtles against its brute force', () => {
  it('one head at x up to 64 is worth the x-th odious number, and rows of distinct heads below 12 match the literal game', async () => {
    const sg = await table('mock-turtles', 64);
    const odious = Array.from({ length: 200 }, (_, v) => v).filter((v) => v.toString(2).split('1').length % 2 === 0);
    for (let x = 0; x <= 64; x++) expect(sg(x), `head at ${x}`).toBe(odious[x]);
    const b = await brute('mock-turtles');
    const r = rng(8);
    const rows = Array.from({ length: 200 }, () => Array.from({ length: r(6) }, () => r(12)));
    const out = lines(b.solve(rows.map((w) => (w.length ? `${w.length}\n${w.join(' ')}\n` : '0\n')).join('')));
    expect(out).toEqual(rows.map((w) => ([...new Set(w)].reduce((x, h) => x ^ sg(h), 0) === 0 ? 'Yes' : 'No')));
  });
});

describe('treblecross against its brute force', () => {
  it('boards of up to 12 cells without a completing move: WINNING exactly when the XOR over the safe runs is not 0', async () => {
    const sg = await table('treblecross', 12);
    const b = await brute('treblecross');
    const r = rng(9);
    const boards: string[] = [];
    while (boards.length < 99) {
      const s = Array.from({ length: 3 + r(10) }, () => (r(6) === 0 ? 'X' : '.')).join('');
      // Only boards whose X's are at least 3 apart: no move completes three at once.
      if (!/X\.?X/.test(s)) boards.push(s);
    }
    const out = lines(b.solve(`${boards.length}\n${boards.join('\n')}\n`)).filter((_, i) => i % 2 === 0);
    const expected = boards.map((s) => {
      let x = 0;
      let run = 0;
      for (let i = 0; i <= s.length; i++) {
        if (i < s.length && !s.slice(Math.max(0, i - 2), i + 3).includes('X')) run++;
        else {
          x ^= sg(run);
          run = 0;
        }
      }
      return x !== 0 ? 'WINNING' : 'LOSING';
    });
    expect(out).toEqual(expected);
  });
});
