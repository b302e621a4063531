// Coin-turning game: a move flips a white cell x and some cells after it, so a position is the sum
// of single white cells and its Grundy value is the XOR of theirs. A lone white cell x with m =
// floor(N / x) has value f(m) = mex over k = 1..m of f(floor(m/2)) ^ ... ^ f(floor(m/k)) (k = 1 is
// the empty XOR, 0), because floor(floor(N/x)/t) = floor(N/(t x)). Only the O(sqrt N) distinct
// quotients floor(N/i) matter. Inside a run of t with the same q = floor(m/t), the prefix XOR only
// alternates between X ^ f(q) and X, so each run costs O(1): O(N^(3/4)) in all.
export function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const n = data[p++]!;
  const k = data[p++]!;
  const f = quotientGrundy(n);
  const out: string[] = [];
  for (let g = 0; g < k; g++) {
    const w = data[p++]!;
    let x = 0;
    for (let i = 0; i < w; i++) x ^= f(Math.floor(n / data[p++]!));
    out.push(x !== 0 ? 'Yes' : 'No');
  }
  return out.join('\n') + '\n';
}

/** f(m) for every m = floor(N/i), as a lookup function. */
function quotientGrundy(n: number): (m: number) => number {
  const root = Math.floor(Math.sqrt(n));
  // Values m <= root are stored at small[m]; a larger m = floor(N/j) (j <= root) at large[j],
  // found again as j = floor(N/m).
  const small = new Int32Array(root + 2);
  const large = new Int32Array(root + 2);
  const get = (m: number): number => (m <= root ? small[m]! : large[Math.floor(n / m)]!);
  let mark = new Int32Array(1024);
  let stamp = 0;

  const grundy = (m: number): number => {
    stamp++;
    mark[0] = stamp;
    let prefix = 0;
    let t = 2;
    while (t <= m) {
      const q = Math.floor(m / t);
      const last = Math.floor(m / q);
      const g = get(q);
      const a = prefix ^ g;
      if (a >= mark.length) mark = grow(mark, a);
      mark[a] = stamp;
      if (last > t) mark[prefix] = stamp;
      if ((last - t) % 2 === 0) prefix = a;
      t = last + 1;
    }
    let mex = 0;
    while (mex < mark.length && mark[mex] === stamp) mex++;
    return mex;
  };

  for (let m = 1; m <= root; m++) small[m] = grundy(m);
  for (let j = root; j >= 1; j--) {
    const m = Math.floor(n / j);
    if (m > root) large[j] = grundy(m);
  }
  return get;
}

function grow(mark: Int32Array, atLeast: number): Int32Array {
  let size = mark.length;
  while (size <= atLeast) size *= 2;
  const bigger = new Int32Array(size);
  bigger.set(mark);
  return bigger;
}
