import * as fc from 'fast-check';
import { InputError, validator } from '../../server/problems/input-reader';
import { type SizeTable } from '../../server/problems/kit';
import { definePackage, type Size } from '../../server/problems/types';

type Input = { n: number; edges: [number, number][] };

const MAX_N = 100_000;

/** Per size: largest N. Tiny and small stay where the search over vertex sets is quick. */
const SHAPE: SizeTable<number> = { tiny: 7, small: 12, medium: 2000, max: MAX_N };

/** How node i (built in order 1, 2, ...) picks its parent among nodes 0..i-1, from a random r. */
const PARENT = {
  random: (i: number, r: number) => r % i,
  path: (i: number) => i - 1,
  // Long chains with short side branches: depth about N/2.
  deep: (i: number, r: number) => i - 1 - (r % Math.min(i, 3)),
  star: (i: number, r: number) => r % Math.min(i, 2),
  binary: (i: number) => (i - 1) >> 1,
  caterpillar: (i: number, r: number) => (i % 2 === 1 || r % 4 === 0 ? i - 1 : i - 2),
} as const;
type Shape = keyof typeof PARENT;

/** Per node after the first: parent choice, label key, edge-order key, edge orientation. */
type NodeSeed = [number, number, number, boolean];

function build(shape: Shape, rootIsOne: boolean, rootKey: number, seeds: NodeSeed[]): Input {
  const n = seeds.length + 1;
  // Labels: node 0 gets label 1 when asked (vertex 1 at the end of the path, at the star's
  // centre...), otherwise every node is ranked by its key.
  const keys = [rootKey, ...seeds.map((s) => s[1])];
  const byKey = Array.from({ length: n }, (_, v) => v)
    .filter((v) => !(rootIsOne && v === 0))
    .sort((a, b) => keys[a]! - keys[b]! || a - b);
  const label = new Array<number>(n);
  if (rootIsOne) label[0] = 1;
  byKey.forEach((v, rank) => (label[v] = rank + (rootIsOne ? 2 : 1)));
  const edges = seeds.map(([r, , order, flip], k) => {
    const i = k + 1;
    const p = PARENT[shape](i, r);
    const e: [number, number] = flip ? [label[i]!, label[p]!] : [label[p]!, label[i]!];
    return { e, order };
  });
  edges.sort((a, b) => a.order - b.order);
  return { n, edges: edges.map((x) => x.e) };
}

function tree(size: Size): fc.Arbitrary<Input> {
  const maxN = SHAPE[size];
  const exact = size === 'max';
  const seed = fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.boolean());
  return fc
    .tuple(
      fc.constantFrom<Shape>('random', 'path', 'deep', 'star', 'binary', 'caterpillar'),
      fc.boolean(),
      fc.nat(),
      fc.array(seed, { minLength: exact ? maxN - 1 : 1, maxLength: maxN - 1, size: 'max' }),
    )
    .map(([shape, rootIsOne, rootKey, seeds]) => build(shape, rootIsOne, rootKey, seeds));
}

/** A tree from a parent function over nodes 0..n-1, node v labelled v + 1 (so node 0 is vertex 1). */
function fromParents(n: number, parent: (i: number) => number, childFirst = false): Input {
  const edges = Array.from({ length: n - 1 }, (_, k): [number, number] => {
    const i = k + 1;
    return childFirst ? [i + 1, parent(i) + 1] : [parent(i) + 1, i + 1];
  });
  return { n, edges: childFirst ? edges.reverse() : edges };
}

/** Vertex 1 in the middle of a path: stalks 1-2-...-(len+1) and 1-(len+2)-...-(2·len+1). */
function twoStalks(len: number): Input {
  const edges: [number, number][] = [];
  for (let v = 2; v <= 2 * len + 1; v++) edges.push([v === len + 2 ? 1 : v - 1, v]);
  return { n: 2 * len + 1, edges };
}

/**
 * Vertex 1 with a chain of `chain` edges down to a vertex v, and stalks of the given lengths
 * hanging from v (from vertex 1 itself when `chain` is 0): g(1) = chain + XOR of the lengths.
 * Other labels, the edge order and each edge's direction are scrambled by a fixed LCG, so that only
 * a correct reading of the tree gets the answer.
 */
function chainWithStalks(chain: number, stalks: number[], seed: number): Input {
  const parentOf: number[] = [-1]; // node 0 is vertex 1
  for (let i = 1; i <= chain; i++) parentOf.push(i - 1);
  for (const len of stalks) {
    for (let j = 0; j < len; j++) parentOf.push(j === 0 ? chain : parentOf.length - 1);
  }
  const n = parentOf.length;
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0);
  const label = Array.from({ length: n }, (_, v) => v + 1);
  for (let i = n - 1; i > 1; i--) {
    const j = 1 + (next() % i);
    [label[i], label[j]] = [label[j]!, label[i]!];
  }
  const edges = parentOf.slice(1).map((p, k): [number, number] => (next() & 1 ? [label[p]!, label[k + 1]!] : [label[k + 1]!, label[p]!]));
  for (let i = edges.length - 1; i > 0; i--) {
    const j = next() % (i + 1);
    [edges[i], edges[j]] = [edges[j]!, edges[i]!];
  }
  return { n, edges };
}

