// Win/lose table over real positions: with s stones left, the mover wins when some take of 1..m
// stones (at most s) leaves a losing position; s = 0 loses (the opponent took the last stone).
// One table per m, extended on demand and kept across calls.
const tables = new Map<number, boolean[]>();

function wins(n: number, m: number): boolean {
  let table = tables.get(m);
  if (!table) {
    table = [false];
    tables.set(m, table);
  }
  for (let s = table.length; s <= n; s++) {
    let win = false;
    for (let take = 1; take <= Math.min(m, s) && !win; take++) if (!table[s - take]) win = true;
    table.push(win);
  }
  return table[n]!;
}

export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const c = data[p++]!;
  const out: string[] = [];
  for (let i = 0; i < c; i++) {
    const n = data[p++]!;
    const m = data[p++]!;
    out.push(wins(n, m) ? 'first' : 'second');
  }
  return out.join('\n') + '\n';
}
