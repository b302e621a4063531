// Let x be the XOR of all piles. A winning first move must leave XOR 0, so it turns pile i into
// a_i ^ x; that is a legal move exactly when a_i ^ x < a_i (pile i has x's highest bit). Each pile
// gives at most one winning move; when x = 0 there is none and the answer is 0.
export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  const out: string[] = [];
  let p = 0;
  for (;;) {
    const m = data[p++]!;
    if (!m) break;
    let x = 0;
    for (let i = 0; i < m; i++) x ^= data[p + i]!;
    let count = 0;
    if (x !== 0) for (let i = 0; i < m; i++) if ((data[p + i]! ^ x) < data[p + i]!) count++;
    p += m;
    out.push(String(count));
  }
  return out.join('\n') + '\n';
}
