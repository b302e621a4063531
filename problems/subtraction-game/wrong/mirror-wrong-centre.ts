// Takes the middle and copies the judge's moves, reflecting a move a b to (2c + 1) - a - b around
// the centre c, but rounds the centre down: 2c = 2 * floor(N / 2), which is N + 1 only for even N.
import * as readline from 'readline';

const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
async function readInts(): Promise<number[]> {
  const next = await lines.next();
  if (next.done) process.exit(0);
  return next.value.trim().split(/\s+/).map(Number);
}

const [n, l, r] = await readInts();
if (l < r || (n - l) % 2 === 0) {
  const y = (n - l) % 2 === 0 ? l : l + 1;
  console.log('First');
  console.log(`${(n - y) / 2 + 1} ${y}`);
  for (;;) {
    const [a, b] = await readInts();
    if (a <= 0) break;
    const twiceCentre = 2 * Math.floor(n / 2) + 1;
    console.log(`${twiceCentre + 1 - a - b} ${b}`);
  }
} else {
  const g = new Int32Array(n + 1);
  const seen = new Int32Array(2 * n + 2);
  for (let m = l; m <= n; m++) {
    for (let a = 0; a <= m - l; a++) seen[g[a] ^ g[m - l - a]] = m;
    let mex = 0;
    while (seen[mex] === m) mex++;
    g[m] = mex;
  }
  const on = new Uint8Array(n + 2).fill(1, 1, n + 1);
  const myMove = (): [number, number] => {
    const segs: [number, number][] = [];
    for (let i = 1; i <= n; ) {
      if (!on[i]) { i++; continue; }
      const s = i;
      while (on[i]) i++;
      segs.push([s, i - s]);
    }
    let total = 0;
    for (const [, len] of segs) total ^= g[len];
    for (const [s, len] of segs) {
      for (let a = 0; a + l <= len; a++) if ((g[a] ^ g[len - l - a]) === (total ^ g[len])) return [s + a, l];
    }
    return [0, 0];
  };
  let mine = g[n] !== 0;
  console.log(mine ? 'First' : 'Second');
  for (;;) {
    if (mine) {
      const [x, y] = myMove();
      console.log(`${x} ${y}`);
      if (x === 0) break;
      on.fill(0, x, x + y);
    } else {
      const [a, b] = await readInts();
      if (a <= 0) break;
      on.fill(0, a, a + b);
    }
    mine = !mine;
  }
}
process.exit(0);
