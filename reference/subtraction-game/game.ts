// The judge's side of the game: Sprague-Grundy values of a row of cards for any 1 <= L <= R, and
// the moves the interactor plays. Used by the interactor only (not a submission).

/**
 * g[n] for a row of n cards: mex over every move (remove y in [L, R] consecutive cards, leaving a
 * cards on the left and b on the right, a + b = n - y) of g[a] ^ g[b]. S_k = { g[a] ^ g[k - a] }
 * is shared by every n with n - k in [L, R], so a sliding window counts how many S_k of the window
 * hold each value: O(N^2) in all, whatever R - L is.
 */
export function grundyTable(n: number, l: number, r: number): Int32Array {
  const g = new Int32Array(n + 1);
  // SG values here stay far below 2^12 (n <= 2000); the arrays grow if one ever does not.
  let size = 4096;
  let count = new Int32Array(size);
  let seen = new Int32Array(size);
  let mark = 0;
  const grow = (v: number) => {
    while (v >= size) size *= 2;
    const c = new Int32Array(size);
    c.set(count);
    count = c;
    const s = new Int32Array(size);
    s.set(seen);
    seen = s;
  };
  // The distinct values of S_k, kept until k leaves the window.
  const sets: Int32Array[] = [];
  const distinct = (k: number): Int32Array => {
    mark++;
    const values: number[] = [];
    for (let a = 0; a <= k - a; a++) {
      const v = g[a]! ^ g[k - a]!;
      if (v >= size) grow(v);
      if (seen[v] !== mark) {
        seen[v] = mark;
        values.push(v);
      }
    }
    return Int32Array.from(values);
  };
  for (let m = 0; m <= n; m++) {
    // The window for m is k in [m - R, m - L].
    const add = m - l;
    if (add >= 0) {
      const set = distinct(add);
      sets[add] = set;
      for (const v of set) count[v]!++;
    }
    const drop = m - r - 1;
    if (drop >= 0) {
      for (const v of sets[drop]!) count[v]!--;
      sets[drop] = new Int32Array(0);
    }
    let mex = 0;
    while (count[mex]! > 0) mex++;
    g[m] = mex;
  }
  return g;
}

/** A maximal run of cards still on the table: cards start .. start + length - 1. */
export interface Segment {
  start: number;
  length: number;
}

export interface Move {
  x: number;
  y: number;
}

/** The cards on the table, 1..N. */
export class Table {
  readonly on: Uint8Array;

  constructor(readonly n: number) {
    this.on = new Uint8Array(n + 2);
    this.on.fill(1, 1, n + 1);
  }

  segments(): Segment[] {
    const out: Segment[] = [];
    let i = 1;
    while (i <= this.n) {
      if (!this.on[i]) {
        i++;
        continue;
      }
      const start = i;
      while (i <= this.n && this.on[i]) i++;
      out.push({ start, length: i - start });
    }
    return out;
  }

  /** The segment holding card c, or null when c is not on the table. */
  around(c: number): Segment | null {
    if (c < 1 || c > this.n || !this.on[c]) return null;
    let start = c;
    while (this.on[start - 1]) start--;
    let end = c;
    while (this.on[end + 1]) end++;
    return { start, length: end - start + 1 };
  }

  /** The first card of x..x+y-1 not on the table, or 0 when all are. */
  missing(x: number, y: number): number {
    for (let i = x; i < x + y; i++) if (!this.on[i]) return i;
    return 0;
  }

  remove({ x, y }: Move): void {
    this.on.fill(0, x, x + y);
  }
}
