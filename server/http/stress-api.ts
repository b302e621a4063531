import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import type { UserInputs } from '../import/user-input';
import { SIZES } from '../problems/types';
import type { Db } from '../storage/db';
import { getInvocation, insertInvocation } from '../storage/invocations';
import { refuseForStored } from './stored-guard';
import { checkStoredInput } from '../problem-store/stored-input';
import { addUserTest, listUserTests, MAX_SAVED_TEST_BYTES_PER_PERSON, MAX_SAVED_TESTS_PER_PERSON, MAX_USER_TEST_BYTES, MAX_USER_TESTS, removeUserTest, shareUserTest, userTestAt, type AddedUserTest } from '../storage/problems';
import { getStressRun, insertStressRun, type StressRunRow } from '../storage/stress-runs';
import { randomSeed } from '../stress/cases';
import { parseJsonBody, rawBody } from './body';
import { badRequest, HttpError, notFound } from './errors';
import { checkProblemSlug, checkSubmission, describeSchemaError } from './submission-input';
import { isoTimestamp } from './present';
import { bodyLanguage } from './language-field';
import { checkPersonCap, trimPersonWork } from './person-cap';
import { clientKey } from './client-key';
import { isTeacher, ownerFor, scopeOf, showsAuthors } from './auth/viewer';
import { guardedRouter, loadedId } from './policy';
import { dialogueMovesOf } from '../problems/dialogue-moves';
import { said } from '../text/messages';
import { needsTool } from './round-tools';

/** Most cases one stress run may ask for (its CPU budget may stop it sooner). */
export const MAX_STRESS_CASES = 10_000;
/** Largest input a user may type for a custom invocation or add as a test. */
export const MAX_USER_INPUT_BYTES = 512 * 1024;

const stressSchema = z.object({
  problem: z.string().min(1),
  source: z.string(),
  cases: z.number().int().min(1).max(MAX_STRESS_CASES).optional(),
  size: z.enum(SIZES as unknown as [string, ...string[]]).optional(),
  seed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
});

const invocationSchema = z.object({ problem: z.string().min(1), source: z.string(), input: z.string() });
const userTestSchema = z.object({ input: z.string() });

export interface StressApiDeps {
  db: Db;
  /** Checks and answers user inputs off the HTTP thread. */
  inputs: UserInputs;
  /** Wakes the judge after a job is stored. */
  onQueued: () => void;
}

/**
 * Random tests on demand and custom invocations, as JSON: a stress run or an invocation is stored
 * and queued like a submission (201 with its id), and polled until done. User-added tests are
 * validated with the problem's own validator and answered by its fast reference.
 */
