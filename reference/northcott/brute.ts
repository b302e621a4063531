// The literal game, partizan and loopy as it is: Tom moves a black piece, Jerry a white one, to any
// empty cell of its row without passing the other piece (away from it too); who cannot move loses.
// A retrograde fixpoint over every placement of all rows and both players to move: a state is won
// when some move reaches a lost one, lost when every move (or none) reaches a won one; what is
// neither after the fixpoint is a draw (Tom does not win). No gaps, no XOR.
// Tables are kept per (number of rows, width); a board's rows are looked up in input order.
type Table = { status: Int8Array; pairs: [number, number][] };
const tables = new Map<string, Table>();

function build(rows: number, m: number): Table {
  const pairs: [number, number][] = [];
  for (let t = 1; t <= m; t++) for (let j = 1; j <= m; j++) if (t !== j) pairs.push([t, j]);
  const index = new Map(pairs.map(([t, j], i) => [t * 128 + j, i]));
  const P = pairs.length;
  const states = P ** rows;
  // status[2 * s + turn]: 1 won for the player to move, -1 lost, 0 unknown. turn 0: Tom.
  const status = new Int8Array(2 * states);
  const moves = (s: number, turn: number): number[] => {
    const out: number[] = [];
    let rest = s;
    for (let r = 0, w = 1; r < rows; r++, w *= P) {
      const cur = rest % P;
      const [t, j] = pairs[cur]!;
      rest = Math.floor(rest / P);
      const mine = turn === 0 ? t : j;
      const other = turn === 0 ? j : t;
      const lo = mine < other ? 1 : other + 1;
      const hi = mine < other ? other - 1 : m;
      for (let c = lo; c <= hi; c++) {
        if (c === mine) continue;
        const next = turn === 0 ? index.get(c * 128 + j)! : index.get(t * 128 + c)!;
        out.push(s + (next - cur) * w);
      }
    }
    return out;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let s = 0; s < states; s++) {
      for (let turn = 0; turn < 2; turn++) {
        if (status[2 * s + turn] !== 0) continue;
        let allWon = true;
        let won = false;
        for (const n of moves(s, turn)) {
          const v = status[2 * n + 1 - turn]!;
          if (v === -1) {
            won = true;
            break;
          }
          if (v !== 1) allWon = false;
        }
        if (won || allWon) {
          status[2 * s + turn] = won ? 1 : -1;
          changed = true;
        }
      }
    }
  }
  return { status, pairs };
}

export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  const out: string[] = [];
  let p = 0;
  while (p < data.length) {
    const n = data[p]!;
    const m = data[p + 1]!;
    p += 2;
    const key = `${n},${m}`;
    let table = tables.get(key);
    if (!table) tables.set(key, (table = build(n, m)));
    let s = 0;
    for (let r = 0, w = 1; r < n; r++, w *= table.pairs.length, p += 2) {
      s += table.pairs.findIndex(([t, j]) => t === data[p] && j === data[p + 1]) * w;
    }
    out.push(table.status[2 * s] === 1 ? 'I WIN!' : 'BAD LUCK!');
  }
  return out.join('\n') + '\n';
}
