/**
 * Class standings: for each student and problem, Accepted (when first, after how many rejected
 * tries), tried and not solved, or untouched. A compilation error or the judge's own failure (IE)
 * is not a try, as on Codeforces: only a judged program counts.
 */
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
}

export interface StandingsRow {
  id: number;
  name: string;
  solved: number;
  cells: Cell[];
}

interface Agg {
  owner: number;
  problem: string;
  firstAcAt: number | null;
  rejectedBefore: number;
  tries: number;
}

/** Every live student (or just `only`), with a cell for each problem in the given order. */
export function standings(db: Db, problems: readonly string[], options: { only?: number; closesAt?: number | null } = {}): StandingsRow[] {
  const students = prepared(db, "SELECT id, name FROM accounts WHERE role = 'student' AND removed_at IS NULL AND (@only IS NULL OR id = @only) ORDER BY name COLLATE NOCASE").all({
    only: options.only ?? null,
  }) as { id: number; name: string }[];
  const rows = prepared(
    db,
    `WITH judged AS (
       SELECT id, owner, problem, verdict, created_at FROM submissions
       WHERE owner IS NOT NULL AND status = 'done' AND verdict NOT IN ('CE', 'IE') AND (@only IS NULL OR owner = @only)
     ), firsts AS (
       SELECT owner, problem, MIN(id) AS acId FROM judged WHERE verdict = 'AC' GROUP BY owner, problem
     )
     SELECT j.owner, j.problem,
       (SELECT created_at FROM submissions WHERE id = f.acId) AS firstAcAt,
       SUM(CASE WHEN j.verdict <> 'AC' AND (f.acId IS NULL OR j.id < f.acId) THEN 1 ELSE 0 END) AS rejectedBefore,
       COUNT(*) AS tries
     FROM judged j LEFT JOIN firsts f ON f.owner = j.owner AND f.problem = j.problem
     GROUP BY j.owner, j.problem`,
  ).all({ only: options.only ?? null }) as Agg[];
  const byKey = new Map(rows.map((r) => [`${r.owner}\0${r.problem}`, r]));
  const closesAt = options.closesAt ?? null;
  return students.map((s) => {
    const cells = problems.map((problem): Cell => {
      const a = byKey.get(`${s.id}\0${problem}`);
      const cell: Cell = !a
        ? { problem, state: 'none', tries: 0, firstAcAt: null }
        : a.firstAcAt !== null
          ? { problem, state: 'solved', tries: a.rejectedBefore, firstAcAt: a.firstAcAt }
          : { problem, state: 'tried', tries: a.tries, firstAcAt: null };
      if (options.closesAt !== undefined) cell.late = closesAt !== null && cell.firstAcAt !== null && cell.firstAcAt > closesAt;
      return cell;
    });
    return { id: s.id, name: s.name, solved: cells.filter((c) => c.state === 'solved').length, cells };
  });
}