export function stressApi({ db, inputs, onQueued }: StressApiDeps): express.Router {
  const api = guardedRouter(db);

  api.post('/stress', needsTool(db, 'stress'), rawBody, (req: Request, res: Response) => {
    const body = parseJsonBody(req.body);
    const parsed = stressSchema.safeParse(body);
    if (!parsed.success) throw badRequest(describeStressError(parsed.error, body));
    const { problem, source } = parsed.data;
    checkSubmission(db, res, problem, source);
    refuseForStored(db, problem, 'stress');
    checkPersonCap(db, 'stress', req, res);
    const id = insertStressRun(db, {
      problem,
      source,
      language: bodyLanguage(body),
      cases: parsed.data.cases ?? 1000,
      size: (parsed.data.size as StressRunRow['size'] | undefined) ?? 'small',
      seed: parsed.data.seed ?? randomSeed(),
      owner: ownerFor(res),
      client: clientKey(req),
    });
    onQueued();
    res.status(201).location(`/api/stress/${id}`).json({ id });
  });

  api.get('/stress/:stressRun', (_req, res) => {
    const id = loadedId(res, 'stressRun');
    const run = getStressRun(db, id);
    if (!run) throw notFound(said('error.no-stress-run', id));
    res.json(presentStressRun(run));
  });

  api.post('/invocations', needsTool(db, 'stress'), rawBody, async (req: Request, res: Response) => {
    const body = parseJsonBody(req.body);
    const parsed = invocationSchema.safeParse(body);
    if (!parsed.success) throw badRequest(describeSchemaError(parsed.error, body));
    const { problem, source } = parsed.data;
    checkSubmission(db, res, problem, source);
    refuseForStored(db, problem, 'invoke');
    const { input } = await validUserInput(inputs, problem, parsed.data.input, false, db);
    checkPersonCap(db, 'invocation', req, res);
    const id = insertInvocation(db, problem, source, input, bodyLanguage(body), ownerFor(res), clientKey(req));
    trimPersonWork(db, 'invocation', req, res);
    onQueued();
    res.status(201).location(`/api/invocations/${id}`).json({ id });
  });

  api.get('/invocations/:invocation', (_req, res) => {
    const id = loadedId(res, 'invocation');
    const inv = getInvocation(db, id);
    if (!inv) throw notFound(said('error.no-invocation', id));
    res.json({
      id: inv.id,
      problem: inv.problem,
      status: inv.status,
      verdict: inv.verdict,
      output: inv.output,
      // An interactive problem's output is its dialogue: its lines with the move each plays.
      moves: dialogueMovesOf(inv.problem, inv.output),
      expected: inv.expected,
      stderr: inv.stderr,
      message: inv.message,
      compileOutput: inv.compileOutput,
      exitCode: inv.exitCode,
      timeMs: inv.timeMs,
      memoryKb: inv.memoryKb,
    });
  });

  api.get('/problems/:slug/tests', (req, res) => {
    const slug = checkProblemSlug(db, res, String(req.params.slug));
    const authors = showsAuthors(res);
    res.json(
      listUserTests(db, slug, scopeOf(res)).map((t) => ({
        id: t.id,
        index: t.idx,
        label: t.label,
        input: t.input,
        expected: t.expected,
        createdAt: isoTimestamp(t.createdAt),
        // In accounts mode: shared (runs for everyone) or one person's (runs for theirs only).
        ...(ownerFor(res) === null ? {} : { shared: t.owner === null }),
        ...(authors ? { author: t.ownerName } : {}),
      })),
    );
  });

  api.post('/problems/:slug/tests', needsTool(db, 'stress'), rawBody, async (req: Request, res: Response) => {
    const slug = checkProblemSlug(db, res, String(req.params.slug));
    const body = parseJsonBody(req.body);
    const parsed = userTestSchema.safeParse(body);
    if (!parsed.success) throw badRequest(describeSchemaError(parsed.error, body));
    const label = typeof (body as { label?: unknown }).label === 'string' ? String((body as { label: string }).label).slice(0, 80) : 'user test';
    refuseForStored(db, slug, 'input');
    const { input, expected } = await validUserInput(inputs, slug, parsed.data.input, true, db);
    const added = checkAdded(slug, addUserTest(db, slug, label, input, expected!, ownerFor(res)));
    res.status(201).json({ id: added.id, index: added.idx });
  });

  api.delete('/problems/:slug/tests/:savedTest', (req, res) => {
    const slug = checkProblemSlug(db, res, String(req.params.slug));
    const id = userTestId(db, slug, loadedId(res, 'savedTest'), scopeOf(res));
    if (!removeUserTest(db, slug, id, scopeOf(res))) throw notFound(`Problem ${slug} has no user-added test ${id}; only user-added tests can be removed.`);
    res.status(204).end();
  });

  // A teacher makes a student's saved test one of the problem's shared tests: it keeps its id.
  // Sharing is a teacher's: a student is told so whatever the id (before the loader, so no id is looked up).
  api.post('/problems/:slug/tests/:anyTest/share', (_req, res, next) => {
    if (!isTeacher(res)) throw new HttpError(403, 'Only a teacher can make a test shared.');
    next();
  });
  api.post('/problems/:slug/tests/:savedTest/share', rawBody, (req, res) => {
    const slug = checkProblemSlug(db, res, String(req.params.slug));
    if (!isTeacher(res)) throw new HttpError(403, 'Only a teacher can make a test shared.');
    const id = userTestId(db, slug, loadedId(res, 'savedTest'), scopeOf(res));
    if (!shareUserTest(db, slug, id)) throw notFound(`Problem ${slug} has no user-added test ${id}.`);
    res.json({ id, shared: true });
  });

  return api;
}

