// Win/lose search over whole boards, following the rules literally. A board of N cells is a bitmask
// with cell x at bit N - x, so cell 1 is the highest bit. A move turns a white cell x black and
// flips only cells after x, i.e. lower bits: every move lowers the number, and one pass over the
// numbers in increasing order settles every board. Tables are kept per N across calls.
const tables = new Map<number, Uint8Array>();

function winTable(n: number): Uint8Array {
  const known = tables.get(n);
  if (known) return known;
  const size = 2 ** n;
  const wins = new Uint8Array(size);
  for (let board = 0; board < size; board++) {
    let found = false;
    for (let x = 1; x <= n && !found; x++) {
      if (((board >> (n - x)) & 1) === 0) continue;
      let next = board;
      for (let kx = x; kx <= n && !found; kx += x) {
        next ^= 1 << (n - kx);
        if (wins[next] === 0) found = true;
      }
    }
    wins[board] = found ? 1 : 0;
  }
  tables.set(n, wins);
  return wins;
}

export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const n = data[p++]!;
  const k = data[p++]!;
  if (n > 24) throw new Error(`brute force: N = ${n} is too large`);
  const wins = winTable(n);
  const out: string[] = [];
  for (let g = 0; g < k; g++) {
    const w = data[p++]!;
    let board = 0;
    for (let i = 0; i < w; i++) board |= 1 << (n - data[p++]!);
    out.push(wins[board] === 1 ? 'Yes' : 'No');
  }
  return out.join('\n') + '\n';
}
