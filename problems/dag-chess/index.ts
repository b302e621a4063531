import * as fc from 'fast-check';
import { validator } from '../../server/problems/input-reader';
import { casesOf, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

/** One graph: the out-positions of each position, then the queries (the pieces' positions). */
type Graph = { adj: number[][]; queries: number[][] };
type Input = { graphs: Graph[] };

const MAX_N = 1000;
const MAX_M = 10;
/** Bounds the original leaves open ("huge input"): edges and queries per graph, graphs per input. */
const MAX_EDGES = 20_000;
const MAX_QUERIES = 1000;
const MAX_GRAPHS = 10;

/** Per size: graphs per file, positions, out-degree, queries per graph, pieces per query. */
const SHAPE: SizeTable<{ graphs: number; n: number; deg: number; q: number; m: number }> = {
  tiny: { graphs: 2, n: 6, deg: 3, q: 4, m: 3 },
  small: { graphs: 3, n: 10, deg: 4, q: 6, m: 4 },
  medium: { graphs: 3, n: 200, deg: 8, q: 100, m: MAX_M },
  max: { graphs: 4, n: MAX_N, deg: 20, q: MAX_QUERIES, m: MAX_M },
};

/**
 * A DAG on n positions whose topological order is `order` (a permutation): each position gets up to
 * `deg` distinct out-positions among those after it in the order.
 */
function dagFrom(order: number[], degs: number[], picks: number[][]): number[][] {
  const n = order.length;
  const adj: number[][] = Array.from({ length: n }, () => []);
  order.forEach((v, i) => {
    const later = n - 1 - i;
    const want = Math.min(degs[i]!, later);
    const chosen = new Set<number>();
    for (const p of picks[i]!) {
      if (chosen.size >= want) break;
      chosen.add(order[i + 1 + (p % later)]!);
    }
    adj[v] = [...chosen];
  });
  return adj;
}

function graph(size: Size): fc.Arbitrary<Graph> {
  const { n, deg, q, m } = SHAPE[size];
  return fc.integer({ min: size === 'max' ? n : 1, max: n }).chain((count) => {
    const ids = Array.from({ length: count }, (_, i) => i);
    // Topological orders: random (edges go either way between indices), increasing indices (edges
    // only to larger ones), decreasing (only to smaller ones).
    const order = fc.oneof(
      { weight: 4, arbitrary: fc.shuffledSubarray(ids, { minLength: count, maxLength: count }) },
      { weight: 1, arbitrary: fc.constant(ids) },
      { weight: 1, arbitrary: fc.constant([...ids].reverse()) },
    );
    const degs = fc.array(fc.integer({ min: 0, max: deg }), { minLength: count, maxLength: count });
    const picks = fc.array(fc.array(fc.nat(), { minLength: deg, maxLength: deg }), { minLength: count, maxLength: count });
    const pos = fc.integer({ min: 0, max: count - 1 });
    const query = fc.array(pos, { minLength: 1, maxLength: m, size: 'max' });
    return fc.record({
      adj: fc.tuple(order, degs, picks).map(([o, d, p]) => dagFrom(o, d, p)),
      queries: fc.array(query, { minLength: size === 'max' ? q : 1, maxLength: q, size: 'max' }),
    });
  });
}

/** Deterministic pseudo-random numbers in [0, k) (a fixed LCG, not Math.random). */
function lcg(seed: number): (k: number) => number {
  let x = seed >>> 0;
  return (k) => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return (x >>> 8) % k;
  };
}

/**
 * A ladder: positions in pairs, each pointing to both positions of the next pair, listed from the
 * bottom up so that edges go to smaller indices. It has 2^(n/2) paths: a search without memory
 * walks them all.
 */
function ladder(n: number, seed: number): Graph {
  const adj: number[][] = Array.from({ length: n }, (_, v) => (v >= 2 ? [v - 2 - (v % 2), v - 1 - (v % 2)] : []));
  const r = lcg(seed);
  return { adj, queries: Array.from({ length: MAX_QUERIES }, () => Array.from({ length: 1 + r(MAX_M) }, () => n - 1 - r(20))) };
}

