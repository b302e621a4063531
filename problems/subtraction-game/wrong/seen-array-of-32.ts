// stress: random inputs almost never reveal this mistake (L = R from 3 to 23, N - L odd and N above 433).
// Symmetry where it works; otherwise the right Grundy strategy, but the mex is taken over marks in
// an array of 32 entries: XORs of 32 and more are dropped and no value reaches past 32. With L = R = 3
// a row of 434 cards is already worth 32 or more (values reach 89 at N = 2000), so the player
// misjudges long rows and answers with moves that do not cancel the XOR.
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
  const seen = new Int32Array(32);
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
