import * as fc from 'fast-check';
import { validator, type InputReader } from '../../server/problems/input-reader';
import { casesOf, type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

/** One tree: m vertices, the edges as given (vertex 1 is the root). */
type Tree = { m: number; edges: [number, number][] };
/** One file: test cases to the end of the input, each a forest of trees. */
type Input = { cases: Tree[][] };

const MAX_TREES = 99;
const MAX_M = 99;
const MAX_K = 499;
/** The original reads test cases to the end of the input without a bound; ours is 10 per file. */
const MAX_CASES = 10;

/** Per size: cases per file, trees per case, tree vertices per tree, polygons per tree, longest polygon. */
const SHAPE: SizeTable<{ cases: number; trees: number; tree: number; polygons: number; side: number }> = {
  tiny: { cases: 2, trees: 3, tree: 4, polygons: 2, side: 3 },
  small: { cases: 3, trees: 3, tree: 6, polygons: 2, side: 4 },
  medium: { cases: 5, trees: 30, tree: 40, polygons: 12, side: 9 },
  max: { cases: MAX_CASES, trees: MAX_TREES, tree: 60, polygons: 20, side: 12 },
};

/**
 * A tree of `parents.length + 1` vertices (vertex 0 is the root, vertex i hangs from parents[i − 1]
 * taken modulo i) with polygons hung on its vertices: a polygon of L sides at h is a self-loop
 * (L = 1), two parallel edges to a new vertex (L = 2), or a cycle through L − 1 new vertices. Labels
 * (the root stays 1), the edge order and each edge's direction are shuffled by `keys`.
 */
function christmasTree(parents: number[], polygons: [number, number][], keys: number[]): Tree {
  const n0 = parents.length + 1;
  const edges: [number, number][] = parents.map((p, k) => [p % (k + 1), k + 1]);
  let m = n0;
  for (const [at, sides] of polygons) {
    const h = at % n0;
    // A polygon that would pass the original's 99 vertices becomes a loop.
    if (sides === 1 || m + sides - 1 > MAX_M) edges.push([h, h]);
    else {
      const ring = [h, ...Array.from({ length: sides - 1 }, (_, i) => m + i)];
      m += sides - 1;
      for (let i = 0; i < ring.length; i++) edges.push([ring[i]!, ring[(i + 1) % ring.length]!]);
    }
  }
  const key = (i: number) => keys[i % Math.max(1, keys.length)]! * 1000 + i;
  const others = Array.from({ length: m - 1 }, (_, i) => i + 1).sort((a, b) => key(a) - key(b));
  const label = new Array<number>(m);
  label[0] = 1;
  others.forEach((v, r) => (label[v] = r + 2));
  const shuffled = edges
    .map((e, i) => ({ e: (key(i + 7) % 2 ? [label[e[0]]!, label[e[1]]!] : [label[e[1]]!, label[e[0]]!]) as [number, number], k: key(i + 3) }))
    .sort((a, b) => a.k - b.k);
  return { m, edges: shuffled.map((x) => x.e) };
}

function tree(size: Size): fc.Arbitrary<Tree> {
  const { tree: most, polygons, side } = SHAPE[size];
  return fc
    .tuple(
      fc.array(fc.nat(), { maxLength: most - 1, size: 'max' }),
      fc.array(fc.tuple(fc.nat(), fc.oneof(fc.constantFrom(1, 2, 3, 4), fc.integer({ min: 1, max: side }))), { maxLength: polygons, size: 'max' }),
      fc.array(fc.nat({ max: 9999 }), { minLength: 1, maxLength: 40 }),
    )
    .map(([parents, polys, keys]) => christmasTree(parents, polys, keys));
}

/** The format's reader for one tree, checking that it is a tree with hanging polygons. */
function readTree(r: InputReader): void {
  const header = r.line;
  const m = r.int(1, MAX_M, 'm');
  r.space();
  const k = r.int(0, MAX_K, 'k');
  r.eoln();
  const adj: [number, number][][] = Array.from({ length: m + 1 }, () => []);
  const degree = new Array<number>(m + 1).fill(0);
  for (let e = 0; e < k; e++) {
    const a = r.int(1, m, 'a');
    r.space();
    const b = r.int(1, m, 'b');
    r.eoln();
    adj[a]!.push([b, e]);
    if (a !== b) adj[b]!.push([a, e]);
    degree[a]++;
    degree[b]++;
  }
  // A depth-first search from the root: every edge off the search tree closes one polygon, the
  // path from its lower end up to its upper end. No tree edge may lie on two polygons, and every
  // polygon vertex but the upper end (its hanging point) must have no other edge (degree 2).
  const depth = new Array<number>(m + 1).fill(-1);
  const up = new Array<number>(m + 1).fill(-1);
  const upEdge = new Array<number>(m + 1).fill(-1);
  const onPolygon = new Array<boolean>(m + 1).fill(false);
  const fail = (message: string): never => r.fail(`${message} (the tree that starts on line ${header})`);
  depth[1] = 0;
  const stack: [number, number][] = [[1, 0]];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const [v, i] = top;
    if (i === adj[v]!.length) {
      stack.pop();
      continue;
    }
    top[1]++;
    const [w, e] = adj[v]![i]!;
    if (e === upEdge[v]) continue;
    if (depth[w] < 0) {
      depth[w] = depth[v]! + 1;
      up[w] = v;
      upEdge[w] = e;
      stack.push([w, 0]);
    } else if (depth[w]! <= depth[v]!) {
      for (let x = v; x !== w; x = up[x]!) {
        if (onPolygon[x]) fail(`an edge lies on two polygons`);
        onPolygon[x] = true;
        if (degree[x] !== 2) fail(`vertex ${x} of a polygon hanging at ${w} has other edges: a polygon touches the tree at one vertex only`);
      }
    }
  }
  for (let v = 1; v <= m; v++) if (depth[v]! < 0) fail(`vertex ${v} is not connected to the root`);
}