export default definePackage<Input>({
  slug: 'game-on-tree',
  title: { en: 'Game on Tree', zh: '树上游戏（Game on Tree）' },
  source: 'AtCoder Grand Contest 017 D Game on Tree',
  limits: { timeMs: 1000, memoryMb: 256 },
  checker: 'tokens',
  arbitrary: tree,
  format: ({ n, edges }) => `${n}\n${edges.map(([x, y]) => `${x} ${y}\n`).join('')}`,
  validate: validator((r) => {
    const n = r.int(2, MAX_N, 'N');
    r.eoln();
    // Union-find: N - 1 edges without a cycle are exactly a tree on N vertices.
    const root = Array.from({ length: n + 1 }, (_, v) => v);
    const find = (v: number): number => {
      while (root[v] !== v) v = root[v] = root[root[v]!]!;
      return v;
    };
    for (let i = 0; i < n - 1; i++) {
      const line = r.line;
      const x = r.int(1, n, 'x');
      r.space();
      const y = r.int(1, n, 'y');
      r.eoln();
      if (x === y) throw new InputError(line, `edge ${x} ${y} is a loop`);
      const a = find(x);
      const b = find(y);
      if (a === b) throw new InputError(line, `edge ${x} ${y} closes a cycle: the graph is not a tree`);
      root[a] = b;
    }
  }),
  bruteSizes: ['tiny', 'small'],
  edgeCases: () => [
    { n: 2, edges: [[2, 1]] },
    // AtCoder's third and fourth samples.
    { n: 6, edges: [[1, 2], [2, 4], [5, 1], [6, 3], [3, 2]] },
    { n: 7, edges: [[1, 2], [3, 7], [4, 6], [2, 3], [2, 4], [1, 5]] },
    // A path from vertex 1: one stalk of N - 1 edges.
    fromParents(MAX_N, (i) => i - 1),
    // The same path listed from the far leaf, each edge child first: parent-first readers and deep
    // recursion both break here.
    fromParents(MAX_N, (i) => i - 1, true),
    // Vertex 1 in the middle of a path: two equal stalks cancel.
    twoStalks((MAX_N - 2) / 2),
    // Stars: vertex 1 at the centre (N - 1 stalks of length 1), or a leaf.
    fromParents(MAX_N, () => 0),
    fromParents(MAX_N - 1, () => 0),
    { n: MAX_N, edges: Array.from({ length: MAX_N - 1 }, (_, k): [number, number] => [2, k === 0 ? 1 : k + 2]) },
    fromParents(MAX_N, (i) => (i - 1) >> 1),
    // Caterpillar: a spine from vertex 1 with one leaf on every spine vertex.
    fromParents(MAX_N, (i) => (i % 2 === 1 ? Math.max(0, i - 2) : i - 1)),
    // g(1) is a non-zero multiple of 2^8: Grundy values kept in 8 bits read 0 (small trees).
    chainWithStalks(256, [], 1),
    chainWithStalks(0, [300, 300 ^ 256], 2),
    chainWithStalks(200, [40, 16], 3),
    chainWithStalks(0, [3, 3, 7, 512 + 7], 4),
    chainWithStalks(500, [9, 5, 8], 5),
    chainWithStalks(0, [255, 255], 6),
    // g(1) = 2^16, the only non-zero multiple of 2^16 below N: 16-bit values read 0. And the
    // largest g(1) there is, N - 1 (a path), beside a near twin that cancels.
    chainWithStalks(1 << 16, [], 7),
    chainWithStalks(0, [70_000, 70_000 ^ (1 << 16)], 8),
    chainWithStalks(65_000, [512, 24], 9),
    chainWithStalks(60_000, [17_000, 17_000 ^ 5536], 10),
    chainWithStalks(MAX_N - 1, [], 11),
    chainWithStalks(0, [49_999, 49_999], 12),
  ],
  generated: [
    // Many small files: a file holds one tree, so a structural mistake dies once per file.
    { size: 'tiny', count: 12 },
    { size: 'small', count: 16 },
    { size: 'medium', count: 4 },
    { size: 'max', count: 3 },
  ],
  invalidInputs: [
    { input: '1\n', why: 'N = 1' },
    { input: '3\n1 2\n', why: 'fewer than N - 1 edges' },
    { input: '2\n1 2\n1 2\n', why: 'more than N - 1 edges' },
    { input: '3\n1 1\n1 2\n', why: 'a loop' },
    { input: '3\n1 2\n2 1\n', why: 'a repeated edge (not a tree)' },
    { input: '4\n1 2\n2 3\n3 1\n', why: 'a cycle, leaving vertex 4 apart' },
    { input: '3\n1 2\n2 4\n', why: 'vertex number above N' },
    { input: '3\n0 1\n1 2\n', why: 'vertex 0' },
    { input: `${MAX_N + 1}\n`, why: 'N above 10^5' },
  ],
});
