// The game is undirected vertex geography on the graph of positions (r, g, b): a move goes to a
// neighbouring position (one piece, one cell) that has never been occupied, the start included, and
// the player who cannot move loses. Two exact deciders, neither using the shape of the grid:
// - for n <= 3 (at most 27 positions), a win/lose search over (current position, visited set);
// - otherwise the theorem of Fraenkel, Scheinerman and Ullman (1993): the first player wins iff
//   the start is covered by every maximum matching, i.e. iff nu(G - start) < nu(G).
// The test suite checks that the two deciders agree on every start of many small graphs.

/** Positions of an a×b×c box of cells, joined when they differ by one step in one coordinate. */
export function boxGraph(a: number, b: number, c: number): number[][] {
  const id = (x: number, y: number, z: number) => (x * b + y) * c + z;
  const adj: number[][] = [];
  for (let x = 0; x < a; x++) {
    for (let y = 0; y < b; y++) {
      for (let z = 0; z < c; z++) {
        const nb: number[] = [];
        if (x > 0) nb.push(id(x - 1, y, z));
        if (x + 1 < a) nb.push(id(x + 1, y, z));
        if (y > 0) nb.push(id(x, y - 1, z));
        if (y + 1 < b) nb.push(id(x, y + 1, z));
        if (z > 0) nb.push(id(x, y, z - 1));
        if (z + 1 < c) nb.push(id(x, y, z + 1));
        adj[id(x, y, z)] = nb;
      }
    }
  }
  return adj;
}

/**
 * Literal game search: does the player to move win from `start`, where `start` is already visited?
 * States are (position, visited set) as a bitmask, so graphs up to ~30 vertices.
 */
export function geographyFirstPlayerWins(adj: number[][], start: number): boolean {
  const size = adj.length;
  // Bit 29 is the highest vertex bit, so masks stay positive 32-bit integers.
  if (size > 30) throw new Error('geography search is for graphs of at most 30 vertices');
  const memo = new Map<number, boolean>();
  const wins = (v: number, visited: number): boolean => {
    const key = visited * size + v;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result = false;
    for (const u of adj[v]!) {
      if (visited & (1 << u)) continue;
      if (!wins(u, visited | (1 << u))) {
        result = true;
        break;
      }
    }
    memo.set(key, result);
    return result;
  };
  return wins(start, 1 << start);
}

/**
 * For every vertex: is it covered by every maximum matching? Works on any bipartite graph
 * (alternating-path search without blossoms), e.g. every box graph.
 */
export function coveredByEveryMaximumMatching(adj: number[][]): boolean[] {
  const size = adj.length;
  const mate = new Int32Array(size).fill(-1);
  for (let s = 0; s < size; s++) if (mate[s] === -1) augmentFrom(adj, mate, s, -1);
  const result: boolean[] = [];
  for (let v = 0; v < size; v++) {
    const u = mate[v]!;
    if (u === -1) {
      result.push(false); // a maximum matching that misses v
      continue;
    }
    // Drop the edge uv and forbid v: any augmenting path now must start at u (the rest of the
    // matching was maximum). If one exists, G - v keeps a matching as large as G's.
    const trial = mate.slice();
    trial[u] = -1;
    trial[v] = -1;
    result.push(!augmentFrom(adj, trial, u, v));
  }
  return result;
}

/** Searches an augmenting path from the free vertex s (never entering `blocked`); applies it. */
function augmentFrom(adj: number[][], mate: Int32Array, s: number, blocked: number): boolean {
  const parent = new Int32Array(adj.length).fill(-2);
  parent[s] = -1;
  const queue = [s];
  for (let head = 0; head < queue.length; head++) {
    const x = queue[head]!; // an "outer" vertex: reached by a matched edge, or s itself
    for (const w of adj[x]!) {
      if (w === blocked || w === s || parent[w] !== -2) continue;
      parent[w] = x;
      const m = mate[w]!;
      if (m === -1) {
        // Flip the path s ... x w.
        let a = w;
        let b = x;
        for (;;) {
          const next = mate[b]!;
          mate[a] = b;
          mate[b] = a;
          if (b === s) return true;
          a = next;
          b = parent[a]!;
        }
      }
      if (parent[m] === -2) {
        parent[m] = w;
        queue.push(m);
      }
    }
  }
  return false;
}

/** Per board size n: does the first player win from each start (r, g, b), 0-based id? */
const tables = new Map<number, boolean[]>();

function table(n: number): boolean[] {
  let t = tables.get(n);
  if (!t) {
    const adj = boxGraph(n, n, n);
    t = n <= 3 ? adj.map((_, v) => geographyFirstPlayerWins(adj, v)) : coveredByEveryMaximumMatching(adj);
    tables.set(n, t);
  }
  return t;
}

export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const t = data[p++]!;
  const out: string[] = [];
  for (let c = 0; c < t; c++) {
    const n = data[p++]!;
    const r = data[p++]! - 1;
    const g = data[p++]! - 1;
    const b = data[p++]! - 1;
    out.push(table(n)[(r * n + g) * n + b] ? 'Alice' : 'Bob');
  }
  return out.join('\n') + '\n';
}
