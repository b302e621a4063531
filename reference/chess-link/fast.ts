// The positions (r, g, b) form the n×n×n grid graph and the game is undirected vertex geography on
// it: the first player wins iff the start lies in every maximum matching. Colour a position by the
// parity of r + g + b.
// - n even: pairing b = 2i-1 with b = 2i is a perfect matching, so every start is covered: Alice.
// - n odd: the odd colour (the corners' colour) has one cell more than the even one. Every odd cell
//   v can be left out of a perfect matching of the rest: an odd sum has an odd coordinate; the
//   layers before and after v along that axis are even in number and pair up; in v's own layer the
//   other two coordinates (x, y) have the same parity. Both odd: v's row minus v is two even runs,
//   the other rows pair up. Both even: rows y-1..y+1 minus the 3×3 block around v are even runs,
//   the block minus v is a ring of eight cells, the other rows pair up. So an odd start is avoided
//   by some maximum matching (Bob wins), while every maximum matching has (n^3-1)/2 edges, each
//   with one even end, and so covers every even start (Alice wins).
export function solve(input: string): string {
  let pos = 0;
  const next = (): number => {
    while (input.charCodeAt(pos) < 48) pos++;
    let v = 0;
    for (let c = input.charCodeAt(pos); c >= 48 && c <= 57; c = input.charCodeAt(++pos)) v = v * 10 + (c - 48);
    return v;
  };
  const t = next();
  const out: string[] = new Array(t);
  for (let i = 0; i < t; i++) {
    const n = next();
    const sum = next() + next() + next();
    out[i] = n % 2 === 0 || sum % 2 === 0 ? 'Alice' : 'Bob';
  }
  return out.join('\n') + '\n';
}
