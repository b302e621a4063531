// The right pattern with the wrong operator: trailing ones of (x - 1) ^ (y - 1) instead of
// (x - 1) | (y - 1). It agrees whenever the two low parts share no one-bit, e.g. on the samples,
// but gives (2, 2) the value 0 instead of 1.
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const t = data[p++];
  const out: string[] = [];
  for (let c = 0; c < t; c++) {
    const n = data[p++];
    let x = 0;
    for (let i = 0; i < n; i += 2) {
      let v = (data[p++] - 1) ^ (data[p++] - 1);
      let sg = 0;
      while (v & 1) {
        v >>= 1;
        sg++;
      }
      x ^= sg;
    }
    out.push(x ? 'YES' : 'NO');
  }
  console.log(out.join('\n'));
});
