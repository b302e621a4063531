// Building rows of R and B with a chosen multiset of maximal alternating runs, for the generator
// and the hand-made tests. Equal counts of R and B are what make the runs matter, so rows are
// balanced here with runs whose SG values cancel (one cell: 0; two runs of two cells: 1 xor 1).

/** SG values of a run of L cells (octal game 0.07) by their definition, for the generator only. */
export function grundyUpTo(limit: number): number[] {
  const g = [0, 0];
  for (let len = 2; len <= limit; len++) {
    const seen = new Set<number>();
    for (let a = 0; a + 2 <= len; a++) seen.add(g[a]! ^ g[len - 2 - a]!);
    let m = 0;
    while (seen.has(m)) m++;
    g.push(m);
  }
  return g;
}

const G = grundyUpTo(600);

/** SG of a run of any length: the table, then its period 34 (which holds from 53 on). */
export function runValue(len: number): number {
  return len < G.length ? G[len]! : G[53 + ((len - 53) % 34)]!;
}

/** For each SG value, the run lengths up to 600 that have it (shortest first). */
export const LENGTHS_WITH_VALUE: number[][] = (() => {
  const by: number[][] = [];
  G.forEach((v, len) => {
    if (len >= 1) (by[v] ??= []).push(len);
  });
  return by;
})();

/** Lengths where the period-34 table is wrong (below 53), and lengths past 100 whose residue mod 34 falls there. */
export const IRREGULAR = [1, 15, 17, 18, 32, 35, 52];
export const IRREGULAR_RESIDUES = [0, 1, 15, 17, 18, 32];

/**
 * Run lengths to play with, completed so that the row can have as many R as B: an even number of
 * odd runs (a single cell added if needed) and at least one even run between the two halves of
 * them (two runs of two cells if none). The completion leaves the XOR of SG values unchanged.
 */
export function balancedRuns(runs: readonly number[]): number[] {
  const odd = runs.filter((l) => l % 2 === 1);
  const even = runs.filter((l) => l % 2 === 0);
  if (odd.length % 2 === 1) odd.push(1);
  if (odd.length > 0 && even.length === 0) even.push(2, 2);
  const half = odd.length / 2;
  return [...odd.slice(0, half), ...even.slice(0, 1), ...odd.slice(half), ...even.slice(1)];
}

/**
 * The row made of these runs in this order, the first starting with `first`. A run of odd length
 * ends on the colour it starts with and the next run starts with that colour again (the two equal
 * cells are what separates runs).
 */
export function rowOfRuns(runs: readonly number[], first: 'R' | 'B'): string {
  const parts: string[] = [];
  let c = first;
  for (const len of runs) {
    const other = c === 'R' ? 'B' : 'R';
    parts.push((c + other).repeat(len >> 1) + (len % 2 ? c : ''));
    if (len % 2 === 0) c = other;
  }
  return parts.join('');
}

/** XOR of the SG values of the runs. */
export function runsXor(runs: readonly number[]): number {
  return runs.reduce((x, l) => x ^ runValue(l), 0);
}

/** A run length (other than those given) that brings the XOR of the runs to 0; `pick` chooses among them. */
export function cancellingRun(runs: readonly number[], pick: number, maxLen: number): number | null {
  const x = runsXor(runs);
  const options = (LENGTHS_WITH_VALUE[x] ?? []).filter((l) => l <= maxLen && (x !== 0 || l > 0));
  return options.length ? options[pick % options.length]! : null;
}

/** Maximal alternating runs of a row, in order. */
export function runsOf(row: string): number[] {
  const out: number[] = [];
  let start = 0;
  for (let i = 1; i <= row.length; i++) {
    if (i === row.length || row[i] === row[i - 1]) {
      out.push(i - start);
      start = i;
    }
  }
  return out;
}

/** A small deterministic generator for the large files (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
