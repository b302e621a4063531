/**
 * The ranker of every board, as pure functions: a round's scoreboard (live, frozen, virtual), the
 * resolver's reveal sequence after a frozen round, and a homework set's order. No database, no
 * clock: the caller gives every attempt's elapsed time from the person's own start (the round's
 * start for a real contestant, the virtual start for a virtual one) and the elapsed time the viewer
 * stands at, so a live board, a frozen board and a virtual board are one code path. What a try is,
 * what it costs, the rank key and the cell's text are the rules table's (server/rules/round-rules.ts).
 */
import { compareKeys, countsAsTry, RULES, type RowScore, type RuledCell, type RuleName } from '../rules/round-rules';

export type Rules = 'icpc' | 'practice';
export type CellState = RuledCell['state'];

export interface BoardRound {
  /** Problem slugs in round order; the index gives the label. */
  problems: readonly string[];
  rules: Rules;
  /** Length of the round in ms (after any "end now", the actual length). */
  lengthMs: number;
  /** The freeze's start in ms from the start; null: no freeze. */
  freezeMs: number | null;
}

export interface BoardPerson {
  key: string;
  name: string;
  displayName: string;
  virtual: boolean;
}

export interface BoardAttempt {
  /** BoardPerson.key */
  who: string;
  problem: string;
  submission: number;
  /** Final verdict; attempts still queued or running are left out by the caller. */
  verdict: string;
  /** Milliseconds from this person's start of the round. */
  elapsedMs: number;
}

export interface BoardView {
  /** Milliseconds from the start the board stands at: attempts later than this are not shown. */
  elapsedMs: number;
  /** The teacher (or anyone after the unfreeze) sees every verdict. */
  seeThroughFreeze: boolean;
  /** The viewer's own row key: their own tries are never "?" to themselves. */
  self?: string;
}

export interface BoardCell extends RuledCell {
  problem: string;
  label: string;
  first: boolean;
  /** The rules table's text ("+2", "−3", "?2"): every drawing of the cell uses it. */
  text: string;
}

export interface BoardRow {
  rank: number;
  name: string;
  displayName: string;
  solved: number;
  penalty: number;
  virtual: boolean;
  /** The viewer's own row. */
  self: boolean;
  cells: BoardCell[];
}

export interface Board {
  frozen: boolean;
  rows: BoardRow[];
}

/** One reveal of the resolver: the cell's final state, and every row's rank and score after it, in order. */
export interface ResolverStep {
  name: string;
  problem: string;
  cell: BoardCell;
  rows: { name: string; rank: number; solved: number; penalty: number }[];
}

