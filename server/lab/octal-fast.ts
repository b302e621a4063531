/**
 * SG values of a heap game whose moves are heap arithmetic (octal codes, subtraction sets, Bash):
 * values in a typed array, the mex with a stamped array, no object per option. The general search
 * builds an option list per state, which costs ×40 on splitting games; this loop is the one the
 * literature's tables are computed with.
 *
 * The Guy–Smith bound is checked as the values come: once a period is proven, the rest of the
 * table follows from it and is not computed.
 */
import { analyseSequence, guySmithLength, type SequenceAnalysis } from './period';
import { ownCpuMs } from '../platform/thread-cpu';

/** What removing j tokens may leave, as an octal digit: bit 1 nothing, bit 2 one heap, bit 4 two. */
export interface HeapRule {
  /** Removal amounts with a non-zero digit, ascending. */
  take: Int32Array;
  /** The octal digit of each removal in `take`. */
  digit: Uint8Array;
}

/** Rule of the octal code 0.d1 d2 …: digits[j - 1] is d_j (trailing zeros allowed). */
export function octalRule(digits: readonly number[]): HeapRule {
  const take: number[] = [];
  const digit: number[] = [];
  digits.forEach((d, i) => {
    if (d !== 0) {
      take.push(i + 1);
      digit.push(d);
    }
  });
  return { take: Int32Array.from(take), digit: Uint8Array.from(digit) };
}

/** A subtraction set is the octal game with digit 3 (leave the rest, or nothing) at each amount. */
export function subtractionRule(set: readonly number[]): HeapRule {
  const sorted = [...new Set(set)].sort((a, b) => a - b);
  return { take: Int32Array.from(sorted), digit: new Uint8Array(sorted.length).fill(3) };
}

/** Why a fast table stopped before `to`: the work cap (quick path) or the time limit. */
export class FastTableStopped extends Error {
  constructor(
    readonly reason: 'work' | 'time',
    /** Largest n whose value was computed. */
    readonly reached: number,
    readonly ms: number,
  ) {
    super(`stopped at n = ${reached} (${reason})`);
    this.name = 'FastTableStopped';
  }
}

export interface FastLimits {
  /** Most mex marks (options examined) before stopping with reason 'work'. */
  workCap: number;
  /**
   * The computing thread's CPU milliseconds before stopping with reason 'time': CPU time, so a table
   * that ends within the limit on a quiet machine ends within it beside a busy class too.
   */
  timeMs: number;
  /** Told the fraction done (0..1) now and then, at most a few times a second. */
  onProgress?: (fraction: number) => void;
}

export interface FastTable {
  /** G(0..to). */
  values: Uint32Array;
  /** First n whose value follows from the proven period instead of being computed; null when all were computed. */
  byPeriodFrom: number | null;
  /** The analysis of the computed values when the period was proven on the way (checkedUpTo is `to`). */
  analysis: SequenceAnalysis | null;
  /** Options examined. */
  work: number;
}

/** How often the clock and the progress callback are consulted, in options examined. */
const CLOCK_EVERY = 1 << 22;
const PROGRESS_MS = 250;
/**
 * The first look for a proof. Below it every value is computed (a small table costs nothing and
 * reads as it always did); from it on, a look every 1/64 more values.
 */
export const FIRST_PROOF_CHECK = 1024;

/**
 * A fast table stopped between slices (see fastHeapSlice), everything needed to go on from `n` as
 * if it had never stopped: the values so far, the mex stamps, the work done and the time spent.
 */
export interface FastProgress {
  to: number;
  values: Uint32Array;
  seen: Uint32Array;
  n: number;
  work: number;
  nextClock: number;
  nextCheck: number;
  /** Milliseconds computed before this slice (the time limit counts computing, not waiting). */
  ms: number;
  /** When progress was last told, ms since the epoch (slices are shorter than PROGRESS_MS). */
  progressAt: number;
}

/**
 * G(0..to) of the heap game `rule`. Throws FastTableStopped past the work cap or the time limit.
 */
export function fastHeapTable(rule: HeapRule, to: number, limits: FastLimits): FastTable {
  return fastHeapSlice(rule, to, limits, null, Number.POSITIVE_INFINITY) as FastTable;
}

/**
 * The same table computed a slice at a time: from `from` (null: the start), for about `sliceMs`
 * of wall time, then the progress to go on from (so a judge thread can give its time to waiting
 * work between slices), or the table once done. The values are the same however it is sliced.
 */
