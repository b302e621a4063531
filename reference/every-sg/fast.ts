// Every-SG: each turn the mover moves in every game still open, and whoever makes the very last move
// wins. The winner of a game wants it to last, the loser wants it over: step(v) = 0 at the end,
// 1 + max{step(u) : u a losing option} when v is won, 1 + min{step(u) : u an option} when v is lost.
// Step counts are odd exactly on won positions, and MM (moving first) wins iff the largest is odd.
// For one Euclid game (x ≤ y): if y < 2x and x ∤ y the only move is to (y − x, x); otherwise with
// r = y mod x the losing option is (r, x) when that is lost (or r = 0), else (x, x + r), one step
// further: step = step(r, x) + 1 or + 2.
function steps(a: number, b: number): number {
  let x = Math.min(a, b);
  let y = Math.max(a, b);
  // Walk down the Euclid chain, then add the counts back up from the end.
  const chain: { forced: boolean }[] = [];
  while (x > 0) {
    chain.push({ forced: y < 2 * x && y % x !== 0 });
    const r = y % x;
    if (y < 2 * x && r !== 0) [x, y] = [y - x, x];
    else [x, y] = [r, x];
  }
  let s = 0; // steps of the position below (0: the game is over)
  for (let i = chain.length - 1; i >= 0; i--) {
    if (chain[i]!.forced) s += 1;
    else s += s % 2 === 1 ? 2 : 1; // the position below is won (odd): go the long way
  }
  return s;
}

export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  const out: string[] = [];
  let p = 0;
  while (p < data.length) {
    const n = data[p++]!;
    let most = 0;
    for (let i = 0; i < n; i++, p += 2) most = Math.max(most, steps(data[p]!, data[p + 1]!));
    out.push(most % 2 === 1 ? 'MM' : 'GG');
  }
  return out.join('\n') + '\n';
}
