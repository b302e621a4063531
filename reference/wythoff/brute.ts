// The literal game on every pair up to the largest pile asked about: (a, b) wins when some move —
// take 1..a from the first pile, 1..b from the second, or the same 1..min(a, b) from both — reaches
// a losing pair. Filled in increasing a + b; no golden ratio, no formula.
export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  const top = Math.max(0, ...data);
  const w = top + 1;
  const win = new Uint8Array(w * w);
  for (let sum = 0; sum <= 2 * top; sum++) {
    for (let a = Math.max(0, sum - top); a <= Math.min(sum, top); a++) {
      const b = sum - a;
      let wins = false;
      for (let t = 1; t <= a && !wins; t++) if (!win[(a - t) * w + b]) wins = true;
      for (let t = 1; t <= b && !wins; t++) if (!win[a * w + b - t]) wins = true;
      for (let t = 1; t <= Math.min(a, b) && !wins; t++) if (!win[(a - t) * w + b - t]) wins = true;
      win[a * w + b] = wins ? 1 : 0;
    }
  }
  const out: string[] = [];
  for (let p = 0; p + 1 < data.length; p += 2) out.push(win[data[p]! * w + data[p + 1]!] ? '1' : '0');
  return out.join('\n') + '\n';
}
