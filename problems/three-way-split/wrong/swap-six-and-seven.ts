// The table was read one place off (printed from 0, counted from 1): the learner swaps 8k + 6 and
// 8k + 7 instead of 8k + 7 and 8k + 8. The samples hold no heap of 6, 7 or 8.
let data = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => (data += d));
process.stdin.on('end', () => {
  const v = data.trim().split(/\s+/).map(Number);
  let p = 0;
  const t = v[p++];
  const res: string[] = [];
  while (res.length < t) {
    const n = v[p++];
    let sg = 0;
    for (let i = 0; i < n; i++) {
      const s = v[p++];
      if (s % 8 === 6) sg ^= s + 1;
      else if (s % 8 === 7) sg ^= s - 1;
      else sg ^= s;
    }
    res.push(sg ? 'First player wins.' : 'Second player wins.');
  }
  console.log(res.join('\n'));
});
