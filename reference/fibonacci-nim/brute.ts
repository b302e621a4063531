// The literal game: with r stones left and at most c allowed this move, a move takes t ∈ [1, min(r, c)];
// taking the last stone wins, and the next player may take at most 2t. win[r][c] is filled for r
// increasing (c ≥ r is the same as c = r). The first move may take anything but all: c = n − 1.
// The table is kept across calls and grown when a larger pile comes.
let table: Uint8Array[] = [new Uint8Array(1)];

function grow(n: number): void {
  for (let r = table.length; r <= n; r++) {
    const row = new Uint8Array(r + 1);
    for (let c = 1; c <= r; c++) {
      for (let t = 1; t <= c; t++) {
        if (t === r || !table[r - t]![Math.min(2 * t, r - t)]) {
          row[c] = 1;
          break;
        }
      }
    }
    table.push(row);
  }
}

export function solve(input: string): string {
  const ns = input.split(/\s+/).filter(Boolean).map(Number);
  const out: string[] = [];
  for (const n of ns) {
    if (n === 0) break;
    grow(n);
    out.push(table[n]![n - 1] ? 'First win' : 'Second win');
  }
  return out.join('\n') + '\n';
}
