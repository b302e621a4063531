// Groups the k by equal quotient, but treats a whole run as one step: it XORs f(q) once per run,
// whatever the run's length, and never records the values reached inside the run.
import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
const lines: string[] = [];
rl.on('line', (line) => lines.push(line));
rl.on('close', () => {
  const n = parseInt(lines[0]);
  const q = parseInt(lines[1]);
  const memo = new Map<number, number>();
  const sg = (m: number): number => {
    if (memo.has(m)) return memo.get(m);
    const seen = new Set<number>([0]);
    let x = 0;
    for (let t = 2; t <= m; ) {
      const v = Math.floor(m / t);
      x ^= sg(v);
      seen.add(x);
      t = Math.floor(m / v) + 1;
    }
    let mex = 0;
    while (seen.has(mex)) mex++;
    memo.set(m, mex);
    return mex;
  };
  const out: string[] = [];
  for (let i = 0; i < q; i++) {
    const nums = lines[2 + i].trim().split(' ').map(Number);
    let x = 0;
    for (let j = 1; j <= nums[0]; j++) x ^= sg(Math.floor(n / nums[j]));
    out.push(x ? 'Yes' : 'No');
  }
  console.log(out.join('\n'));
});
