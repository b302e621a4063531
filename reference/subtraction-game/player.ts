// The fast player for subtraction-game (AtCoder ABC278 G), as a contestant would submit it.
// If some allowed length y has the parity of N: go first, take the middle y cards, then answer each
// move a b with its mirror image N + 2 - a - b, b. Otherwise (L = R, N - L odd): Grundy values of
// a row of n cards, g[n] = mex of g[a] ^ g[n - L - a]; go first exactly when g[N] != 0 and always
// move to a position whose segments' values xor to 0.
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
    for (let a = 0; a <= m - l; a++) seen[g[a] ^ g[m - l - a]] = m;
    let mex = 0;
    while (seen[mex] === m) mex++;
    g[m] = mex;
  }
  const on = new Uint8Array(n + 2).fill(1, 1, n + 1);
  const segments = (): [number, number][] => {
    const out: [number, number][] = [];
    for (let i = 1; i <= n; ) {
      if (!on[i]) { i++; continue; }
      const start = i;
      while (on[i]) i++;
      out.push([start, i - start]);
    }
    return out;
  };
  const myMove = (): [number, number] => {
    const segs = segments();
    let total = 0;
    for (const [, len] of segs) total ^= g[len];
    for (const [start, len] of segs) {
      const t = total ^ g[len];
      for (let a = 0; a + l <= len; a++) if ((g[a] ^ g[len - l - a]) === t) return [start + a, l];
    }
    return [0, 0];
  };
  const play = (x: number, y: number) => on.fill(0, x, x + y);
  let mine = g[n] !== 0;
  console.log(mine ? 'First' : 'Second');
  for (;;) {
    if (mine) {
      const [x, y] = myMove();
      console.log(`${x} ${y}`);
      if (x === 0) break;
      play(x, y);
    } else {
      const [a, b] = await readInts();
      if (a <= 0) break;
      play(a, b);
    }
    mine = !mine;
  }
}
process.exit(0);
