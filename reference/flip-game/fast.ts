// A move takes two adjacent '+' out of one run of '+', leaving runs of i and L-2-i: each run is a
// heap of Dawson's Kayles (octal game 0.07), the string is their sum, and
// g(L) = mex { g(i) ^ g(L-2-i) : 0 ≤ i ≤ L-2 }. The first player wins when the XOR over runs is not 0.
const MAX_LEN = 60;

function grundyValues(): number[] {
  const g = [0, 0];
  for (let len = 2; len <= MAX_LEN; len++) {
    const seen = new Set<number>();
    for (let i = 0; i + 2 <= len; i++) seen.add(g[i]! ^ g[len - 2 - i]!);
    let v = 0;
    while (seen.has(v)) v++;
    g.push(v);
  }
  return g;
}

const g = grundyValues();

export function solve(input: string): string {
  const tokens = input.split(/\s+/).filter(Boolean);
  const t = Number(tokens[0]);
  const out: string[] = [];
  for (let c = 1; c <= t; c++) {
    let x = 0;
    for (const run of tokens[c]!.split('-')) x ^= g[run.length]!;
    out.push(x !== 0 ? 'true' : 'false');
  }
  return out.join('\n') + '\n';
}
