// The right rule, but "every pile holds one stone" is tested on the first pile only, so 1 1 2 is
// judged by the all-ones parity (a loss) although 2 makes it a normal-Nim win.
let input = '';
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', () => {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const t = data[p++];
  const out: string[] = [];
  for (let c = 0; c < t; c++) {
    const n = data[p++];
    const a = data.slice(p, p + n);
    p += n;
    const x = a.reduce((s, v) => s ^ v, 0);
    const allOnes = a[0] === 1;
    out.push((allOnes ? x === 0 : x !== 0) ? 'John' : 'Brother');
  }
  console.log(out.join('\n'));
});
