// The learner treats a position made of several runs of '+' as lost only when every run is lost,
// and won as soon as one run is won: win/lose values are combined with AND/OR instead of XOR-ing
// SG values. So "++-++" looks won, though the second player just copies the first.
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => {
  const win: boolean[] = [false, false];
  for (let L = 2; L <= 60; L++) {
    win[L] = false;
    for (let i = 0; i <= L - 2; i++) if (!win[i] && !win[L - 2 - i]) win[L] = true;
  }
  const [first, ...rest] = input.split(/\s+/).filter((x) => x.length > 0);
  const out = rest.slice(0, Number(first)).map((s) => (s.split('-').some((run) => win[run.length]) ? 'true' : 'false'));
  console.log(out.join('\n'));
});
