// The learner adds the SG values of the two pieces instead of XOR-ing them.
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const MAX = 200;
  const sg: number[][] = [];
  for (let n = 0; n <= MAX; n++) sg.push(new Array(MAX + 1).fill(0));
  for (let n = 2; n <= MAX; n++) {
    for (let m = 2; m <= MAX; m++) {
      const seen = new Set<number>();
      for (let i = 2; i <= n - 2; i++) seen.add(sg[i][m] + sg[n - i][m]);
      for (let j = 2; j <= m - 2; j++) seen.add(sg[n][j] + sg[n][m - j]);
      let g = 0;
      while (seen.has(g)) g++;
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
