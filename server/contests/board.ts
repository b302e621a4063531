/**
 * The contest scoreboard as a pure function of the round, its people and their judged attempts.
 * No database, no clock: the caller gives every attempt's elapsed time from the person's own start
 * (the round's start for a real contestant, the virtual start for a virtual one) and the elapsed
 * time the viewer stands at, so a live board, a frozen board and a virtual board are one code path.
 */
import { isVerdict, verdictRow } from '../rules/verdicts';

export type Rules = 'icpc' | 'practice';
export type CellState = 'solved' | 'rejected' | 'pending' | 'none';

export interface BoardRound {
  /** Problem slugs in round order; the index gives the label. */
  problems: readonly string[];
  rules: Rules;
  /** Length of the round in minutes (after any "end now", the actual length). */
  minutes: number;
  freezeMinutes: number;
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
}

export interface BoardCell {
  problem: string;
  label: string;
  state: CellState;
  tries: number;
  minutes: number | null;
  first: boolean;
}

export interface BoardRow {
  rank: number;
  name: string;
  displayName: string;
  solved: number;
  penalty: number;
  virtual: boolean;
  cells: BoardCell[];
}

export interface Board {
  frozen: boolean;
  rows: BoardRow[];
}

/** Rejected tries cost 20 minutes each under ICPC rules. */
export const PENALTY_PER_TRY = 20;

/** A compile error or an internal error is not the contestant's try (ICPC practice): the verdict table's rule. */
export function countsAsTry(verdict: string): boolean {
  return isVerdict(verdict) && verdictRow(verdict).countsAsTry;
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

export function freezeStartMs(round: BoardRound): number | null {
  if (round.freezeMinutes <= 0) return null;
  return Math.max(0, round.minutes - round.freezeMinutes) * MINUTE;
}

interface Working {
  person: BoardPerson;
  cells: BoardCell[];
  solvedAt: Map<number, { elapsedMs: number; submission: number }>;
  solved: number;
  penalty: number;
  lastSolveMs: number;
}

export function computeBoard(
  round: BoardRound,
  people: readonly BoardPerson[],
  attempts: readonly BoardAttempt[],
  view: BoardView,
): Board {
  const lengthMs = round.minutes * MINUTE;
  const cutoff = Math.min(view.elapsedMs, lengthMs);
  const freezeAt = freezeStartMs(round);
  const frozen = !view.seeThroughFreeze && freezeAt !== null && view.elapsedMs >= freezeAt;
  const index = new Map(round.problems.map((slug, i) => [slug, i]));

  const byPerson = new Map<string, BoardAttempt[]>();
  for (const a of attempts) {
    if (a.elapsedMs < 0 || a.elapsedMs > cutoff || !index.has(a.problem)) continue;
    const list = byPerson.get(a.who) ?? [];
    list.push(a);
    byPerson.set(a.who, list);
  }

  const rows: Working[] = people.map((person) => {
    const mine = (byPerson.get(person.key) ?? []).sort((x, y) => x.elapsedMs - y.elapsedMs || x.submission - y.submission);
    const w: Working = { person, cells: [], solvedAt: new Map(), solved: 0, penalty: 0, lastSolveMs: 0 };
    round.problems.forEach((problem, i) => {
      const cell: BoardCell = { problem, label: labelOf(i), state: 'none', tries: 0, minutes: null, first: false };
      let hidden = false;
      for (const a of mine) {
        if (a.problem !== problem || !countsAsTry(a.verdict)) continue;
        if (frozen && freezeAt !== null && a.elapsedMs >= freezeAt) {
          // Under the freeze a later try shows only as "?" with its count.
          cell.tries += 1;
          hidden = true;
          continue;
        }
        cell.tries += 1;
        if (a.verdict === 'AC') {
          cell.state = 'solved';
          cell.minutes = Math.floor(a.elapsedMs / MINUTE);
          w.solvedAt.set(i, { elapsedMs: a.elapsedMs, submission: a.submission });
          w.solved += 1;
          if (round.rules === 'icpc') w.penalty += cell.minutes + PENALTY_PER_TRY * (cell.tries - 1);
          w.lastSolveMs = Math.max(w.lastSolveMs, a.elapsedMs);
          break;
        }
        cell.state = 'rejected';
      }
      if (cell.state !== 'solved' && hidden) cell.state = 'pending';
      w.cells.push(cell);
    });
    return w;
  });

  // The first solver of each problem, among real contestants only: a virtual row never takes it.
  round.problems.forEach((_, i) => {
    let best: { w: Working; elapsedMs: number; submission: number } | undefined;
    for (const w of rows) {
      if (w.person.virtual) continue;
      const s = w.solvedAt.get(i);
      if (s && (!best || s.elapsedMs < best.elapsedMs || (s.elapsedMs === best.elapsedMs && s.submission < best.submission))) {
        best = { w, ...s };
      }
    }
    if (best) best.w.cells[i]!.first = true;
  });

  const key = (w: Working): [number, number] =>
    round.rules === 'icpc' ? [w.solved, w.penalty] : [w.solved, Math.floor(w.lastSolveMs / MINUTE)];
  rows.sort((x, y) => {
    const [xs, xp] = key(x);
    const [ys, yp] = key(y);
    return ys - xs || xp - yp || x.person.name.localeCompare(y.person.name);
  });

  const out: BoardRow[] = [];
  rows.forEach((w, i) => {
    const prev = i > 0 ? rows[i - 1]! : undefined;
    const tied = prev !== undefined && key(prev)[0] === key(w)[0] && key(prev)[1] === key(w)[1];
    out.push({
      rank: tied ? out[i - 1]!.rank : i + 1,
      name: w.person.name,
      displayName: w.person.displayName,
      solved: w.solved,
      penalty: w.penalty,
      virtual: w.person.virtual,
      cells: w.cells,
    });
  });
  return { frozen, rows: out };
}

/**
 * The ICPC resolver order for the unfreeze: the frozen cells one at a time, from the last place
 * up, left to right within a row. The page replays it; the server only decides the order.
 */
export function resolverOrder(frozenBoard: Board): { name: string; problem: string }[] {
  const order: { name: string; problem: string }[] = [];
  for (const row of [...frozenBoard.rows].reverse()) {
    for (const cell of row.cells) if (cell.state === 'pending') order.push({ name: row.name, problem: cell.problem });
  }
  return order;
}