export function presentStressRun(run: StressRunRow) {
  return {
    id: run.id,
    problem: run.problem,
    status: run.status,
    casesRun: run.casesRun,
    casesTotal: run.cases,
    size: run.size,
    seed: run.seed,
    casesPerSecond: run.casesPerSecond,
    shrinkSteps: run.shrinkSteps,
    result: run.result,
    counterexample: run.counterexample && {
      input: run.counterexample.input,
      expected: run.counterexample.expected,
      got: run.counterexample.got,
      verdict: run.counterexample.verdict,
      shrinkSteps: run.counterexample.shrinkSteps,
      message: run.counterexample.message,
      caseIndex: run.counterexample.caseIndex,
    },
    error: run.error,
    errorInput: run.errorInput,
    note: run.note,
  };
}

/**
 * A typed input, as the problem's validator sees it: line ends made "\n" and a final newline added
 * (textareas send CRLF and rarely end with a newline); everything else must be exactly right. The
 * validator (and, with `answer`, the fast reference) runs in the import thread.
 */
export async function validUserInput(inputs: UserInputs, slug: string, raw: string, answer: boolean, db: Db): Promise<{ input: string; expected: string | null }> {
  const bytes = Buffer.byteLength(raw, 'utf8');
  if (bytes > MAX_USER_INPUT_BYTES) throw new HttpError(413, `The input is ${bytes} bytes; the limit is ${MAX_USER_INPUT_BYTES} bytes.`);
  let input = raw.replace(/\r\n?/g, '\n');
  if (input.length && !input.endsWith('\n')) input += '\n';
  // A stored problem's input is checked and answered here (its reference in a sandbox), not by a package.
  const check = (await checkStoredInput(db, slug, input, answer)) ?? (await inputs.check(slug, input, answer));
  if (check.ok) return { input, expected: check.expected };
  if ('invalid' in check) throw badRequest(`The input is not valid for ${slug}: line ${check.invalid.line}: ${check.invalid.message}.`);
  throw new HttpError(500, `The judge could not check this input: ${check.failed}.`);
}

/** A user test just added, or the 4xx saying which per-problem cap it would break. */
export function checkAdded(slug: string, added: AddedUserTest): { id: string; idx: number } {
  if (added.ok) return added;
  if (added.reason === 'person') {
    throw new HttpError(
      409,
      `You keep ${added.count} saved tests over every problem; one person keeps at most ${MAX_SAVED_TESTS_PER_PERSON} tests and ${MAX_SAVED_TEST_BYTES_PER_PERSON / 1024 / 1024} MiB of them (this one would bring yours to ${added.bytes} bytes); remove some first.`,
    );
  }
  if (added.reason === 'count') {
    throw new HttpError(409, `Problem ${slug} already has ${added.count} user-added tests, the most it keeps (${MAX_USER_TESTS}); remove one first.`);
  }
  throw new HttpError(
    413,
    `This test would bring the user-added tests of ${slug} to ${added.bytes} bytes (inputs and expected outputs); the limit is ${MAX_USER_TEST_BYTES} bytes (2 MiB) per problem.`,
  );
}

/**
 * A user test's id from a URL. Tests used to be removed by position, which shifts when another is
 * removed; a bare number is answered with the id now at that position instead of acting on it.
 */
export function userTestId(db: Db, slug: string, raw: string, scope: number | undefined): string {
  if (/^t[0-9a-f]{12}$/.test(raw)) return raw;
  if (/^[0-9]{1,9}$/.test(raw)) {
    // Only a test the asker may see is named: another person's private test id never leaves here.
    const now = userTestAt(db, slug, Number(raw), scope);
    const hint = now ? ` Test ${raw} of ${slug} has the id "${now}".` : '';
    throw badRequest(`User tests are removed by their id (from GET /api/problems/${slug}/tests), not by position, since positions shift when a test is removed.${hint}`);
  }
  throw badRequest(`"${raw.slice(0, 30)}" is not a user test id (a "t" and 12 hex digits, from GET /api/problems/${slug}/tests).`);
}

function describeStressError(error: z.ZodError, body: unknown): string {
  const issue = error.issues[0]!;
  const field = String(issue.path[0] ?? 'body');
  if (field === 'cases') return `The field "cases" must be an integer from 1 to ${MAX_STRESS_CASES}.`;
  if (field === 'size') return `The field "size" must be one of ${SIZES.join(', ')}.`;
  if (field === 'seed') return `The field "seed" must be an integer from 0 to ${2 ** 31 - 1}.`;
  return describeSchemaError(error, body);
}
