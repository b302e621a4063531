// stress: random inputs almost never reveal this mistake; stored tests built for it do (the solution table counts them).
// The right game (f(m) for m = floor(N/x), each white cell an independent game, XOR of their
// values), but the learner reads a game's white cells into a Uint16Array ("w <= 100 small
// numbers"): a cell above 65,535 keeps only its low 16 bits, so floor(N/x) is taken of the wrong x
// (and of x = 0 for a multiple of 65,536).
import * as fs from 'fs';
function solve(input: string): string {
  const data = input.split(/\s+/).filter(Boolean).map(Number);
  let p = 0;
  const n = data[p++]!;
  const k = data[p++]!;
  const table = new QuotientGrundy(n);
  const out: string[] = [];
  for (let g = 0; g < k; g++) {
    const w = data[p++]!;
    const cells = new Uint16Array(w);
    for (let i = 0; i < w; i++) cells[i] = data[p++]!;
    let x = 0;
    for (let i = 0; i < w; i++) x ^= table.at(Math.floor(n / cells[i]!));
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
  private mark = new Int32Array(256);
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
    // Grundy values seen so far are below mark.length, a power of two, so every XOR of them is too.
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
    if (mex >= mark.length / 2) this.grow();
    return mex;
  }

  /** Keeps mark.length above twice every value seen, so mex scans and XORs stay inside it. */
  private grow(): void {
    const bigger = new Int32Array(this.mark.length * 2);
    bigger.set(this.mark);
    this.mark = bigger;
  }
}

process.stdout.write(solve(fs.readFileSync(0, 'utf8')));
