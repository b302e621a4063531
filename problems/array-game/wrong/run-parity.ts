// Groups the k by equal quotient q = floor(m/k), but treats a whole run as one step: it XORs
// sg(q) once per run, whatever the run's length, and never records the values reached inside it.
import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
const lines: string[] = [];
rl.on('line', (line) => lines.push(line));
rl.on('close', () => {
  const n = parseInt(lines[0]);
  const q = parseInt(lines[1]);
  const r = Math.floor(Math.sqrt(n));
  // sg of a quotient v: lo[v] when v <= r, else hi[floor(n / v)].
  const lo = new Int32Array(r + 2);
  const hi = new Int32Array(r + 2);
  // Every value here is below 2^31, so `| 0` is the integer division.
  const get = (v: number) => (v <= r ? lo[v] : hi[(n / v) | 0]);
  const vis = new Int32Array(1 << 12);
  let stamp = 0;
  const calc = (m: number) => {
    stamp++;
    vis[0] = stamp;
    let x = 0;
    for (let t = 2; t <= m; ) {
      const v = (m / t) | 0;
      x ^= get(v);
      vis[x] = stamp;
      t = ((m / v) | 0) + 1;
    }
    let mex = 0;
    while (vis[mex] === stamp) mex++;
    return mex;
  };
  for (let v = 1; v <= r; v++) lo[v] = calc(v);
  for (let j = r; j >= 1; j--) if (Math.floor(n / j) > r) hi[j] = calc(Math.floor(n / j));
  const out: string[] = [];
  for (let i = 0; i < q; i++) {
    const nums = lines[2 + i].trim().split(' ').map(Number);
    let x = 0;
    for (let j = 1; j <= nums[0]; j++) x ^= get(Math.floor(n / nums[j]));
    out.push(x ? 'Yes' : 'No');
  }
  console.log(out.join('\n'));
});
