// Correct, but checks whether n is a losing length by walking the arithmetic progression of losing
// lengths (k + 1, k + 1 + (4k + 2), ...; all even lengths for k = 1): O(n / k) per game.
let input = '';
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const t = data[p++];
  const out: string[] = [];
  for (let i = 0; i < t; i++) {
    const k = data[p++];
    const n = data[p++];
    let bob = n === 0;
    const first = k === 1 ? 2 : k + 1;
    const step = k === 1 ? 2 : 4 * k + 2;
    for (let len = first; len <= n && !bob; len += step) if (len === n) bob = true;
    out.push(bob ? 'Bob' : 'Alice');
  }
  console.log(out.join('\n'));
});