export default definePackage<Input>({
  slug: 'christmas-game',
  title: { en: 'Christmas Game', zh: '圣诞树游戏（Christmas Game）' },
  source: 'POJ 3710 Christmas Game',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: (size) =>
    casesOf(size, SHAPE[size].cases, fc.array(tree(size), { minLength: 1, maxLength: SHAPE[size].trees, size: 'max' })).map((cases) => ({ cases })),
  format: ({ cases }) =>
    cases.map((trees) => `${trees.length}\n${trees.map((t) => `${t.m} ${t.edges.length}\n${t.edges.map(([a, b]) => `${a} ${b}\n`).join('')}`).join('')}`).join(''),
  validate: validator((r) => {
    let cases = 0;
    do {
      if (++cases > MAX_CASES) r.fail(`more than ${MAX_CASES} test cases`);
      const n = r.int(1, MAX_TREES, 'N');
      r.eoln();
      for (let i = 0; i < n; i++) readTree(r);
    } while (!r.atEof());
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => edgeCases(),
  generated: [
    { size: 'tiny', count: 8 },
    { size: 'small', count: 10 },
    { size: 'medium', count: 5 },
    { size: 'max', count: 4 },
  ],
  invalidInputs: [
    { input: '1\n2 1\n1 3\n', why: 'a vertex above m' },
    { input: '1\n3 1\n1 2\n', why: 'vertex 3 not connected to the root' },
    { input: '1\n2 2\n1 2\n', why: 'fewer edges than k' },
    { input: '1\n4 5\n1 2\n2 3\n3 4\n4 2\n2 4\n', why: 'two polygons sharing an edge' },
    { input: '1\n5 5\n1 2\n2 3\n3 4\n4 2\n4 5\n', why: 'a polygon touching the tree at two vertices' },
    { input: '0\n', why: 'N = 0' },
    { input: '1\n100 0\n', why: 'm above 99' },
    { input: '1\n1 500\n' + '1 1\n'.repeat(500), why: 'k above 499' },
    { input: '1\n1 0\n'.repeat(MAX_CASES + 1), why: 'more than 10 test cases' },
  ],
});

/** A tree from explicit edges. */
const t = (m: number, edges: [number, number][]): Tree => ({ m, edges });

/** A path 1 - 2 - ... - n, then a polygon of `sides` hung at its end. */
function pathWithPolygon(n: number, sides: number): Tree {
  return christmasTree(Array.from({ length: n - 1 }, (_, i) => i), [[n - 1, sides]], [n, sides, 7, 3]);
}

function edgeCases(): Input[] {
  const loops = (j: number): Tree => t(1, Array.from({ length: j }, (): [number, number] => [1, 1]));
  const doubled = (j: number): Tree => t(j + 1, Array.from({ length: 2 * j }, (_, i): [number, number] => [1, 2 + (i >> 1)]));
  return [
    // A lone root, a root with loops (each an odd polygon: one edge), with doubled edges (even).
    { cases: [[t(1, [])], [loops(1)], [loops(2)], [loops(3), t(1, [])], [doubled(1)], [doubled(2), loops(1)], [t(3, [[1, 2], [2, 3], [3, 2]])]] },
    // Polygons of every size 1..12 hung at the end of paths of length 1..4, one tree each.
    { cases: Array.from({ length: MAX_CASES }, (_, c) => Array.from({ length: 12 }, (_, s) => pathWithPolygon(1 + ((c + s) % 4), s + 1))) },
    // Polygons hung at the root itself, and at the middle of a path.
    { cases: [[3, 4, 5, 6].map((s) => christmasTree([], [[0, s]], [s])), [christmasTree([0, 1, 2, 3], [[2, 3], [2, 4], [2, 5]], [1, 2, 3])]] },
    // The largest trees: 99 vertices and 499 edges (a tree with polygons, a path from the root,
    // and loops at the root and at the path's end for the rest), 99 of them.
    { cases: [Array.from({ length: MAX_TREES }, (_, i) => largest(i))] },
  ];
}

/** A tree of exactly 99 vertices and 499 edges, different for each i. */
function largest(i: number): Tree {
  const polygons = Array.from({ length: 10 }, (_, j): [number, number] => [j * 5 + i, 2 + ((i + j) % 5)]);
  const base = christmasTree(Array.from({ length: 49 }, (_, j) => (i % 2 ? j : j >> 1)), polygons, [i + 1, 17, 4]);
  const path: [number, number][] = Array.from({ length: MAX_M - base.m }, (_, j) => [j === 0 ? 1 : base.m + j, base.m + j + 1]);
  const spare = MAX_K - base.edges.length - path.length;
  const loops = Array.from({ length: spare }, (_, j): [number, number] => (j % 3 === 0 && path.length > 0 ? [MAX_M, MAX_M] : [1, 1]));
  return t(MAX_M, [...base.edges, ...path, ...loops]);
}