export function fastHeapSlice(rule: HeapRule, to: number, limits: FastLimits, from: FastProgress | null, sliceMs: number): FastTable | FastProgress {
  const started = performance.now();
  const cpuStarted = ownCpuMs();
  // CPU milliseconds of the slices before this one (the limit's count; slices and progress go by the clock).
  const spent = from?.ms ?? 0;
  const cpuSpent = () => spent + ownCpuMs() - cpuStarted;
  const { take, digit } = rule;
  const moves = take.length;
  const bound = moves ? take[moves - 1]! : 0;
  const values = from?.values ?? new Uint32Array(to + 1);
  let seen = from?.seen ?? new Uint32Array(64);
  let work = from?.work ?? 0;
  let nextClock = from?.nextClock ?? CLOCK_EVERY;
  // On the epoch's clock: a slice may run in another thread than the one before.
  const epoch = performance.timeOrigin;
  let lastProgress = from ? from.progressAt - epoch : started;
  let nextCheck = from?.nextCheck ?? FIRST_PROOF_CHECK;
  let splits = 0;
  for (let i = 0; i < moves; i++) if (digit[i]! & 4) splits++;
  // Work to reach n grows as n² for splitting games, as n otherwise: progress follows the work.
  const doneFraction = (n: number) => (splits ? (n / to) ** 2 : n / to);

  let pause = false;
  for (let n = from?.n ?? 0; n <= to; n++) {
    const stamp = n + 1;
    for (let i = 0; i < moves; i++) {
      const j = take[i]!;
      if (j > n) break;
      const d = digit[i]!;
      const rest = n - j;
      if (rest === 0) {
        if (d & 1) seen[0] = stamp;
        continue;
      }
      if (d & 2) seen[values[rest]!] = stamp;
      if (d & 4 && rest >= 2) {
        const half = rest >> 1;
        for (let a = 1; a <= half; a++) seen[values[a]! ^ values[rest - a]!] = stamp;
        work += half;
      }
    }
    work += moves;
    let m = 0;
    while (seen[m] === stamp) m++;
    values[n] = m;
    // Every XOR of two values stays below the next power of two above the largest value.
    if (m + 1 >= seen.length) {
      const bigger = new Uint32Array(seen.length * 2);
      bigger.set(seen);
      seen = bigger;
    }
    if (work >= nextClock) {
      nextClock = work + CLOCK_EVERY;
      const now = performance.now();
      const cpu = cpuSpent();
      if (work > limits.workCap) throw new FastTableStopped('work', n, cpu);
      if (cpu > limits.timeMs) throw new FastTableStopped('time', n, cpu);
      if (limits.onProgress && now - lastProgress >= PROGRESS_MS) {
        lastProgress = now;
        limits.onProgress(doneFraction(n));
      }
      pause = now - started >= sliceMs;
    }
    if (n + 1 === nextCheck && n < to) {
      nextCheck += Math.max(16, nextCheck >> 6);
      const proof = provenPeriod(values, n + 1, bound);
      if (proof) {
        const p = proof.period;
        for (let k = n + 1; k <= to; k++) values[k] = values[k - p]!;
        return { values, byPeriodFrom: n + 1, analysis: { ...proof, checkedUpTo: to }, work };
      }
    }
    if (pause && n < to) return { to, values, seen, n: n + 1, work, nextClock, nextCheck, ms: cpuSpent(), progressAt: epoch + lastProgress };
  }
  return { values, byPeriodFrom: null, analysis: null, work };
}

/** Whether a slice's answer is progress to go on from rather than the table. */
export const isFastProgress = (r: FastTable | FastProgress): r is FastProgress => 'seen' in r;

/**
 * The analysis of G(0..len-1) when the Guy–Smith bound proves its period, else null. A cheap test
 * first (the smallest period of the last half, and how far back it holds), so that the full
 * analysis runs once, when a proof is at hand.
 */
function provenPeriod(values: Uint32Array, len: number, bound: number): SequenceAnalysis | null {
  // A proof needs len ≥ guySmithLength(start, p, bound), so the last half lies in the periodic part.
  const from = len >> 1;
  const p = smallestPeriod(values, from, len);
  if (p === 0) return null;
  let i = len - 1 - p;
  while (i > 0 && values[i - 1] === values[i - 1 + p]) i--;
  if (len < guySmithLength(i, p, bound)) return null;
  const a = analyseSequence(values.subarray(0, len), 0, bound);
  return a && a.proven && a.saltus === 0 ? a : null;
}

let border = new Int32Array(1024);

/** Smallest p with values[k] = values[k + p] over from ≤ k < to − p (0 when the window is empty). */
function smallestPeriod(values: Uint32Array, from: number, to: number): number {
  const w = to - from;
  if (w <= 1) return w;
  if (border.length < w) border = new Int32Array(Math.max(w, border.length * 2));
  // Knuth–Morris–Pratt borders: the smallest period is the length minus the longest border.
  border[0] = 0;
  let k = 0;
  for (let q = 1; q < w; q++) {
    const c = values[from + q];
    while (k > 0 && values[from + k] !== c) k = border[k - 1]!;
    if (values[from + k] === c) k++;
    border[q] = k;
  }
  return w - border[w - 1]!;
}