/** A, B, … Z, then AA, AB … for (unlikely) rounds of more than 26 problems. */
export function labelOf(index: number): string {
  let label = '';
  let n = index;
  do {
    label = String.fromCharCode(65 + (n % 26)) + label;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return label;
}

const MINUTE = 60_000;

/** A row's score from its cells, by the rule: the board, the resolver and the set use it alike. */
export function scoreCells(rule: RuleName, cells: readonly RuledCell[]): RowScore {
  const spec = RULES[rule];
  const score: RowScore = { solved: 0, penalty: 0, late: 0, lastSolveMinute: 0 };
  for (const c of cells) {
    if (c.state !== 'solved') continue;
    if (c.late) {
      score.late += 1;
      continue;
    }
    score.solved += 1;
    score.penalty += spec.penaltyOf(c.minutes ?? 0, c.tries);
    score.lastSolveMinute = Math.max(score.lastSolveMinute, c.minutes ?? 0);
  }
  return score;
}

/** Sorted by the rule's key, then the name; equal keys share a rank (1, 1, 3). */
export function rankRows<T>(rule: RuleName, rows: readonly T[], scoreOf: (r: T) => RowScore, nameOf: (r: T) => string): { row: T; rank: number }[] {
  const keyed = rows.map((row) => ({ row, key: RULES[rule].rankKey(scoreOf(row)) }));
  keyed.sort((x, y) => compareKeys(x.key, y.key) || nameOf(x.row).localeCompare(nameOf(y.row)));
  const out: { row: T; rank: number }[] = [];
  keyed.forEach((k, i) => {
    const prev = keyed[i - 1];
    out.push({ row: k.row, rank: prev !== undefined && compareKeys(prev.key, k.key) === 0 ? out[i - 1]!.rank : i + 1 });
  });
  return out;
}

function withText(rule: RuleName, cell: Omit<BoardCell, 'text'>): BoardCell {
  return { ...cell, text: RULES[rule].cellText(cell) };
}

export function computeBoard(round: BoardRound, people: readonly BoardPerson[], attempts: readonly BoardAttempt[], view: BoardView): Board {
  const cutoff = Math.min(view.elapsedMs, round.lengthMs);
  const frozen = !view.seeThroughFreeze && round.freezeMs !== null && view.elapsedMs >= round.freezeMs;
  const index = new Map(round.problems.map((slug, i) => [slug, i]));

  const byPerson = new Map<string, BoardAttempt[]>();
  for (const a of attempts) {
    if (a.elapsedMs < 0 || a.elapsedMs >= round.lengthMs || a.elapsedMs > cutoff || !index.has(a.problem) || !countsAsTry(a.verdict)) continue;
    const list = byPerson.get(a.who) ?? [];
    list.push(a);
    byPerson.set(a.who, list);
  }

  const solvedAt = new Map<string, Map<number, { elapsedMs: number; submission: number }>>();
  const working = people.map((person) => {
    const mine = (byPerson.get(person.key) ?? []).sort((x, y) => x.elapsedMs - y.elapsedMs || x.submission - y.submission);
    const hides = frozen && person.key !== view.self;
    const solves = new Map<number, { elapsedMs: number; submission: number }>();
    const cells = round.problems.map((problem, i) => {
      const cell: Omit<BoardCell, 'text'> = { problem, label: labelOf(i), state: 'none', tries: 0, pending: 0, minutes: null, first: false };
      for (const a of mine) {
        if (a.problem !== problem) continue;
        // Under the freeze a later try shows only as "?", counted apart from the tries seen before it.
        if (hides && round.freezeMs !== null && a.elapsedMs >= round.freezeMs) {
          cell.pending += 1;
          continue;
        }
        if (a.verdict === 'AC') {
          cell.state = 'solved';
          cell.minutes = Math.floor(a.elapsedMs / MINUTE);
          solves.set(i, { elapsedMs: a.elapsedMs, submission: a.submission });
          break;
        }
        cell.tries += 1;
        cell.state = 'rejected';
      }
      if (cell.state !== 'solved' && cell.pending > 0) cell.state = 'pending';
      return cell;
    });
    solvedAt.set(person.key, solves);
    return { person, cells };
  });

  // The first solver of each problem, among real contestants only: a virtual row never takes it. Under
  // the freeze a solve since it (one's own, shown to oneself) never does either: an earlier hidden one may exist.
  const starFrom = frozen && round.freezeMs !== null ? round.freezeMs : Infinity;
  round.problems.forEach((_, i) => {
    let best: { cells: Omit<BoardCell, 'text'>[]; elapsedMs: number; submission: number } | undefined;
    for (const w of working) {
      if (w.person.virtual) continue;
      const s = solvedAt.get(w.person.key)!.get(i);
      if (s && s.elapsedMs < starFrom && (!best || s.elapsedMs < best.elapsedMs || (s.elapsedMs === best.elapsedMs && s.submission < best.submission))) best = { cells: w.cells, ...s };
    }
    if (best) best.cells[i]!.first = true;
  });

  const rows = working.map((w) => ({ ...w, cells: w.cells.map((c) => withText(round.rules, c)), score: scoreCells(round.rules, w.cells) }));
  const ranked = rankRows(round.rules, rows, (r) => r.score, (r) => r.person.name);
  return {
    frozen,
    rows: ranked.map(({ row, rank }) => ({
      rank,
      name: row.person.name,
      displayName: row.person.displayName,
      solved: row.score.solved,
      penalty: row.score.penalty,
      virtual: row.person.virtual,
      self: row.person.key === view.self,
      cells: row.cells,
    })),
  };
}

/**
 * The ICPC resolver's reveal sequence for the unfreeze: starting from the board the contestants see,
 * each step reveals the lowest-ranked row's first frozen cell (left to right) to its final state and
 * ranks the rows again, until no frozen cell is left. The page plays these steps; it decides nothing.
 */
export function resolverSteps(rule: Rules, frozenBoard: Board, finalBoard: Board): ResolverStep[] {
  const finals = new Map(finalBoard.rows.filter((r) => !r.virtual).map((r) => [r.name, r]));
  let rows = frozenBoard.rows.filter((r) => !r.virtual).map((r) => ({ ...r, cells: [...r.cells] }));
  const steps: ResolverStep[] = [];
  for (;;) {
    let at: { row: (typeof rows)[number]; i: number } | undefined;
    for (let r = rows.length - 1; r >= 0 && !at; r--) {
      const i = rows[r]!.cells.findIndex((c) => c.state === 'pending');
      if (i >= 0) at = { row: rows[r]!, i };
    }
    if (!at) return steps;
    const final = finals.get(at.row.name)?.cells[at.i];
    // A row the final board lacks (a student removed meanwhile) shows its tries as rejected.
    const cell: BoardCell = final ?? withText(rule, { ...at.row.cells[at.i]!, state: 'rejected', tries: at.row.cells[at.i]!.tries + at.row.cells[at.i]!.pending, pending: 0 });
    at.row.cells[at.i] = cell;
    const ranked = rankRows(rule, rows, (r) => scoreCells(rule, r.cells), (r) => r.name);
    rows = ranked.map(({ row, rank }) => {
      const score = scoreCells(rule, row.cells);
      return { ...row, rank, solved: score.solved, penalty: score.penalty };
    });
    steps.push({ name: at.row.name, problem: cell.problem, cell, rows: rows.map((r) => ({ name: r.name, rank: r.rank, solved: r.solved, penalty: r.penalty })) });
  }
}

/** What a set's row is ranked on (a StandingsRow of server/storage/standings.ts is one). */
export interface SetRowCounts {
  displayName: string;
  onTime?: number;
  late?: number;
  minutes?: number;
}

/** A set's ranking by the homework rule: on-time solves, then less time, then late solves, then the name. */
export function rankSetRows<T extends SetRowCounts>(rows: readonly T[]): T[] {
  const score = (r: T): RowScore => ({ solved: r.onTime ?? 0, penalty: r.minutes ?? 0, late: r.late ?? 0, lastSolveMinute: 0 });
  return rankRows('homework', rows, score, (r) => r.displayName).map((r) => r.row);
}
