// SG over runs with XOR, but the split loop starts at i = 1 and stops at L - 3: the flips at the
// two ends of a run are never tried, so a lone "++" looks lost.
import * as readline from 'readline';
const g: number[] = [0, 0];
for (let L = 2; L <= 60; L++) {
  const seen = new Set<number>();
  for (let i = 1; i <= L - 3; i++) seen.add(g[i] ^ g[L - 2 - i]);
  let v = 0;
  while (seen.has(v)) v++;
  g.push(v);
}
const rl = readline.createInterface({ input: process.stdin, terminal: false });
let t = -1;
const out: string[] = [];
rl.on('line', (line) => {
  if (t < 0) {
    t = Number(line);
    return;
  }
  if (out.length >= t) return;
  let x = 0;
  for (const run of line.trim().split('-')) x ^= g[run.length];
  out.push(x ? 'true' : 'false');
});
rl.on('close', () => console.log(out.join('\n')));
