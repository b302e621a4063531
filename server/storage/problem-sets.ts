/** Homework sets: a name, problems in order, optional opening and closing times (their meaning: server/rules/window.ts). */
import { prepared, type Db } from './db';

export interface ProblemSet {
  id: number;
  name: string;
  problems: string[];
  opensAt: number | null;
  closesAt: number | null;
  createdAt: number;
}

interface Row {
  id: number;
  name: string;
  problems: string;
  opensAt: number | null;
  closesAt: number | null;
  createdAt: number;
}

const COLUMNS = 'id, name, problems, opens_at AS opensAt, closes_at AS closesAt, created_at AS createdAt';

function fromRow(r: Row): ProblemSet {
  return { ...r, problems: JSON.parse(r.problems) as string[] };
}

export function insertSet(db: Db, set: Omit<ProblemSet, 'id' | 'createdAt'>, createdBy: number | null): number {
  return (
    prepared(db, 'INSERT INTO problem_sets (name, problems, opens_at, closes_at, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id').get(
      set.name,
      JSON.stringify(set.problems),
      set.opensAt,
      set.closesAt,
      createdBy,
      Date.now(),
    ) as { id: number }
  ).id;
}

export function getSet(db: Db, id: number): ProblemSet | undefined {
  const row = prepared(db, `SELECT ${COLUMNS} FROM problem_sets WHERE id = ?`).get(id) as Row | undefined;
  return row && fromRow(row);
}

/** Every set by closing time (open-ended last), then by id; who sees which is `windowOf`'s (server/rules/window.ts). */
export function listSets(db: Db): ProblemSet[] {
  const rows = prepared(db, `SELECT ${COLUMNS} FROM problem_sets ORDER BY closes_at IS NULL, closes_at, id`).all() as Row[];
  return rows.map(fromRow);
}

/** Removes the set only: submissions are never deleted. */
export function deleteSet(db: Db, id: number): boolean {
  return prepared(db, 'DELETE FROM problem_sets WHERE id = ?').run(id).changes > 0;
}

/** Changes what is given (name, problems, times) and returns the set as it now is; undefined when there is none. */
export function updateSet(db: Db, id: number, change: Partial<Omit<ProblemSet, 'id' | 'createdAt'>>): ProblemSet | undefined {
  const set = getSet(db, id);
  if (!set) return undefined;
  const next = { ...set, ...change };
  prepared(db, 'UPDATE problem_sets SET name = ?, problems = ?, opens_at = ?, closes_at = ? WHERE id = ?').run(next.name, JSON.stringify(next.problems), next.opensAt, next.closesAt, id);
  return getSet(db, id);
}
