// Each piece is a game of its own on the DAG: sg(v) = mex { sg(w) : v → w }, a sink has 0, and a
// query wins exactly when the XOR of its pieces' values is not 0 (two pieces on one position
// cancel). Values are computed in reverse topological order (Kahn's algorithm on the reversed
// edges), so no recursion and no assumption on how positions are numbered.
export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  const out: string[] = [];
  let p = 0;
  while (p < data.length) {
    const n = data[p++]!;
    const adj: number[][] = [];
    for (let v = 0; v < n; v++) {
      const x = data[p++]!;
      adj.push(data.slice(p, p + x));
      p += x;
    }
    const left = adj.map((a) => a.length);
    const preds: number[][] = Array.from({ length: n }, () => []);
    adj.forEach((a, v) => a.forEach((w) => preds[w]!.push(v)));
    const sg = new Int32Array(n);
    const seen = new Int32Array(n + 2).fill(-1);
    const ready = left.flatMap((d, v) => (d === 0 ? [v] : []));
    while (ready.length) {
      const v = ready.pop()!;
      for (const w of adj[v]!) seen[sg[w]!] = v;
      let g = 0;
      while (seen[g] === v) g++;
      sg[v] = g;
      for (const u of preds[v]!) if (--left[u]! === 0) ready.push(u);
    }
    for (;;) {
      const m = data[p++]!;
      if (m === 0) break;
      let x = 0;
      for (let i = 0; i < m; i++) x ^= sg[data[p++]!]!;
      out.push(x !== 0 ? 'WIN' : 'LOSE');
    }
  }
  return out.join('\n') + '\n';
}
