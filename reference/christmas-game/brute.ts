// The literal game on each tree: a position is the set of edges still on the paper (a bitmask); a
// move cuts one edge and removes every edge no longer connected to the root (vertex 1). Each tree's
// value is the mex over its moves (trees are played side by side, so the forest is their XOR), and
// nothing about polygons or fusion is assumed. For trees of up to about 14 edges.
function treeValue(m: number, edges: [number, number][]): number {
  const memo = new Map<number, number>();
  /** The edges of `alive` reachable from the root. */
  const attached = (alive: number): number => {
    const seen = new Uint8Array(m + 1);
    seen[1] = 1;
    let kept = 0;
    for (let changed = true; changed; ) {
      changed = false;
      edges.forEach(([a, b], e) => {
        if (!((alive >> e) & 1) || (kept >> e) & 1) return;
        if (seen[a] || seen[b]) {
          kept |= 1 << e;
          seen[a] = seen[b] = 1;
          changed = true;
        }
      });
    }
    return kept;
  };
  const value = (alive: number): number => {
    const known = memo.get(alive);
    if (known !== undefined) return known;
    const seen = new Set<number>();
    for (let e = 0; e < edges.length; e++) if ((alive >> e) & 1) seen.add(value(attached(alive & ~(1 << e))));
    let v = 0;
    while (seen.has(v)) v++;
    memo.set(alive, v);
    return v;
  };
  return value((1 << edges.length) - 1);
}

export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  const out: string[] = [];
  let p = 0;
  while (p < data.length) {
    const n = data[p++]!;
    let x = 0;
    for (let t = 0; t < n; t++) {
      const m = data[p++]!;
      const k = data[p++]!;
      const edges: [number, number][] = [];
      for (let e = 0; e < k; e++) edges.push([data[p++]!, data[p++]!]);
      x ^= treeValue(m, edges);
    }
    out.push(x !== 0 ? 'Sally' : 'Harry');
  }
  return out.join('\n') + '\n';
}
