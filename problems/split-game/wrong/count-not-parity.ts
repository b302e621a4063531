// Every non-empty bottle enters the XOR once, whatever its number of beans: the learner missed
// that two beans in the same bottle cancel, so only the parity of a bottle matters.
import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
const lines: string[] = [];
rl.on('line', (line) => {
  if (line.trim() !== '') lines.push(line.trim());
});
rl.on('close', () => {
  let li = 0;
  const t = parseInt(lines[li++]);
  const out: string[] = [];
  for (let c = 0; c < t; c++) {
    const n = parseInt(lines[li++]);
    const a = lines[li++].split(' ').map(Number);
    const sg: number[] = new Array(n).fill(0);
    for (let i = n - 2; i >= 0; i--) {
      const seen = new Set<number>();
      for (let j = i + 1; j < n; j++) for (let k = j; k < n; k++) seen.add(sg[j] ^ sg[k]);
      let m = 0;
      while (seen.has(m)) m++;
      sg[i] = m;
    }
    let x = 0;
    for (let i = 0; i < n; i++) if (a[i] > 0) x ^= sg[i];
    let first = '';
    let cnt = 0;
    for (let i = 0; i < n; i++) {
      if (a[i] === 0) continue;
      for (let j = i + 1; j < n; j++)
        for (let k = j; k < n; k++)
          if ((x ^ sg[i] ^ sg[j] ^ sg[k]) === 0) {
            if (!first) first = `${i} ${j} ${k}`;
            cnt++;
          }
    }
    out.push(first || '-1 -1 -1', `${cnt}`);
  }
  console.log(out.join('\n'));
});