/** A random DAG with edges in both index directions, and random queries. */
function randomGraph(n: number, deg: number, seed: number): Graph {
  const r = lcg(seed);
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = r(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const adj = dagFrom(
    order,
    order.map(() => r(deg + 1)),
    order.map(() => Array.from({ length: deg }, () => r(1 << 20))),
  );
  return { adj, queries: Array.from({ length: MAX_QUERIES }, () => Array.from({ length: 1 + r(MAX_M) }, () => r(n))) };
}

/**
 * A tower: n positions (n ≤ 200, so n(n − 1)/2 ≤ MAX_EDGES), each leading to every position below it
 * in a shuffled numbering, so the one of rank i has Grundy value i: values up to n − 1, which a mex
 * kept in a 32-bit mask, a 32-entry or a 64-entry seen array gets wrong from 32 or 64 on. Queries
 * mix pieces of high and low rank, so the XOR depends on the large values.
 */
function tower(n: number, seed: number): Graph {
  const r = lcg(seed);
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = r(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const adj: number[][] = Array.from({ length: n }, () => []);
  order.forEach((v, rank) => (adj[v] = order.slice(0, rank).reverse()));
  const high = (lo: number) => order[Math.min(n - 1, lo + r(Math.max(1, n - lo)))]!;
  const queries = Array.from({ length: MAX_QUERIES }, (_, i) => {
    // Pieces at ranks ≥ 32 (≥ 64 every other query) beside one of any rank.
    const lo = i % 2 ? 64 : 32;
    return [high(lo), ...(i % 3 ? [order[r(n)]!] : []), ...(i % 5 ? [] : [high(lo), high(lo)])];
  });
  return { adj, queries };
}

export default definePackage<Input>({
  slug: 'dag-chess',
  title: { en: 'A Chess Game', zh: '有向图上的棋子游戏' },
  source: 'HDU 1524 A Chess Game (POJ 2425)',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) => casesOf(size, SHAPE[size].graphs, graph(size)).map((graphs) => ({ graphs })),
  format: ({ graphs }) =>
    graphs
      .map(({ adj, queries }) => `${adj.length}\n${adj.map((out) => [out.length, ...out].join(' ') + '\n').join('')}${queries.map((q) => `${q.length} ${q.join(' ')}\n`).join('')}0\n`)
      .join(''),
  validate: validator((r) => {
    let graphs = 0;
    do {
      if (++graphs > MAX_GRAPHS) r.fail(`more than ${MAX_GRAPHS} graphs`);
      const n = r.int(1, MAX_N, 'N');
      r.eoln();
      const adj: number[][] = [];
      let edges = 0;
      for (let v = 0; v < n; v++) {
        const x = r.int(0, n - 1, 'X');
        edges += x;
        if (edges > MAX_EDGES) r.fail(`more than ${MAX_EDGES} edges in one graph`);
        const out = new Set<number>();
        for (let i = 0; i < x; i++) {
          r.space();
          const w = r.int(0, n - 1, 'out-position');
          if (w === v) r.fail(`position ${v} cannot lead to itself`);
          if (out.has(w)) r.fail(`position ${v} lists out-position ${w} twice`);
          out.add(w);
        }
        adj.push([...out]);
        r.eoln();
      }
      // Kahn's algorithm: every position must be removable, or there is a cycle.
      const indeg = new Array<number>(n).fill(0);
      for (const out of adj) for (const w of out) indeg[w]!++;
      const stack = indeg.flatMap((d, v) => (d === 0 ? [v] : []));
      let removed = 0;
      while (stack.length) {
        const v = stack.pop()!;
        removed++;
        for (const w of adj[v]!) if (--indeg[w]! === 0) stack.push(w);
      }
      if (removed < n) r.fail('the graph has a cycle');
      for (let queries = 0; ; queries++) {
        const m = r.int(0, MAX_M, 'M');
        if (m === 0) {
          if (queries === 0) r.fail('expected at least one query before the closing 0');
          r.eoln();
          break;
        }
        if (queries === MAX_QUERIES) r.fail(`more than ${MAX_QUERIES} queries for one graph`);
        for (let i = 0; i < m; i++) {
          r.space();
          r.int(0, n - 1, 'position');
        }
        r.eoln();
      }
    } while (!r.atEof());
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => [
    // One position, no edge: nobody can move.
    { graphs: [{ adj: [[]], queries: [[0], [0, 0, 0]] }] },
    // A path 0 → 1 → 2 → 3 and the same path numbered backwards, in one file.
    {
      graphs: [
        { adj: [[1], [2], [3], []], queries: [[0], [1], [0, 1], [0, 2], [3, 3], [0, 0, 1, 1]] },
        { adj: [[], [0], [1], [2]], queries: [[3], [2], [3, 2], [3, 1], [0, 0], [3, 3, 2, 2]] },
      ],
    },
    // Values a "height" (one more than the largest successor) gets wrong: successors of values {1}
    // and {0, 2}.
    {
      graphs: [
        { adj: [[], [0], [1], [1, 2], [0, 2]], queries: [[2], [3], [4], [3, 4], [3, 1], [4, 2], [1, 1, 3]] },
        { adj: [[1, 2], [2], [], [0]], queries: [[3], [0], [1], [3, 2], [0, 1]] },
      ],
    },
    // Ladders, where a search without memory takes 2^500 steps.
    { graphs: [ladder(MAX_N, 1)] },
    { graphs: [ladder(MAX_N, 2), ladder(400, 3)] },
    // Grundy values up to 32, 64, 65 and 199: towers (three files, each catching a 32- or 64-wide mex).
    { graphs: [tower(33, 60), tower(65, 61), tower(200, 62)] },
    { graphs: [tower(200, 63), tower(66, 64), tower(34, 65)] },
    { graphs: [tower(120, 66), tower(200, 67), tower(70, 68)] },
    // Maximal random graphs, edges in both directions, several per file.
    { graphs: Array.from({ length: 4 }, (_, i) => randomGraph(MAX_N, 20, 10 + i)) },
    { graphs: Array.from({ length: MAX_GRAPHS }, (_, i) => randomGraph(100 + 50 * i, 6, 40 + i)) },
  ],
  generated: [
    { size: 'tiny', count: 5 },
    { size: 'small', count: 6 },
    { size: 'medium', count: 5 },
    { size: 'max', count: 3 },
  ],
  invalidInputs: [
    { input: '2\n1 1\n1 0\n1 0\n0\n', why: 'a cycle 0 → 1 → 0' },
    { input: '1\n1 0\n1 0\n0\n', why: 'a position leading to itself' },
    { input: '2\n2 1 1\n0\n1 0\n0\n', why: 'an out-position listed twice' },
    { input: '2\n1 2\n0\n1 0\n0\n', why: 'an out-position beyond N − 1' },
    { input: '2\n1 1\n0\n1 0\n', why: 'no closing 0 after the queries' },
    { input: '2\n1 1\n0\n0\n', why: 'no query' },
    { input: '2\n1 1\n0\n11 0 0 0 0 0 0 0 0 0 0 0\n0\n', why: 'more than 10 pieces' },
    { input: '2\n1 1\n0\n1 2\n0\n', why: 'a piece beyond N − 1' },
    { input: '0\n', why: 'N = 0' },
  ],
});
