// Win/lose table over coin positions, from the literal moves (left, down, down-left). A position is
// (d, l): d rows still below the coin, l columns to its left; (0, 0) has no move and loses. The
// coin starts at (1, m) of an n x m board, that is at (n - 1, m - 1). The table grows on demand and
// is kept across calls.
let size = 0;
let table: boolean[][] = [];

function grow(to: number): void {
  if (to <= size) return;
  const next: boolean[][] = [];
  for (let d = 0; d < to; d++) {
    next.push([]);
    for (let l = 0; l < to; l++) {
      const left = l > 0 && !next[d]![l - 1]!;
      const down = d > 0 && !next[d - 1]![l]!;
      const diagonal = d > 0 && l > 0 && !next[d - 1]![l - 1]!;
      next[d]!.push(left || down || diagonal);
    }
  }
  table = next;
  size = to;
}

export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  const out: string[] = [];
  for (let p = 0; ; p += 2) {
    const n = data[p]!;
    const m = data[p + 1]!;
    if (n === 0 && m === 0) break;
    grow(Math.max(n, m));
    out.push(table[n - 1]![m - 1]! ? 'Wonderful!' : 'What a pity!');
  }
  return out.join('\n') + '\n';
}
