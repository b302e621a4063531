import express, { type Request, type Response } from 'express';
import { verdictName } from '../judge/verdicts';
import type { UserInputs } from '../import/user-input';
import { SIZES, type Size } from '../problems/types';
import type { Db } from '../storage/db';
import { getInvocation, insertInvocation, invocationMessageSaid } from '../storage/invocations';
import { addUserTest, removeUserTest, shareUserTest } from '../storage/problems';
import { getStressRun, insertStressRun } from '../storage/stress-runs';
import { isInteractiveProblem, refuseForStored } from './stored-guard';
import { catalogEntry } from '../../problems/catalog';
import { dialogueMovesOf } from '../problems/dialogue-moves';
import { parseFormBody, rawBody } from './body';
import { badRequest, HttpError, notFound } from './errors';
import { checkAdded, MAX_STRESS_CASES, presentStressRun, userTestId, validUserInput } from './stress-api';
import { checkProblemSlug, checkSubmission } from './submission-input';
import { parseLanguage } from './language-field';
import { checkPersonCap, trimPersonWork } from './person-cap';
import { clientKey } from './client-key';
import { isTeacher, ownerFor, scopeOf, showsAuthors } from './auth/viewer';
import { guardedRouter, loadedId } from './policy';
import { verdictClass } from './present';
import { authorName } from '../storage/author-name';
import { said, sayIn } from '../text/messages';
import { needsTool, offSentence, toolOff } from './round-tools';

/**
 * The stress-test and custom-invocation panels without JavaScript: their buttons post the problem
 * page's form here, and a result page (refreshing itself while the job runs) follows.
 */
