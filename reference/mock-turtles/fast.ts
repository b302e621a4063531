// Mock Turtles: a head at x is worth 2x or 2x + 1, whichever has an odd number of ones in binary
// (the coin-turning theorem makes a row the XOR of its heads; the lab's table shows the values).
// A repeated position is the same head, so positions are taken once each. "Yes" means the first
// player (Daizhenyang) loses: the XOR is 0.
function grundy(x: number): number {
  let ones = 0;
  for (let v = x; v > 0; v >>>= 1) ones += v & 1;
  return 2 * x + (ones % 2 === 0 ? 1 : 0);
}

export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  const out: string[] = [];
  for (let p = 0; p < data.length; ) {
    const n = data[p++]!;
    const heads = new Set(data.slice(p, p + n));
    p += n;
    let x = 0;
    for (const h of heads) x ^= grundy(h);
    out.push(x === 0 ? 'Yes' : 'No');
  }
  return out.join('\n') + '\n';
}
