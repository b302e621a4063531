// Right strategy, too slow: every turn it rebuilds the Grundy table from scratch with a Set for the
// mex, O(N^2) set operations per move, and a game can last a thousand of its moves.
import * as readline from 'readline';

const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
async function readInts(): Promise<number[]> {
  const next = await lines.next();
  if (next.done) process.exit(0);
  return next.value.trim().split(/\s+/).map(Number);
}

function table(n: number, l: number): number[] {
  const g: number[] = [];
  for (let m = 0; m <= n; m++) {
    const seen = new Set<number>();
    for (let a = 0; a <= m - l; a++) seen.add(g[a] ^ g[m - l - a]);
    let mex = 0;
    while (seen.has(mex)) mex++;
    g.push(mex);
  }
  return g;
}

const [n, l, r] = await readInts();
if (l < r || (n - l) % 2 === 0) {
  const y = (n - l) % 2 === 0 ? l : l + 1;
  console.log('First');
  console.log(`${(n - y) / 2 + 1} ${y}`);
  for (;;) {
    const [a, b] = await readInts();
    if (a <= 0) break;
    console.log(`${n + 2 - a - b} ${b}`);
  }
} else {
  const on = new Uint8Array(n + 2).fill(1, 1, n + 1);
  let mine = table(n, l)[n] !== 0;
  console.log(mine ? 'First' : 'Second');
  for (;;) {
    if (mine) {
      const g = table(n, l);
      const segs: [number, number][] = [];
      for (let i = 1; i <= n; ) {
        if (!on[i]) { i++; continue; }
        const s = i;
        while (on[i]) i++;
        segs.push([s, i - s]);
      }
      let total = 0;
      for (const [, len] of segs) total ^= g[len];
      let move: [number, number] = [0, 0];
      search: for (const [s, len] of segs) {
        for (let a = 0; a + l <= len; a++) if ((g[a] ^ g[len - l - a]) === (total ^ g[len])) { move = [s + a, l]; break search; }
      }
      console.log(`${move[0]} ${move[1]}`);
      if (move[0] === 0) break;
      on.fill(0, move[0], move[0] + l);
    } else {
      const [a, b] = await readInts();
      if (a <= 0) break;
      on.fill(0, a, a + b);
    }
    mine = !mine;
  }
}
process.exit(0);
