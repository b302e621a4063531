// Colour the board by the parity of the distances still to go, (n - r) and (c - 1): a cell where
// both are even loses, since every move changes at least one parity and from any other cell one
// move reaches an even-even cell. The coin starts with distances n - 1 and m - 1, so kiki loses
// exactly when n and m are both odd.
export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  const out: string[] = [];
  for (let p = 0; p + 1 < data.length; p += 2) {
    const n = data[p]!;
    const m = data[p + 1]!;
    if (n === 0 && m === 0) break;
    out.push(n % 2 === 1 && m % 2 === 1 ? 'What a pity!' : 'Wonderful!');
  }
  return out.join('\n') + '\n';
}
