// A guess: cell x behaves like a Nim pile of floor(N/x) stones (one stone per possible k).
let input = '';
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const n = data[p++];
  const q = data[p++];
  const out: string[] = [];
  for (let i = 0; i < q; i++) {
    const w = data[p++];
    let x = 0;
    for (let j = 0; j < w; j++) x ^= Math.floor(n / data[p++]);
    out.push(x !== 0 ? 'Yes' : 'No');
  }
  console.log(out.join('\n'));
});
