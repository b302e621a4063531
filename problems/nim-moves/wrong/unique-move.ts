// The learner knows Bouton's theorem and assumes the winning move is unique: prints 1 for a winning
// position and 0 otherwise. Wrong whenever several piles carry the highest bit of the XOR.
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  const out: string[] = [];
  let p = 0;
  while (data[p]) {
    const m = data[p++];
    let x = 0;
    for (let i = 0; i < m; i++) x ^= data[p++];
    out.push(x !== 0 ? '1' : '0');
  }
  console.log(out.join('\n'));
});
