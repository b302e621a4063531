/**
 * The rules of a board, one row each (Hydro's `RULES`): a homework set, an ICPC round, a practice
 * round. What counts as a try, what a solve costs, how rows are ranked, how a cell is written, who
 * sees the live board, and whether a contestant sees their failing test. Every board (the set's,
 * the round's, the virtual round's, the resolver) and every drawing of a cell (page, the browser's
 * redraw, the CSV) takes it from here.
 */
import { isVerdict, verdictRow } from './verdicts';

export type RuleName = 'homework' | 'icpc' | 'practice';

/** A cell as the rules see it: its state, rejected tries, and (under a freeze) tries not shown yet. */
export interface RuledCell {
  state: 'solved' | 'rejected' | 'pending' | 'none';
  /** Counted tries that were rejected: before the solve (solved), all of them (rejected), those shown (pending). */
  tries: number;
  /** Tries made since the freeze, shown only as "?" (0 outside a freeze). */
  pending: number;
  /** Whole minutes from the start to the solve; null unless solved. */
  minutes: number | null;
  /** Homework: the solve came after the set closed. */
  late?: boolean;
}

/** What a row is ranked on (homework: `solved` and `penalty` are the on-time solves and their minutes). */
export interface RowScore {
  solved: number;
  penalty: number;
  late: number;
  lastSolveMinute: number;
}

export interface RuleSpec {
  /** A solve's cost: the rule's penalty minutes for it (added up over a row). */
  penaltyOf(minutes: number, rejected: number): number;
  /** The row's rank key, lower first, compared left to right; equal keys share a rank. */
  rankKey(s: RowScore): number[];
  /** The cell's text, the same on the page, in the browser's redraw and in the CSV. */
  cellText(c: RuledCell): string;
  /** Who sees each try during a freeze: 'teacher' (contestants see the frozen board), 'everyone' (there is no freeze). */
  liveBoard: 'teacher' | 'everyone';
  /** A contestant sees the input and expected output of the test their submission failed. */
  showsFailingTests: boolean;
}

/** A compile error or the judge's own failure is no try (ICPC practice): the verdict table's rule, for every board. */
export function countsAsTry(verdict: string): boolean {
  return isVerdict(verdict) && verdictRow(verdict).countsAsTry;
}

const ICPC_PER_TRY = 20;

/** "+", "+2" (two rejected before the solve), "−3", "?2" (two since the freeze), "−1 ?2". */
function roundText(c: RuledCell): string {
  if (c.state === 'solved') return `+${c.tries > 0 ? c.tries : ''}`;
  if (c.state === 'rejected') return `−${c.tries}`;
  if (c.state === 'pending') return `${c.tries > 0 ? `−${c.tries} ` : ''}?${c.pending}`;
  return '';
}

export const RULES: Record<RuleName, RuleSpec> = {
  homework: {
    penaltyOf: (minutes) => minutes,
    // On-time solves, then less time, then more late solves.
    rankKey: (s) => [-s.solved, s.penalty, -s.late],
    cellText: (c) => (c.state === 'solved' ? (c.tries > 0 ? `✓+${c.tries}` : '✓') : c.state === 'rejected' ? `✗${c.tries}` : ''),
    liveBoard: 'everyone',
    showsFailingTests: true,
  },
  icpc: {
    penaltyOf: (minutes, rejected) => minutes + ICPC_PER_TRY * rejected,
    rankKey: (s) => [-s.solved, s.penalty],
    cellText: roundText,
    liveBoard: 'teacher',
    showsFailingTests: false,
  },
  practice: {
    penaltyOf: () => 0,
    // Solves, then the earlier last solve.
    rankKey: (s) => [-s.solved, s.lastSolveMinute],
    cellText: roundText,
    liveBoard: 'teacher',
    showsFailingTests: false,
  },
};

export function showsFailingTests(rule: RuleName): boolean {
  return RULES[rule].showsFailingTests;
}

/** Lexicographic comparison of two rank keys. */
export function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
