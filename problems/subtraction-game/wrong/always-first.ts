// Believes the first player always wins ("take the middle, then copy"), so it always goes first;
// when the middle cannot be taken symmetrically it plays Grundy moves while it can, then anything.
import * as readline from 'readline';

const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
async function readInts(): Promise<number[]> {
  const next = await lines.next();
  if (next.done) process.exit(0);
  return next.value.trim().split(/\s+/).map(Number);
}

const [n, l, r] = await readInts();
console.log('First');
if (l < r || (n - l) % 2 === 0) {
  const y = (n - l) % 2 === 0 ? l : l + 1;
  console.log(`${(n - y) / 2 + 1} ${y}`);
  for (;;) {
    const [a, b] = await readInts();
    if (a <= 0) break;
    console.log(`${n + 2 - a - b} ${b}`);
  }
} else {
  const g = new Int32Array(n + 1);
  for (let m = l; m <= n; m++) {
    const seen = new Set<number>();
    for (let a = 0; a <= m - l; a++) seen.add(g[a] ^ g[m - l - a]);
    let mex = 0;
    while (seen.has(mex)) mex++;
    g[m] = mex;
  }
  const on = new Uint8Array(n + 2).fill(1, 1, n + 1);
  for (;;) {
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
    for (const [s, len] of segs) {
      for (let a = 0; a + l <= len; a++) {
        if ((g[a] ^ g[len - l - a] ^ g[len]) === total || move[0] === 0) move = [s + a, l];
        if ((g[a] ^ g[len - l - a] ^ g[len]) === total) break;
      }
    }
    console.log(`${move[0]} ${move[1]}`);
    if (move[0] === 0) break;
    on.fill(0, move[0], move[0] + l);
    const [a, b] = await readInts();
    if (a <= 0) break;
    on.fill(0, a, a + b);
  }
}
process.exit(0);
