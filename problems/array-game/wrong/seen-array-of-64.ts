// stress: random inputs almost never reveal this mistake (white cells x with floor(N/x) of 17,543,859 or more).
// The right quotient method, but the mex marks live in an array of 64 entries, "enough for Grundy
// values": marks of 64 and more are dropped and no value reaches past 64. f(m) is 32 or more from
// m = 108,295 on and 64 or more from m = 17,543,859 on (68 is the largest below 10^9).
import * as fs from 'fs';
// Coin-turning game: a move flips a white cell x and some cells after it, so a position is the sum
// of its single white cells and its Grundy value is the XOR of theirs. A lone white cell x with
// m = floor(N/x) has value f(m) = mex over k = 1..m of f(floor(m/2)) ^ ... ^ f(floor(m/k)) (k = 1
// gives the empty XOR, 0), because floor(floor(N/x)/t) = floor(N/(t x)). Only the O(sqrt N)
// distinct quotients floor(N/i) are ever needed, and each costs O(sqrt m): inside a run of t on
// which f(floor(m/t)) stays the same value g, the prefix XOR only alternates between X ^ g and X.
// O(N^(3/4)) in all, about 60 ms for N = 10^9.
function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const n = data[p++]!;
  const k = data[p++]!;
  const table = new QuotientGrundy(n);
  const out: string[] = [];
  for (let g = 0; g < k; g++) {
    const w = data[p++]!;
    let x = 0;
    for (let i = 0; i < w; i++) x ^= table.at(Math.floor(n / data[p++]!));
    out.push(x !== 0 ? 'Yes' : 'No');
  }
  return out.join('\n') + '\n';
}

/** f(m) for every m = floor(N/i). */
class QuotientGrundy {
  private readonly root: number;
  /** small[m] = f(m) for m <= root. */
  private readonly small: Int32Array;
  /** large[j] = f(floor(N/j)) for j <= root: every quotient above root is one of these. */
  private readonly large: Int32Array;
  /**
   * runStart[q] = the smallest q' with f constant on [q', q]. f changes rarely (about one q in
   * nine), so the t whose quotients share one run of f are handled together.
   */
  private readonly runStart: Int32Array;
  private mark = new Int32Array(64);
  private stamp = 0;

  constructor(private readonly n: number) {
    let root = Math.floor(Math.sqrt(n));
    while (root * root > n) root--;
    while ((root + 1) * (root + 1) <= n) root++;
    this.root = root;
    this.small = new Int32Array(root + 2);
    this.large = new Int32Array(root + 2);
    this.runStart = new Int32Array(root + 2);
    for (let m = 1; m <= root; m++) {
      this.small[m] = this.grundy(m, 0);
      this.runStart[m] = m > 1 && this.small[m] === this.small[m - 1] ? this.runStart[m - 1]! : m;
    }
    for (let j = root; j >= 1; j--) this.large[j] = this.grundy(Math.floor(n / j), j);
  }

  at(m: number): number {
    return m <= this.root ? this.small[m]! : this.large[Math.floor(this.n / m)]!;
  }

  /** f(m); `j` > 0 when m = floor(N/j) and f of larger quotients must come from `large`. */
  private grundy(m: number, j: number): number {
    const { small, large, root, runStart } = this;
    const mark = this.mark;
    const stamp = ++this.stamp;
    mark[0] = stamp;
    let s = Math.floor(Math.sqrt(m));
    while (s * s > m) s--;
    while ((s + 1) * (s + 1) <= m) s++;
    let prefix = 0;
    // t below sqrt(m): every t has its own quotient; floor(m/t) = floor(N/(j t)) > root exactly
    // when j t <= root, and then its value is large[j t].
    const lastSingle = Math.floor(m / (s + 1));
    let t = 2;
    if (j > 0) {
      const lastLarge = Math.min(lastSingle, Math.floor(root / j));
      for (let jt = 2 * j; t <= lastLarge; t++, jt += j) {
        prefix ^= large[jt]!;
        mark[prefix] = stamp;
      }
    }
    for (; t <= lastSingle; t++) {
      prefix ^= small[(m / t) | 0]!;
      mark[prefix] = stamp;
    }
    // t above sqrt(m): quotients q <= s, in increasing t (decreasing q). The t whose quotients lie in
    // one run [from, q] of equal f form one interval (before, floor(m/from)].
    let before = Math.max(lastSingle, 1);
    for (let q = s; q >= 1; ) {
      const from = runStart[q]!;
      const g = small[q]!;
      q = from - 1;
      const last = (m / from) | 0;
      const len = last - before;
      if (len <= 0) continue;
      before = last;
      const a = prefix ^ g;
      mark[a] = stamp;
      if (len >= 2) mark[prefix] = stamp;
      if ((len & 1) === 1) prefix = a;
    }
    let mex = 0;
    while (mark[mex] === stamp) mex++;
    return mex;
  }

}
process.stdout.write(solve(fs.readFileSync(0, 'utf8')));