export function stressPages({ db, inputs, onQueued }: { db: Db; inputs: UserInputs; onQueued: () => void }): express.Router {
  // Malformed ids answer 400 here, as they always have on these pages.
  const router = guardedRouter(db);

  async function formSource(req: Request): Promise<{ fields: Map<string, string>; source: string }> {
    const form = await parseFormBody(req.get('content-type'), req.body);
    const source = form.files.get('file') ?? form.fields.get('source');
    if (source === undefined) throw badRequest('The form has no source: type the code or choose a file.');
    return { fields: form.fields, source };
  }

  router.post('/problems/:slug/stress', needsTool(db, 'stress'), rawBody, async (req: Request, res: Response) => {
    const { fields, source } = await formSource(req);
    const slug = checkSubmission(db, res, String(req.params.slug), source);
    refuseForStored(db, slug, 'stress');
    const cases = intField(fields.get('cases'), 'cases', 1, MAX_STRESS_CASES);
    const seed = intField(fields.get('seed'), 'seed', 0, 2 ** 31 - 1);
    const size = fields.get('size') ?? 'small';
    if (!(SIZES as readonly string[]).includes(size)) throw badRequest(`The size must be one of ${SIZES.join(', ')}.`);
    checkPersonCap(db, 'stress', req, res);
    const id = insertStressRun(db, { problem: slug, source, language: parseLanguage(fields.get('language')), cases, size: size as Size, seed, owner: ownerFor(res), client: clientKey(req) });
    onQueued();
    res.redirect(303, `/stress/${id}`);
  });

  router.get('/stress/:stressRun', (_req, res) => {
    const id = loadedId(res, 'stressRun');
    const row = getStressRun(db, id);
    if (!row) throw notFound(said('error.no-stress-run', id));
    const run = presentStressRun(row);
    res.render('stress', {
      title: `Stress test #${run.id}`,
      nav: 'problems',
      autoRefresh: run.status !== 'done',
      running: run.status !== 'done',
      run,
      author: showsAuthors(res) ? authorName(db, row.owner) : null,
      verdictWords: run.counterexample ? verdictName(run.counterexample.verdict) : null,
      caseNumber: run.counterexample ? run.counterexample.caseIndex + 1 : null,
      // The message's id, from the stored row: the API's shape (presentStressRun) leaves it out.
      counterexampleSaid: row.counterexample?.said ?? null,
      // Saving is the stress test's too: while a round turns it off, the page says so instead.
      saveOff: (() => {
        const off = toolOff(db, res, 'stress');
        return off && sayIn(offSentence('stress', off.contest.name), res.locals.uiLang === 'zh' ? 'zh' : 'en');
      })(),
    });
  });

  router.post('/stress/:stressRun/save', needsTool(db, 'stress'), rawBody, async (_req, res) => {
    const id = loadedId(res, 'stressRun');
    const run = getStressRun(db, id);
    if (!run?.counterexample) throw notFound(`Stress run ${id} has no counterexample to save.`);
    const c = run.counterexample;
    // The reference answers again in the import thread: the package may have changed since the run.
    const { input, expected } = await validUserInput(inputs, run.problem, c.input, true, db);
    checkAdded(run.problem, addUserTest(db, run.problem, `stress ${run.size}, seed ${run.seed}, case ${c.caseIndex + 1}`, input, expected!, ownerFor(res)));
    res.redirect(303, `/problems/${run.problem}#user-tests`);
  });

  router.post('/problems/:slug/invoke', needsTool(db, 'stress'), rawBody, async (req: Request, res: Response) => {
    const { fields, source } = await formSource(req);
    const slug = checkSubmission(db, res, String(req.params.slug), source);
    refuseForStored(db, slug, 'invoke');
    const { input } = await validUserInput(inputs, slug, fields.get('input') ?? '', false, db);
    checkPersonCap(db, 'invocation', req, res);
    const id = insertInvocation(db, slug, source, input, parseLanguage(fields.get('language')), ownerFor(res), clientKey(req));
    trimPersonWork(db, 'invocation', req, res);
    onQueued();
    res.redirect(303, `/invocations/${id}`);
  });

  router.get('/invocations/:invocation', (_req, res) => {
    const invId = loadedId(res, 'invocation');
    const inv = getInvocation(db, invId);
    if (!inv) throw notFound(said('error.no-invocation', invId));
    const done = inv.status === 'done';
    const interactive = isInteractiveProblem(db, inv.problem);
    res.render('invocation', {
      title: `Custom invocation #${inv.id}`,
      nav: 'problems',
      autoRefresh: !done,
      running: !done,
      inv,
      messageSaid: invocationMessageSaid(db, inv.id),
      author: showsAuthors(res) ? authorName(db, inv.owner) : null,
      hasExitCode: inv.exitCode !== null,
      verdictClass: inv.verdict ? verdictClass(inv.verdict) : 'verdict-waiting',
      interactive,
      // An interactive run's output is its dialogue, numbered as on a submission's page.
      moves: interactive ? dialogueMovesOf(inv.problem, inv.output) : null,
      verdictWords:
        inv.verdict === 'AC' ? (interactive ? 'You won the game against the judge' : 'Same answer as the reference')
        : inv.verdict === 'WA' ? (interactive ? 'You lost the game (see why below)' : 'Differs from the reference')
        : inv.verdict && verdictName(inv.verdict),
    });
  });

  router.post('/problems/:slug/tests/:savedTest/delete', rawBody, (req, res) => {
    const slug = checkProblemSlug(db, res, String(req.params.slug));
    const id = userTestId(db, slug, loadedId(res, 'savedTest'), scopeOf(res));
    if (!removeUserTest(db, slug, id, scopeOf(res))) throw notFound(`Problem ${slug} has no user-added test ${id}.`);
    res.redirect(303, `/problems/${slug}#user-tests`);
  });

  // Sharing is a teacher's: a student is told so whatever the id (before the loader, so no id is looked up).
  router.post('/problems/:slug/tests/:anyTest/share', (_req, res, next) => {
    if (!isTeacher(res)) throw new HttpError(403, 'Only a teacher can make a test shared.');
    next();
  });
  router.post('/problems/:slug/tests/:savedTest/share', rawBody, (req, res) => {
    const slug = checkProblemSlug(db, res, String(req.params.slug));
    if (!isTeacher(res)) throw new HttpError(403, 'Only a teacher can make a test shared.');
    const id = userTestId(db, slug, loadedId(res, 'savedTest'), scopeOf(res));
    if (!shareUserTest(db, slug, id)) throw notFound(`Problem ${slug} has no user-added test ${id}.`);
    res.redirect(303, `/problems/${slug}#user-tests`);
  });

  return router;
}

function intField(raw: string | undefined, name: string, min: number, max: number): number {
  if (raw === undefined || !/^\d{1,10}$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
    throw badRequest(`The field "${name}" must be an integer from ${min} to ${max}.`);
  }
  return Number(raw);
}
