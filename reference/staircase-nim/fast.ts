// Sort the chessmen and pair them from the right: (p[N-1], p[N]), (p[N-3], p[N-2]), ..., with a
// wall at 0 as the left partner when N is odd. The free cells inside a pair form a Nim heap:
// moving the right chessman shrinks it, and moving the left one grows it by as much as the
// opponent can undo by following with the right one (staircase Nim). Georgia, who moves first,
// wins exactly when the XOR of those gaps is not 0.
export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const t = data[p++]!;
  const out: string[] = [];
  for (let c = 0; c < t; c++) {
    const n = data[p++]!;
    const pos = Int32Array.from(data.slice(p, p + n)).sort();
    p += n;
    let x = 0;
    for (let i = n - 1; i >= 0; i -= 2) x ^= pos[i]! - (i > 0 ? pos[i - 1]! : 0) - 1;
    out.push(x !== 0 ? 'Georgia will win' : 'Bob will win');
  }
  return out.join('\n') + '\n';
}
