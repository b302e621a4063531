/**
 * Periodicity of an SG sequence: pre-period, period and saltus (arithmetic periodicity,
 * G(n + p) = G(n) + s), and whether the Guy–Smith bound proves it for an octal or subtraction game.
 */

export interface SequenceAnalysis {
  /** First n of the periodic part (states before it are the pre-period). */
  preperiod: number;
  /** Smallest period p with G(n + p) = G(n) + saltus for every n ≥ preperiod in the table. */
  period: number;
  /** 0 for plain periodicity. */
  saltus: number;
  /** True only when the Guy–Smith bound is met (octal and subtraction games). */
  proven: boolean;
  /** Largest n whose value was checked. */
  checkedUpTo: number;
  /** Values (from n = 0) the Guy–Smith bound needs to prove this period, when it applies. */
  proofNeeds: number | null;
  /** States before the periodic part whose value differs from what the pattern predicts. */
  exceptions: number[];
}

/**
 * Values from n = 0 the Guy–Smith theorem needs to prove a period p from n0 of an octal or
 * subtraction game whose moves remove at most `bound` tokens: G(n + p) = G(n) for
 * n0 ≤ n < 2·n0 + p + bound (read from the values up to 2·n0 + 2·p + bound − 1).
 */
export function guySmithLength(preperiod: number, period: number, bound: number): number {
  return 2 * preperiod + 2 * period + bound;
}

/**
 * Finds the pattern that explains the most of the sequence: the (pre-period, period) with the
 * smallest pre-period + period among those seen at least twice in full after the pre-period, the
 * smaller period on a tie. A multiple of a true period never wins (its pre-period is no smaller).
 *
 * `first` is the n of values[0]; `bound` is the most tokens one move removes, for octal and
 * subtraction games (then a pattern with saltus 0 is proven when the table covers
 * n0 ≤ n < 2·n0 + p + bound, which needs values from n = 0).
 */
export function analyseSequence(values: ArrayLike<number>, first: number, bound: number | null, allowSaltus = true): SequenceAnalysis | null {
  const len = values.length;
  let best: { start: number; period: number; saltus: number } | null = null;
  for (let p = 1; 2 * p <= len; p++) {
    if (best && p >= best.start + best.period) break;
    const top = len - 1 - p;
    const saltus = allowSaltus ? values[top + p]! - values[top]! : 0;
    if (values[top + p]! - values[top]! !== saltus) continue;
    let i = top;
    while (i > 0 && values[i - 1 + p]! - values[i - 1]! === saltus) i--;
    // Seen twice in full, and at least six comparisons, so a short tail (four equal values, an
    // arithmetic run) is not taken for a period.
    const covered = len - i;
    if (covered < 2 * p || covered - p < 6) continue;
    if (!best || i + p < best.start + best.period) best = { start: i, period: p, saltus };
  }
  if (!best) return null;
  const preperiod = first + best.start;
  const checkedUpTo = first + len - 1;
  let proofNeeds: number | null = null;
  let proven = false;
  if (bound !== null && best.saltus === 0 && first === 0) {
    proofNeeds = guySmithLength(preperiod, best.period, bound);
    proven = len >= proofNeeds;
  }
  const exceptions: number[] = [];
  for (let i = 0; i < best.start; i++) {
    const k = Math.ceil((best.start - i) / best.period);
    const predicted = values[i + k * best.period]! - k * best.saltus;
    if (values[i] !== predicted) exceptions.push(first + i);
  }
  return { preperiod, period: best.period, saltus: best.saltus, proven, checkedUpTo, proofNeeds, exceptions };
}

/** "period 12 from n = 71, proven (Guy–Smith: 168 values needed, 201 computed)" and the like. */
export function describeSequence(a: SequenceAnalysis | null, count: number): string {
  if (!a) return `no period seen over ${count} values`;
  const saltus = a.saltus !== 0 ? ` with saltus ${a.saltus}` : '';
  const head = `period ${a.period}${saltus} from n = ${a.preperiod}`;
  if (a.proven) return `${head}: proven (Guy–Smith bound: ${a.proofNeeds} values needed, ${count} computed)`;
  const needs = a.proofNeeds !== null ? `; the Guy–Smith bound needs ${a.proofNeeds} values to prove it` : '';
  return `${head}: seen over ${count} values (up to n = ${a.checkedUpTo})${needs}`;
}
