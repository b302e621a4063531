// Symmetry where it works; otherwise Grundy values with an off-by-one in the split: removing L
// cards at x (1-based) leaves x - 1 on the left and N - x - L + 1 on the right, but it uses N - x - L.
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
    console.log(`${n + 2 - a - b} ${b}`);
  }
} else {
  const g = new Int32Array(n + 1);
  const seen = new Int32Array(2 * n + 2);
  for (let m = l; m <= n; m++) {
    for (let x = 1; x <= m - l; x++) seen[g[x - 1] ^ g[m - x - l]] = m;
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
      for (let x = 1; x + l <= len; x++) if ((g[x - 1] ^ g[len - x - l]) === (total ^ g[len])) return [s + x - 1, l];
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
