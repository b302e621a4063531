// Each heap is a game of its own: sg(n) = mex { sg(n − s) : s ∈ S, s ≤ n }, and a position wins
// exactly when the XOR of its heaps' values is not 0. One table per set, up to the largest heap
// asked about in that set; a heap has at most |S| options, so every value is at most |S|.
export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const out: string[] = [];
  for (;;) {
    const k = data[p++]!;
    if (k === 0) break;
    const moves = data.slice(p, p + k);
    p += k;
    const m = data[p++]!;
    const positions: number[][] = [];
    let top = 0;
    for (let i = 0; i < m; i++) {
      const l = data[p++]!;
      const heaps = data.slice(p, p + l);
      p += l;
      for (const h of heaps) top = Math.max(top, h);
      positions.push(heaps);
    }
    const sg = new Int32Array(top + 1);
    const seen = new Int32Array(k + 2);
    for (let n = 1; n <= top; n++) {
      for (const s of moves) if (s <= n) seen[sg[n - s]!] = n;
      let g = 0;
      while (seen[g] === n) g++;
      sg[n] = g;
    }
    out.push(positions.map((heaps) => (heaps.reduce((x, h) => x ^ sg[h]!, 0) !== 0 ? 'W' : 'L')).join(''));
  }
  return out.join('\n') + '\n';
}
