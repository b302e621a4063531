// The learner reasons that whoever can move first can always keep the initiative: YES as soon as
// some pair still has a pile of 2 or more. Two identical pairs are already a counterexample.
import * as readline from 'readline';
const rl = readline.createInterface({ input: process.stdin });
const lines: string[] = [];
rl.on('line', (line) => lines.push(line));
rl.on('close', () => {
  let li = 0;
  const t = parseInt(lines[li++]);
  const out: string[] = [];
  for (let c = 0; c < t; c++) {
    li++;
    const s = lines[li++].trim().split(' ').map(Number);
    out.push(s.some((v) => v > 1) ? 'YES' : 'NO');
  }
  console.log(out.join('\n'));
});
