// The learner adds the SG values of the two pieces instead of XOR-ing them.
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const MAX = 200;
  const sg: number[][] = [];
  for (let n = 0; n <= MAX; n++) sg.push(new Array(MAX + 1).fill(0));
  // seen[v] === stamp marks v as reachable from the current sheet (a sheet has at most 2·MAX
  // cuts, so every value stays below 2·MAX and every sum below 4·MAX).
  const seen = new Int32Array(4 * MAX + 2);
  let stamp = 0;
  for (let n = 2; n <= MAX; n++) {
    for (let m = 2; m <= MAX; m++) {
      stamp++;
      for (let i = 2; i <= n - 2; i++) seen[sg[i][m] + sg[n - i][m]] = stamp;
      for (let j = 2; j <= m - 2; j++) seen[sg[n][j] + sg[n][m - j]] = stamp;
      let g = 0;
      while (seen[g] === stamp) g++;
      sg[n][m] = g;
    }
  }
  const lines = input.split('\n').filter((l) => l.trim() !== '');
  const out = lines.map((l) => {
    const [n, m] = l.split(' ').map(Number);
    return sg[n][m] !== 0 ? 'WIN' : 'LOSE';
  });
  console.log(out.join('\n'));
});
