/**
 * A draft's checks in a judge thread: a lab draft's table is computed here first (a student's game
 * runs in this sandbox) and drafted as a package; then the draft is checked (checks.ts) in the
 * thread's sandbox and sent back whole (answers written, tests added) with its solution table. The
 * table is also sent as each solution finishes, so the page shows it as it runs.
 */
import { LabError } from '../lab/errors';
import { BUILTIN_JOB_MS, runLab } from '../lab/lab';
import type { ThreadContext } from './kinds/thread-runners';
import { getProblemDraft, type DraftFinal } from '../problem-drafts/store';
import { runDraftChecks } from '../problem-drafts/checks';
import { draftFromLab, LabDraftError } from '../problem-drafts/lab-draft';

export async function runProblemDraftJob(id: number, ctx: Pick<ThreadContext, 'db' | 'compiler' | 'sandbox' | 'send'>): Promise<DraftFinal> {
  const row = getProblemDraft(ctx.db, id);
  if (!row) return { outcome: 'failed', stored: null, rows: [], reasons: ['judge error: the draft is missing'], added: [] };
  let { draft } = row.stored;
  const { unanswered, lab } = row.stored;
  if (!draft && lab) {
    try {
      const result = await runLab(lab.request, { tools: async () => ({ compiler: ctx.compiler, sandbox: ctx.sandbox }), timeMs: BUILTIN_JOB_MS });
      draft = draftFromLab(result, lab.body, lab.request.game.kind === 'source' ? lab.request.game.source : null);
      draft.pkg.shortName = lab.slug;
    } catch (e) {
      if (e instanceof LabError || e instanceof LabDraftError) return { outcome: 'failed', stored: null, rows: [], reasons: [`The game could not be drafted: ${e.message}`], added: [] };
      throw e;
    }
  }
  if (!draft) return { outcome: 'failed', stored: null, rows: [], reasons: ['judge error: the draft is empty'], added: [] };
  const outcome = await runDraftChecks(draft, new Set(unanswered), ctx, (rows) => ctx.send({ type: 'problem-draft-rows', id, rows }));
  const answered = !(outcome.reasons.length && outcome.rows.length === 0);
  return {
    outcome: outcome.reasons.length ? 'failed' : 'ready',
    stored: { draft, unanswered: answered ? [] : unanswered, ...(lab && { lab }) },
    rows: outcome.rows,
    reasons: outcome.reasons,
    added: outcome.added,
  };
}
