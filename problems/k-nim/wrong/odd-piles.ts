// The learner remembers "count something modulo k + 1" but counts only the odd piles (bit 0),
// as if every pile were 0 or 1.
let input = '';
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const v = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const t = v[p++];
  const out: string[] = [];
  for (let c = 0; c < t; c++) {
    const n = v[p++];
    const k = v[p++];
    let odd = 0;
    for (let i = 0; i < n; i++) if (v[p++] % 2 === 1) odd++;
    out.push(odd % (k + 1) === 0 ? 'Second' : 'First');
  }
  console.log(out.join('\n'));
});
