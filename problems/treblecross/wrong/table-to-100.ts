// stress: size medium first reveals this mistake (random small inputs never reach it).
// Right method, but the table of run values is sized for boards of 100 cells ("the sample's longest
// board is 47"): for a run above 100, sg[run] is undefined, which XOR treats as 0.
let data = '';
process.stdin.on('data', (c) => (data += c));
process.stdin.on('end', () => {
  const w = data.split(/\s+/).filter((x) => x.length > 0);
  const T = +w[0];
  const MAXN = 100;
  const sg: number[] = [0];
  for (let L = 1; L <= MAXN; L++) {
    const s = new Set<number>();
    for (let j = 0; j < L; j++) s.add(sg[Math.max(0, j - 2)] ^ sg[Math.max(0, L - j - 3)]);
    let m = 0;
    while (s.has(m)) m++;
    sg.push(m);
  }
  const unsafe = (b: string, i: number) => b.slice(Math.max(0, i - 2), i + 3).includes('X');
  const val = (b: string) => {
    let x = 0;
    let run = 0;
    for (let i = 0; i <= b.length; i++) {
      if (i < b.length && !unsafe(b, i)) run++;
      else {
        x ^= sg[run];
        run = 0;
      }
    }
    return x;
  };
  const out: string[] = [];
  for (let k = 1; k <= T; k++) {
    const b = w[k];
    let win: number[] = [];
    for (let i = 0; i < b.length; i++) if (b[i] === '.' && (b.slice(0, i) + 'X' + b.slice(i + 1)).includes('XXX')) win.push(i + 1);
    if (!win.length) {
      win = [];
      for (let i = 0; i < b.length; i++) if (b[i] === '.' && !unsafe(b, i) && val(b.slice(0, i) + 'X' + b.slice(i + 1)) === 0) win.push(i + 1);
    }
    out.push(win.length ? 'WINNING' : 'LOSING');
    out.push(win.join(' '));
  }
  console.log(out.join('\n'));
});
