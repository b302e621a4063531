/**
 * A mistake map in a judge thread: the stored program on its problem's grid (run-grid.ts) beside
 * the lab's true outcomes (truth.ts), stored as two strings of W / L / ? in the grid's order.
 */
import type { ThreadContext } from './kinds/thread-runners';
import { getMistakeMap, type MistakeMapFinal, type MistakeMapRow } from '../storage/mistake-maps';
import type { Limits } from '../problems/types';
import { loadProbe } from '../mistakes/probes';
import { runGrid } from '../mistakes/run-grid';
import { trueOutcomes } from '../mistakes/truth';
import { judgingFor } from '../judging/judging';

export async function runMistakeMapJob(id: number, ctx: Pick<ThreadContext, 'db' | 'compiler' | 'sandbox'>): Promise<{ result: MistakeMapFinal; usedMs: number }> {
  const row = getMistakeMap(ctx.db, id);
  if (!row) return { result: { got: null, truth: null, disagree: null, error: 'judge error: the mistake map is missing' }, usedMs: 0 };
  // Only a built-in problem has a probe; its limits are still the judging's, as every job kind's.
  const judging = await judgingFor(ctx.db, row.problem, ctx);
  if (!judging) return { result: { got: null, truth: null, disagree: null, error: `judge error: the problem ${row.problem} is missing` }, usedMs: 0 };
  try {
    return await mapOf(row, judging.limits, ctx);
  } finally {
    await judging.close();
  }
}

async function mapOf(row: MistakeMapRow, limits: Limits, ctx: Pick<ThreadContext, 'compiler' | 'sandbox'>): Promise<{ result: MistakeMapFinal; usedMs: number }> {
  const probe = await loadProbe(row.problem);
  const truth = await trueOutcomes(row.problem, probe);
  const outcome = await runGrid(row.problem, probe, row, { ...ctx, limits });
  if (!outcome.ok) return { result: { got: null, truth: null, disagree: null, error: `The program does not compile:\n${outcome.compileOutput}` }, usedMs: 0 };
  const got = outcome.answers.got;
  const disagree = got.filter((g, i) => g !== truth[i]).length;
  return { result: { got: got.join(''), truth: truth.join(''), disagree, error: null, stopped: outcome.answers.stopped }, usedMs: outcome.answers.usedMs };
}
