/**
 * Class standings: for each student and problem, Accepted (when first, after how many rejected
 * tries), tried and not solved, or untouched. Which verdicts are tries is the verdict table's
 * `countsAsTry` (a compilation error or the judge's own failure is not one, as on Codeforces).
 *
 * The judged tries are read from the submissions once per connection and then kept per (student,
 * problem): a finished submission refreshes only its own pair (`noteJudged`, called from the
 * submission's done hook), so a view costs O(students × problems), never a scan of every
 * submission.
 */
import { TRY_VERDICTS, type Verdict } from '../judge/verdicts';
import { minutesBetween, type Window } from '../rules/window';
import { prepared, type Db } from './db';

export type CellState = 'solved' | 'tried' | 'none';

export interface Cell {
  problem: string;
  state: CellState;
  /** Rejected tries before the first Accepted (solved), or all tries (tried). */
  tries: number;
  firstAcAt: number | null;
  /** Only in a set's standings: the first Accepted came after the set closed. */
  late?: boolean;
  /** Only in a set's standings: whole minutes from the set's start to the first Accepted. */
  minutes?: number | null;
}

export interface StandingsRow {
  id: number;
  name: string;
  displayName: string;
  /** Every solve (the whole-class table); in a set: on time + late. */
  solved: number;
  /** Only in a set's standings. */
  onTime?: number;
  late?: number;
  /** Only in a set's standings: the sum of the on-time solves' minutes (ranks equal counts). */
  minutes?: number;
  cells: Cell[];
}

interface Try {
  id: number;
  ac: boolean;
  at: number;
}

const TRY_LIST = TRY_VERDICTS.map((v) => `'${v}'`).join(', ');

/** Every judged try of every owner, kept per owner and problem in submission order. */
class TriesCache {
  private readonly byOwner = new Map<number, Map<string, Try[]>>();

  constructor(private readonly db: Db) {
    const rows = db
      .prepare(`SELECT id, owner, problem, verdict, created_at AS at FROM submissions WHERE owner IS NOT NULL AND status = 'done' AND verdict IN (${TRY_LIST}) ORDER BY id`)
      .all() as { id: number; owner: number; problem: string; verdict: Verdict; at: number }[];
    for (const r of rows) this.listOf(r.owner, r.problem).push({ id: r.id, ac: r.verdict === 'AC', at: r.at });
  }

  private listOf(owner: number, problem: string): Try[] {
    let problems = this.byOwner.get(owner);
    if (!problems) this.byOwner.set(owner, (problems = new Map()));
    let list = problems.get(problem);
    if (!list) problems.set(problem, (list = []));
    return list;
  }

  tries(owner: number, problem: string): readonly Try[] {
    return this.byOwner.get(owner)?.get(problem) ?? [];
  }

  /** Re-reads one owner's tries on one problem (through the submissions_by_owner index). */
  refresh(owner: number, problem: string): void {
    const rows = prepared(this.db, `SELECT id, verdict, created_at AS at FROM submissions WHERE owner = ? AND problem = ? AND status = 'done' AND verdict IN (${TRY_LIST}) ORDER BY id`).all(
      owner,
      problem,
    ) as { id: number; verdict: Verdict; at: number }[];
    const list = this.listOf(owner, problem);
    list.splice(0, list.length, ...rows.map((r) => ({ id: r.id, ac: r.verdict === 'AC', at: r.at })));
  }
}

const caches = new WeakMap<Db, TriesCache>();

function cacheOf(db: Db): TriesCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new TriesCache(db)));
  return cache;
}

/** A submission's owner and problem (null: none, or local mode's owner-less one). */
export function judgedOwner(db: Db, submission: number): { owner: number; problem: string } | null {
  const row = prepared(db, 'SELECT owner, problem FROM submissions WHERE id = ?').get(submission) as { owner: number | null; problem: string } | undefined;
  return !row || row.owner === null ? null : { owner: row.owner, problem: row.problem };
}

/**
 * A submission's result was stored (first judged or rejudged): its owner's cell for its problem is
 * read again. Called by the one writer of judged results, inside its transaction; cheap when
 * nothing has been read yet (the first view reads everything anyway).
 */
export function noteJudged(db: Db, submission: number): void {
  const row = judgedOwner(db, submission);
  if (row) caches.get(db)?.refresh(row.owner, row.problem);
  judgedGeneration.set(db, (judgedGeneration.get(db) ?? 0) + 1);
}

const judgedGeneration = new WeakMap<Db, number>();

/** How many results were stored through this connection: an open board's answer is unchanged while it is. */
export function judgedCount(db: Db): number {
  return judgedGeneration.get(db) ?? 0;
}

/** Forgets what was read (a test or a restore that replaced the rows underneath). */
export function forgetStandings(db: Db): void {
  caches.delete(db);
}

/** One cell from a student's tries on a problem, within a set's window when given. */
export function cellOf(problem: string, tries: readonly Try[], window?: Window): Cell {
  let rejected = 0;
  let firstAc: Try | undefined;
  for (const t of tries) {
    if (window?.countsFrom != null && t.at < window.countsFrom) continue;
    if (t.ac) {
      firstAc = t;
      break;
    }
    rejected++;
  }
  const cell: Cell = firstAc
    ? { problem, state: 'solved', tries: rejected, firstAcAt: firstAc.at }
    : rejected > 0
      ? { problem, state: 'tried', tries: rejected, firstAcAt: null }
      : { problem, state: 'none', tries: 0, firstAcAt: null };
  if (window) {
    cell.late = firstAc !== undefined && window.endsAt !== null && firstAc.at > window.endsAt;
    cell.minutes = firstAc ? minutesBetween(window.minutesFrom, firstAc.at) : null;
  }
  return cell;
}

/**
 * Every live student (or just `only`), with a cell for each problem in the given order. With a
 * set's `window`, only tries from its start count, and rows carry on-time and late counts.
 */
export function standings(db: Db, problems: readonly string[], options: { only?: number; window?: Window } = {}): StandingsRow[] {
  const students = prepared(
    db,
    "SELECT id, name, display_name AS displayName FROM accounts WHERE role = 'student' AND removed_at IS NULL AND (@only IS NULL OR id = @only) ORDER BY display_name COLLATE NOCASE, name COLLATE NOCASE",
  ).all({ only: options.only ?? null }) as { id: number; name: string; displayName: string }[];
  const cache = cacheOf(db);
  const { window } = options;
  return students.map((s) => {
    const cells = problems.map((problem) => cellOf(problem, cache.tries(s.id, problem), window));
    const solved = cells.filter((c) => c.state === 'solved');
    const row: StandingsRow = { id: s.id, name: s.name, displayName: s.displayName, solved: solved.length, cells };
    if (window) {
      const onTime = solved.filter((c) => !c.late);
      row.onTime = onTime.length;
      row.late = solved.length - onTime.length;
      row.minutes = onTime.reduce((sum, c) => sum + (c.minutes ?? 0), 0);
    }
    return row;
  });
}
