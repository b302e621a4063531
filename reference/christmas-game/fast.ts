// Green Hackenbush on trees with polygons hung on them. Fusion principle: the vertices of a circuit
// may be fused into one without changing the value; the circuit's edges become loops at the
// hanging point, and loops there are stalks of one edge each, so a polygon of odd length counts as
// one edge and one of even length as nothing. Then the tree rule of game-on-tree:
// g(v) = XOR over the children c of (g(c) + 1), and Sally (first) wins when the XOR over the trees
// of g(root) is not 0. A depth-first search finds each polygon as the edge off the search tree that
// closes it; its length is the depth difference plus one (a loop: 1, a doubled edge: 2).
function readInts(input: string): Int32Array {
  const out = new Int32Array((input.length >> 1) + 1);
  let count = 0;
  let v = -1;
  for (let i = 0; i < input.length; i++) {
    const d = input.charCodeAt(i) - 48;
    if (d >= 0 && d <= 9) {
      v = v < 0 ? d : v * 10 + d;
    } else if (v >= 0) {
      out[count++] = v;
      v = -1;
    }
  }
  if (v >= 0) out[count++] = v;
  return out.subarray(0, count);
}

/** The value of one tree: m vertices, edges (a[i], b[i]), root 1. */
function treeValue(m: number, a: Int32Array, b: Int32Array): number {
  const k = a.length;
  const head = new Int32Array(m + 2).fill(-1);
  const next = new Int32Array(2 * k);
  const to = new Int32Array(2 * k);
  let slots = 0;
  const link = (x: number, y: number) => {
    to[slots] = y;
    next[slots] = head[x]!;
    head[x] = slots++;
  };
  for (let e = 0; e < k; e++) {
    link(a[e]!, b[e]!);
    link(b[e]!, a[e]!);
  }
  const depth = new Int32Array(m + 1).fill(-1);
  const up = new Int32Array(m + 1);
  const upSlot = new Int32Array(m + 1).fill(-1);
  const onPolygon = new Uint8Array(m + 1);
  const g = new Int32Array(m + 1);
  const order: number[] = [];
  const cursor = head.slice();
  const stack = [1];
  depth[1] = 0;
  order.push(1);
  while (stack.length > 0) {
    const v = stack[stack.length - 1]!;
    const s = cursor[v]!;
    if (s < 0) {
      stack.pop();
      continue;
    }
    cursor[v] = next[s]!;
    // The two slots of one edge are 2e and 2e + 1: skip the one back along the search-tree edge.
    if (upSlot[v]! >= 0 && s === (upSlot[v]! ^ 1)) continue;
    const w = to[s]!;
    if (depth[w]! < 0) {
      depth[w] = depth[v]! + 1;
      up[w] = v;
      upSlot[w] = s;
      order.push(w);
      stack.push(w);
    } else if (depth[w]! < depth[v]! || (w === v && s % 2 === 0)) {
      // A polygon from v up to w (a loop counted once, from its first slot).
      for (let x = v; x !== w; x = up[x]!) onPolygon[x] = 1;
      if ((depth[v]! - depth[w]! + 1) % 2 === 1) g[w] ^= 1;
    }
  }
  for (let i = order.length - 1; i > 0; i--) {
    const v = order[i]!;
    if (!onPolygon[v]) g[up[v]!] ^= g[v]! + 1;
  }
  return g[1]!;
}

export function solve(input: string): string {
  const data = readInts(input);
  const out: string[] = [];
  let p = 0;
  while (p < data.length) {
    const n = data[p++]!;
    let x = 0;
    for (let t = 0; t < n; t++) {
      const m = data[p++]!;
      const k = data[p++]!;
      const a = new Int32Array(k);
      const b = new Int32Array(k);
      for (let e = 0; e < k; e++) {
        a[e] = data[p++]!;
        b[e] = data[p++]!;
      }
      x ^= treeValue(m, a, b);
    }
    out.push(x !== 0 ? 'Sally' : 'Harry');
  }
  return out.join('\n') + '\n';
}
