// The learner sorts S so that the scan can stop early, with JavaScript's default sort: it compares
// the numbers as strings, so [10, 9, 3] becomes [10, 3, 9] and the scan stops at 10.
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => {
  const lines = input.split('\n');
  let li = 0;
  const out: string[] = [];
  while (li < lines.length) {
    const first = lines[li++].trim().split(' ').map(Number);
    if (first[0] === 0 || isNaN(first[0])) break;
    const s = first.slice(1).sort();
    const sg = new Int32Array(10001);
    for (let n = 1; n <= 10000; n++) {
      const seen = new Uint8Array(s.length + 2);
      for (const x of s) {
        if (x > n) break;
        seen[sg[n - x]] = 1;
      }
      let g = 0;
      while (seen[g]) g++;
      sg[n] = g;
    }
    const m = Number(lines[li++]);
    let res = '';
    for (let i = 0; i < m; i++) {
      const h = lines[li++].trim().split(' ').map(Number).slice(1);
      res += h.reduce((a, b) => a ^ sg[b], 0) !== 0 ? 'W' : 'L';
    }
    out.push(res);
  }
  console.log(out.join('\n'));
});
