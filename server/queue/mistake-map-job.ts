/**
 * A mistake map in a judge thread: the stored program on its problem's grid (run-grid.ts) beside
 * the lab's true outcomes (truth.ts), stored as two strings of W / L / ? in the grid's order.
 */
import type { ThreadContext } from './kinds/thread-runners';
import { getMistakeMap, type MistakeMapFinal } from '../storage/mistake-maps';
import { loadProbe } from '../mistakes/probes';
import { runGrid } from '../mistakes/run-grid';
import { trueOutcomes } from '../mistakes/truth';

export async function runMistakeMapJob(id: number, ctx: Pick<ThreadContext, 'db' | 'compiler' | 'sandbox'>): Promise<{ result: MistakeMapFinal; usedMs: number }> {
  const row = getMistakeMap(ctx.db, id);
  if (!row) return { result: { got: null, truth: null, disagree: null, error: 'judge error: the mistake map is missing' }, usedMs: 0 };
  const probe = await loadProbe(row.problem);
  const truth = await trueOutcomes(row.problem, probe);
  const outcome = await runGrid(row.problem, probe, row, ctx);
  if (!outcome.ok) return { result: { got: null, truth: null, disagree: null, error: `The program does not compile:\n${outcome.compileOutput}` }, usedMs: 0 };
  const got = outcome.answers.got;
  const disagree = got.filter((g, i) => g !== truth[i]).length;
  return { result: { got: got.join(''), truth: truth.join(''), disagree, error: null, stopped: outcome.answers.stopped }, usedMs: outcome.answers.usedMs };
}
