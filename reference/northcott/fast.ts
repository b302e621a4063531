// The empty cells between the two pieces of a row are a Nim heap: moving one's piece towards the
// other takes from it, and moving away is useless, since the opponent follows and restores the gap
// (the board's edge ends that in finitely many moves). Tom wins exactly when the gaps, |T − J| − 1,
// XOR to a non-zero value.
export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  const out: string[] = [];
  let p = 0;
  while (p < data.length) {
    const n = data[p]!;
    p += 2;
    let x = 0;
    for (let i = 0; i < n; i++, p += 2) x ^= Math.abs(data[p]! - data[p + 1]!) - 1;
    out.push(x !== 0 ? 'I WIN!' : 'BAD LUCK!');
  }
  return out.join('\n') + '\n';
}
