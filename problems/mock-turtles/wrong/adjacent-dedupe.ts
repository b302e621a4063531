// The learner reads "the same coin may be described twice" as "written twice in a row" and skips a
// position equal to the one before it, without sorting first.
let input = '';
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', () => {
  const t = input.split(/\s+/).filter((s) => s !== '').map((s) => parseInt(s, 10));
  const res: string[] = [];
  let i = 0;
  while (i < t.length) {
    const n = t[i++];
    let sum = 0;
    let prev = -1;
    for (let j = 0; j < n; j++) {
      const x = t[i++];
      if (x === prev) continue;
      prev = x;
      const ones = x.toString(2).split('').filter((c) => c === '1').length;
      sum ^= ones % 2 === 1 ? 2 * x : 2 * x + 1;
    }
    res.push(sum ? 'No' : 'Yes');
  }
  console.log(res.join('\n'));
});
