// Sorts and pairs chessmen, but from the left: (P1, P2), (P3, P4), ... With N odd the last
// chessman is left alone, though it is the leftmost one that should pair with the wall.
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', () => {
  const nums = input.trim().split(/\s+/).map(Number);
  let k = 0;
  const t = nums[k++];
  const res: string[] = [];
  while (res.length < t) {
    const n = nums[k++];
    const a = nums.slice(k, k + n).sort((x, y) => x - y);
    k += n;
    let x = 0;
    for (let i = 0; i + 1 < n; i += 2) x ^= a[i + 1] - a[i] - 1;
    res.push(x ? 'Georgia will win' : 'Bob will win');
  }
  console.log(res.join('\n'));
});
