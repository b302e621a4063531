/**
 * Contest-only problems: a problem a teacher holds for a round stays out of sight until the round
 * lets it out (who sees it when is policy.ts's rule, applied by server/http/problem-sight.ts).
 */
import type { Db } from './db';
import { prepared } from './db';

export interface ProblemHold {
  problem: string;
  contest: number;
}

/** Every hold: one row per held problem, so this stays as small as the problem list. */
export function listHolds(db: Db): ProblemHold[] {
  return prepared(db, 'SELECT problem, contest FROM problem_holds ORDER BY problem').all() as ProblemHold[];
}

export function holdOf(db: Db, problem: string): ProblemHold | undefined {
  return prepared(db, 'SELECT problem, contest FROM problem_holds WHERE problem = ?').get(problem) as ProblemHold | undefined;
}

/** Holds the problem for this round (a problem is held for one round at a time: the latest wins). */
export function holdProblem(db: Db, problem: string, contest: number, now = Date.now()): void {
  prepared(db, 'INSERT INTO problem_holds (problem, contest, held_at) VALUES (?, ?, ?) ON CONFLICT (problem) DO UPDATE SET contest = excluded.contest, held_at = excluded.held_at').run(problem, contest, now);
}

/** Publishes the problem to everyone now; false when it was not held. */
export function releaseProblem(db: Db, problem: string): boolean {
  return prepared(db, 'DELETE FROM problem_holds WHERE problem = ?').run(problem).changes > 0;
}
