// Half of the pattern: the learner saw that a pile of 3 is worth 4 (3 = 1 + 2 can be split, and
// 1 ^ 2 = 3 is taken), so 4k + 3 becomes 4k + 4; but 4k + 4 is kept as it is.
let input = '';
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', () => {
  const v = input.split(/\s+/).filter((s) => s.length > 0).map(Number);
  let i = 0;
  const T = v[i++];
  const res: string[] = [];
  for (let k = 0; k < T; k++) {
    const n = v[i++];
    let sg = 0;
    for (let j = 0; j < n; j++) {
      const s = v[i++];
      sg ^= s % 4 === 3 ? s + 1 : s;
    }
    res.push(sg === 0 ? 'Bob' : 'Alice');
  }
  console.log(res.join('\n'));
});
