// Correct: tries every take and recurses, but without memoisation the same positions are searched
// again and again; the tree grows exponentially with n.
let input = '';
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', () => {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  function wins(n: number, m: number): boolean {
    for (let take = 1; take <= m && take <= n; take++) if (!wins(n - take, m)) return true;
    return false;
  }
  const c = data[0];
  const out: string[] = [];
  for (let i = 0; i < c; i++) out.push(wins(data[1 + 2 * i], data[2 + 2 * i]) ? 'first' : 'second');
  console.log(out.join('\n'));
});
