/**
 * The lab on the web: POST /api/lab answers quick tables at once and queues the rest as jobs
 * (GET /api/lab/:id); /lab is the page (editor, presets, table, heatmap), /lab/jobs/:id its
 * no-JavaScript result page.
 */
import { inLearningOrder } from '../../problems/catalog';
import express, { type Request, type Response } from 'express';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { MAX_SOURCE_BYTES } from '../compile/source-limit';
import { parseFormBody, parseJsonBody, rawBody } from './body';
import { isTeacher, ownerFor } from './auth/viewer';
import { guardedRouter, loadedId } from './policy';
import { badRequest, HttpError, notFound } from './errors';
import { SLUG_PATTERN } from '../problems/registry';
import type { Db } from '../storage/db';
import { listProblems } from '../storage/problems';
import { LabError } from '../lab/errors';
import { csvChunks, csvChunksOfStored, type LabTable } from '../lab/big-table';
import { presentResult, textOf } from '../lab/present';
import { instantiate } from '../lab/game';
import type { LabJob } from '../storage/lab-jobs';
import { refusalStatus, type LabQueue, type Refusal } from './lab-queue';
import { builtinGame, MAX_TO, OPTIONS_COMPONENTS, type GameSpec, type LabRequest, type LabResult } from '../lab/lab';
import { refuseOptions, type OptionsRefusal } from '../lab/options-bound';
import { DEFAULT_LIMITS } from '../lab/search';
import type { LabThread, QuickTable } from './lab-thread';
import { gameSlugs, hasGame, loadGame, NO_GAME } from '../lab/registry';
import { gameAbout, labSentence, labSummary, labWordsJson, noGameReason, settingAbout, summaryIn } from './lab-text';
import { said, type Said } from '../text/messages';
import type { Lang } from './statements';
import { translatePhrase } from './ui-text';
import { PERSON_CAPS } from '../queue/person-caps';
import { clientKey } from './client-key';
import { needsTool } from './round-tools';
import { seesProblem, visibleProblems } from './problem-sight';


/** The quick path (the lab thread, no job) stops after this much work and hands the request to a job. */
const QUICK_WORK = 3_000_000;
/** …and answers tables of at most this many states (bigger answers are megabytes of JSON). */
const QUICK_STATES = 40_000;

const settingsSchema = z.record(z.string(), z.number().int());
export const labSchema = z
  .object({
    problem: z.string().min(1).optional(),
    params: settingsSchema.optional(),
    source: z.string().optional(),
    octal: z.string().min(1).optional(),
    subtract: z.union([z.string().min(1), z.array(z.number().int())]).optional(),
    preset: z.enum(['nim', 'bash']).optional(),
    to: z.number().int().min(0).max(MAX_TO).optional(),
    conjecture: z.string().optional(),
  })
  .strict();

type LabBody = z.infer<typeof labSchema>;

export function describeLabError(error: z.ZodError, body: unknown): string | Said {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'The request body must be a JSON object like {"problem": "ed", "to": 16}.';
  const issue = error.issues[0]!;
  if (issue.code === 'unrecognized_keys') return `Unknown field "${issue.keys[0]}"; the fields are problem, params, source, octal, subtract, preset, to and conjecture.`;
  const field = issue.path.join('.') || 'body';
  if (field === 'to') return said('lab.field-to', MAX_TO);
  if (field === 'preset') return 'The field "preset" must be "nim" or "bash".';
  if (field.startsWith('params')) return 'The field "params" must map parameter names to integers, e.g. {"k": 3}.';
  return `The field "${field}" is not valid: ${issue.message}.`;
}

function checkSource(source: string, what: string): void {
  const bytes = Buffer.byteLength(source, 'utf8');
  if (bytes > MAX_SOURCE_BYTES) throw new HttpError(413, `The ${what} is ${bytes} bytes; the limit is ${MAX_SOURCE_BYTES} bytes (64 KiB).`);
  if (source.includes('\0')) throw badRequest(`The ${what} contains NUL bytes.`);
  if (source.trim() === '') throw badRequest(`The ${what} is empty.`);
}

/** Turns a checked body into a lab request; 400/404/413 with a sentence otherwise. */
/** `sees`: whether the asker may see a problem (a problem held for a round is no game to them). */
export function labRequestOf(body: LabBody, sees: (slug: string) => boolean): LabRequest {
  const named = (['problem', 'source', 'octal', 'subtract', 'preset'] as const).filter((k) => body[k] !== undefined);
  if (named.length !== 1) throw badRequest('Name exactly one game: "problem", "source", "octal", "subtract" or "preset".');
  if (body.params && !body.problem && body.preset !== 'bash') throw badRequest('"params" applies to a problem\'s game or the bash preset.');
  let game: GameSpec;
  if (body.problem !== undefined) {
    const slug = body.problem;
    if (!SLUG_PATTERN.test(slug) || !sees(slug) || !hasGame(slug)) {
      const why = sees(slug) ? NO_GAME[slug] : undefined;
      throw notFound(why ? said('lab.no-game', slug, why) : said('lab.no-such-game-problem', slug.slice(0, 60), gameSlugs().filter(sees).join(', ')));
    }
    game = { kind: 'problem', slug, settings: body.params };
  } else if (body.source !== undefined) {
    checkSource(body.source, 'source');
    game = { kind: 'source', source: body.source };
  } else if (body.octal !== undefined) game = { kind: 'octal', code: body.octal };
  else if (body.subtract !== undefined) game = { kind: 'subtract', set: Array.isArray(body.subtract) ? body.subtract.join(',') : body.subtract };
  else game = body.preset === 'nim' ? { kind: 'nim' } : { kind: 'bash', settings: body.params };
  if (body.conjecture !== undefined) checkSource(body.conjecture, 'conjecture');
  return { game, to: body.to, conjecture: body.conjecture };
}


/** The opt-in `?summary=en|zh` of the lab API: the language to add the summary in, or null. */
function summaryLang(q: Request['query']): Lang | null {
  const v = q.summary;
  if (v === undefined) return null;
  if (v === 'en' || v === 'zh') return v;
  throw badRequest('The query field "summary" must be "en" or "zh" (the language to say the summary in).');
}

/** A presented result's JSON text with `summaryIn` added (the quick path's result is JSON text already). */
function withSummaryJson(presented: string, result: LabResult, lang: Lang | null): string {
  if (lang === null) return presented;
  return `${presented.slice(0, presented.lastIndexOf('}'))},"summaryIn":${JSON.stringify(summaryIn(result, lang))}}`;
}

function presentJob(job: LabJob, jobs: LabQueue, lang: Lang | null): Record<string, unknown> {
  const now = Date.now();
  return {
    id: job.id,
    status: job.status,
    phase: job.phase,
    position: jobs.position(job.id),
    elapsedMs: job.startedAt === null ? 0 : (job.finishedAt ?? now) - job.startedAt,
    error: job.error,
    // The error as a message id and arguments (server/text/messages.ts), when it is one: pages say it by id.
    ...(job.errorSaid && { errorId: job.errorSaid.id, errorArgs: job.errorSaid.args }),
    // The fraction of a built-in table computed so far (0..1), while it runs.
    progress: job.status === 'running' ? job.progress : null,
    result: job.result && { ...presentResult(job.result, csvUrlOf(job.id)), ...(lang && { summaryIn: summaryIn(job.result, lang) }) },
  };
}

/** Where a finished job's whole table is, as CSV. */
function csvUrlOf(id: number): string {
  return `/api/lab/${id}/table.csv`;
}

/**
 * Answers at once, from the lab thread, when the request is cheap (a built-in game, no student
 * code, little work); null when it must be a job.
 */
function quick(thread: LabThread, req: LabRequest): Promise<QuickTable | null> {
  if (req.game.kind === 'source' || req.conjecture !== undefined) return Promise.resolve(null);
  return thread.table(req, QUICK_WORK, QUICK_STATES);
}

/** The sentence of an options request refused by counting (computed, not listed). */
function optionsRefusal(state: number[], r: OptionsRefusal): string {
  const at = `(${state.join(', ')})`;
  if (r.reason === 'components') return `The state ${at} has ${r.components.toLocaleString('en-US')} option components (counted, not listed), more than the ${OPTIONS_COMPONENTS.toLocaleString('en-US')} the lab shows.`;
  return `The state ${at} is beyond what the lab computes: the range up to it holds ${r.states.toLocaleString('en-US')} states (counted, not listed), more than the lab's cap of ${DEFAULT_LIMITS.stateCap.toLocaleString('en-US')}.`;
}

/** A job just queued, or the 4xx saying why not (the class-wide queue, or this person's quota). */
function queued(r: LabJob | Refusal): LabJob {
  if ('refused' in r) {
    const { status, message } = refusalStatus(r);
    throw new HttpError(status, message);
  }
  return r;
}

function asHttp(e: unknown): never {
  if (e instanceof LabError) throw badRequest(e.said ?? e.message);
  throw e;
}

export function labApi(jobs: LabQueue, thread: LabThread, db: Db): express.Router {
  const api = guardedRouter(db);

  api.post('/lab', needsTool(db, 'lab'), rawBody, async (req: Request, res: Response) => {
    const lang = summaryLang(req.query);
    const body = parseJsonBody(req.body);
    const parsed = labSchema.safeParse(body);
    if (!parsed.success) throw badRequest(describeLabError(parsed.error, body));
    const request = labRequestOf(parsed.data, (slug) => seesProblem(db, res, slug));
    const result = await quick(thread, request).catch(asHttp);
    if (result) {
      // Presented as JSON in the lab thread: the HTTP thread only sends it (with the summary's few sentences when asked).
      res.type('application/json').send(`{"status":"done","result":${withSummaryJson(result.presented, result.result, lang)}}`);
      return;
    }
    const job = queued(jobs.trySubmit(request, ownerFor(res), clientKey(req)));
    res.status(202).location(`/api/lab/${job.id}`).json({ id: job.id, status: job.status });
  });

  // Options of one state of a built-in game (hover text on big tables): {..game, "state": [x, y]}.
  api.post('/lab/options', needsTool(db, 'lab'), rawBody, async (req: Request, res: Response) => {
    const body = parseJsonBody(req.body) as Record<string, unknown> | null;
    const state = body && typeof body === 'object' ? body.state : undefined;
    // The lab's range bounds every state a table can show: beyond it nothing is asked for.
    if (!Array.isArray(state) || state.length < 1 || state.length > 3 || state.some((x) => !Number.isInteger(x) || x < 0 || x > MAX_TO)) {
      throw badRequest(`The field "state" must be a list of 1 to 3 integers in [0, ${MAX_TO}].`);
    }
    const { state: _, ...rest } = body as Record<string, unknown>;
    const parsed = labSchema.safeParse(rest);
    if (!parsed.success) throw badRequest(describeLabError(parsed.error, rest));
    const request = labRequestOf(parsed.data, (slug) => seesProblem(db, res, slug));
    if (request.game.kind === 'source') throw badRequest('Options of a student game come with its table (for tables up to 4096 states).');
    // Counted before anything is listed: a state too big to show is refused here, the lab thread untouched.
    const { game } = await builtinGame(request.game).catch(asHttp);
    const refused = (state as number[]).length === game.dims ? refuseOptions(request.game, game, state as number[], OPTIONS_COMPONENTS) : null;
    if (refused) throw badRequest(optionsRefusal(state as number[], refused));
    const options = await thread.options(request.game, state as number[]).catch(asHttp);
    res.json({ state, options });
  });

  api.get('/lab/games', async (_req, res) => {
    const games = await Promise.all(gameSlugs().filter((slug) => seesProblem(db, res, slug)).map(async (slug) => describeGame(slug)));
    res.json({ games, none: NO_GAME });
  });

  // The whole table of a finished job as CSV, a chunk at a time (a big job's result holds only its first values).
  // Its owner is checked by the loader like every other :labJob route (a stranger's id is a missing one).
  api.get('/lab/:labJob/table.csv', (_req, res) => {
    const id = loadedId(res, 'labJob');
    const job = jobs.get(id);
    if (!job) throw notFound(said('error.no-lab-job', id));
    if (job.status !== 'done' || !job.result) throw new HttpError(409, `Lab job ${id} has no table (it is ${job.status}).`);
    const r = job.result;
    // A big table's result holds its first rows; the whole table is kept beside it, streamed from its
    // stored text (never parsed whole on this thread).
    const chunks = job.hasTable ? jobs.tableText(id) : null;
    if (job.hasTable && chunks === null) throw notFound(`Lab job ${id} is no longer kept (jobs are kept for an hour).`);
    res.type('text/csv').attachment(`sg-table-${id}.csv`);
    const table: LabTable = { paramNames: r.game.paramNames, from: r.game.from, to: r.game.to, loopy: r.loopy, values: r.values };
    Readable.from(chunks === null ? csvChunks(table) : csvChunksOfStored(chunks)).pipe(res);
  });

  // Cancel: the student's page stops a computation it no longer wants (queued: never run; running:
  // marked cancelled at once, a sliced table stops after its current slice, any result is dropped).
  api.post('/lab/:labJob/cancel', rawBody, (req: Request, res: Response) => {
    const id = loadedId(res, 'labJob');
    if (!jobs.cancel(id)) throw new HttpError(409, `Lab job ${id} has already finished.`);
    res.json(presentJob(jobs.get(id)!, jobs, summaryLang(req.query)));
  });

  api.get('/lab/:labJob', (req, res) => {
    const id = loadedId(res, 'labJob');
    const lang = summaryLang(req.query);
    const job = jobs.get(id);
    if (!job) throw notFound(said('error.no-lab-job', id));
    res.json(presentJob(job, jobs, lang));
  });

  return api;
}

async function describeGame(slug: string) {
  const decl = await loadGame(slug);
  const game = instantiate(slug, decl);
  return { slug, about: decl.about, params: game.paramNames, settings: decl.settings ?? [], defaultTo: decl.defaultTo, reading: decl.reading ?? null };
}

/** Handlebars helper for the problem page: does this problem declare a game? */
export const labViewHelpers = {
  hasLabGame: (slug: unknown): boolean => typeof slug === 'string' && hasGame(slug),
};

/** JSON text for a <script type="application/json"> block: nothing in it can close the element. */
function jsonText(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function jsonBlock(value: unknown): string {
  return jsonText(JSON.stringify(value));
}

const STARTER = `// A game: options(n) lists the positions one move reaches from the state n.
// Each option is a list of states whose SG values XOR (a sum of games): [] leaves nothing.
// Two or three parameters: options(x, y) returning lists of tuples [[x1, y1], ...].
// Optional: export const min = 1 (the smallest state), export const params = ['x', 'y'].
// A heap whose moves take 1 to k tokens and leave 0, 1 or 2 heaps by one rule (an octal game)
// may declare export const bound = k: its period is then proven, not only seen.
export const bound = 2;
export function options(n: number): number[][] {
  const out: number[][] = [];
  // Dawson's Kayles: remove two adjacent pins from a row of n.
  for (let i = 0; 2 * i <= n - 2; i++) out.push([i, n - 2 - i]);
  return out;
}
`;

const CONJECTURE_HINT = `// Optional: a closed form to check on every state of the table.
// export default function (n: number): number | boolean { return ... }
`;

/** The same two programs with their comments in Chinese (the code is the same). */
const STARTER_ZH = `// 一个游戏：options(n) 列出从状态 n 走一步能到达的局面。
// 每个局面是若干状态的列表，它们的 SG 值取异或（游戏的和）：[] 表示什么都不剩。
// 两个或三个参数：options(x, y) 返回元组的列表 [[x1, y1], ...]。
// 可选：export const min = 1（最小的状态），export const params = ['x', 'y']。
// 一堆石子，每步取走 1 到 k 个并按同一规则留下 0、1 或 2 堆（八进制游戏）时，
// 可以声明 export const bound = k：这样周期就被证明，而不只是被观察到。
export const bound = 2;
export function options(n: number): number[][] {
  const out: number[][] = [];
  // Dawson's Kayles：从 n 个一排的木桩中取走相邻的两个。
  for (let i = 0; 2 * i <= n - 2; i++) out.push([i, n - 2 - i]);
  return out;
}
`;

const CONJECTURE_HINT_ZH = `// 可选：一个封闭形式，在表的每个状态上检验。
// export default function (n: number): number | boolean { return ... }
`;

interface PageQuery {
  game: string;
  to: string;
  octal: string;
  subtract: string;
  settings: Record<string, string>;
}

function pageQuery(q: Record<string, unknown>): PageQuery {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const settings: Record<string, string> = {};
  for (const [k, v] of Object.entries(q)) if (/^p\.[A-Za-z]\w*$/.test(k) && typeof v === 'string') settings[k.slice(2)] = v;
  return { game: str(q.problem) ? `problem:${str(q.problem)}` : str(q.game), to: str(q.to), octal: str(q.octal), subtract: str(q.subtract), settings };
}

/** The request the page's form asks for (GET /lab?game=…), or null when it asks for none. */
function pageRequest(q: PageQuery, sees: (slug: string) => boolean): LabRequest | null {
  if (!q.game) return null;
  const to = q.to === '' ? undefined : Number(q.to);
  if (to !== undefined && (!Number.isInteger(to) || to < 0 || to > MAX_TO)) throw badRequest(said('lab.range-bound', MAX_TO));
  const settings: Record<string, number> = {};
  for (const [k, v] of Object.entries(q.settings)) {
    if (v === '') continue;
    if (!/^-?\d{1,9}$/.test(v)) throw badRequest(said('lab.parameter-integer', k));
    settings[k] = Number(v);
  }
  const body: LabBody = { to };
  if (q.game.startsWith('problem:')) {
    body.problem = q.game.slice(8);
    if (Object.keys(settings).length) body.params = settings;
  } else if (q.game === 'octal') body.octal = q.octal || '0.07';
  else if (q.game === 'subtract') body.subtract = q.subtract || '1,3,4';
  else if (q.game === 'nim') body.preset = 'nim';
  else if (q.game === 'bash') {
    body.preset = 'bash';
    if (Object.keys(settings).length) body.params = settings;
  } else throw badRequest(said('lab.unknown-game', q.game.slice(0, 40)));
  return labRequestOf(body, sees);
}

export function labPages(jobs: LabQueue, db: Db, thread: LabThread): express.Router {
  const router = guardedRouter(db, { malformed: 404 });

  const gameList = async (selected: string, lang: Lang, res: Response) => {
    const titles = new Map(listProblems(db).map((p) => [p.slug, lang === 'zh' ? p.titleZh : p.titleEn]));
    const problems = await Promise.all(
      // The games in the order the problems are learned, not alphabetically.
      inLearningOrder(visibleProblems(db, res, gameSlugs().map((slug) => ({ slug })))).map(async ({ slug }) => {
        const d = await describeGame(slug);
        const title = titles.get(slug) ?? slug;
        return { ...d, about: gameAbout(slug, d.about, lang), title, value: `problem:${slug}`, selected: selected === `problem:${slug}` };
      }),
    );
    return problems;
  };

  router.get('/lab', needsTool(db, 'lab'), async (req, res) => {
    const lang: Lang = res.locals.uiLang === 'zh' ? 'zh' : 'en';
    const q = pageQuery(req.query);
    let request: LabRequest | null = null;
    let result: QuickTable | null = null;
    let error: { text: string; said: Said | null } | null = null;
    let pending = false;
    try {
      request = pageRequest(q, (slug) => seesProblem(db, res, slug));
      if (request) {
        result = await quick(thread, request);
        pending = result === null;
      }
    } catch (e) {
      if (e instanceof LabError || (e instanceof HttpError && e.status < 500)) error = { text: e.message, said: e.said };
      else throw e;
    }
    // A GET stores nothing: a table too big to answer at once is offered as a job to post.
    const asJob = pending && request ? { fields: Object.entries({ game: q.game, to: q.to, octal: q.octal, subtract: q.subtract, ...Object.fromEntries(Object.entries(q.settings).map(([k, v]) => [`p.${k}`, v])) }).map(([name, value]) => ({ name, value })) } : null;
    const problems = await gameList(q.game, lang, res);
    const selectedProblem = q.game.startsWith('problem:') ? q.game.slice(8) : null;
    const settingsOf = problems.find((p) => p.slug === selectedProblem)?.settings ?? [];
    const label = (text: string) => translatePhrase(text, lang);
    res.status(error ? 400 : 200).render('lab', {
      title: label('SG lab'),
      nav: 'lab',
      scripts: ['/vendor/ace/ace.js', '/static/code-editor.js', '/static/lab.js', '/static/lab-draft.js'],
      // Teachers draft a problem from the game on the page (public/lab-draft.js, problem-draft-routes.ts).
      canAuthor: isTeacher(res),
      problems,
      noGame: Object.entries(NO_GAME).map(([slug, why]) => ({ slug, why: noGameReason(slug, why, lang) })),
      q,
      presets: [
        { value: 'octal', label: label('octal code'), selected: q.game === 'octal' },
        { value: 'subtract', label: label('subtraction set'), selected: q.game === 'subtract' },
        { value: 'nim', label: label('Nim'), selected: q.game === 'nim' },
        { value: 'bash', label: label('Bash (take 1..m)'), selected: q.game === 'bash' },
      ],
      settings: (q.game === 'bash' ? [{ name: 'm', default: 3, about: 'most stones one move takes' }] : settingsOf).map((s) => ({
        ...s,
        about: settingAbout(q.game, s.name, s.about, lang),
        value: q.settings[s.name] ?? '',
      })),
      selectedProblem,
      error: error && labSentence(error.text, error.said, lang),
      result: result && { summary: labSummary(result.result, lang), text: result.text },
      asJob,
      // Never `data`: express-handlebars spreads that option into Handlebars' @data.
      // The page's script shows the summary said here, in the page's language (as the API's ?summary= does).
      labData: result ? jsonText(withSummaryJson(result.presented, result.result, lang)) : null,
      labWords: labWordsJson(lang),
      starter: lang === 'zh' ? STARTER_ZH : STARTER,
      conjectureHint: lang === 'zh' ? CONJECTURE_HINT_ZH : CONJECTURE_HINT,
    });
  });

  // Without JavaScript: the page's source form posts here, then follows the job's page.
  // Read as raw bytes (not express.urlencoded): in accounts mode the CSRF check has read the body already.
  router.post('/lab', needsTool(db, 'lab'), rawBody, async (req, res) => {
    const fields = (await parseFormBody(req.get('content-type'), req.body)).fields;
    // A built-in game's table too big for the page, posted from the page's "compute as a job" form.
    if (fields.has('game')) {
      const request = pageRequest(pageQuery(Object.fromEntries(fields)), (slug) => seesProblem(db, res, slug));
      if (!request) throw badRequest('Choose a game to compute.');
      const job = queued(jobs.trySubmit(request, ownerFor(res), clientKey(req)));
      res.redirect(303, `/lab/jobs/${job.id}`);
      return;
    }
    const source = fields.get('source') ?? '';
    const conjecture = (fields.get('conjecture') ?? '').replace(/\/\/.*$/gm, '').trim() !== '' ? fields.get('conjecture') : undefined;
    const to = (fields.get('to') ?? '') !== '' ? Number(fields.get('to')) : undefined;
    const body = labSchema.safeParse({ source, conjecture, to: Number.isFinite(to) ? to : undefined });
    if (!body.success) throw badRequest(describeLabError(body.error, { source }));
    const job = queued(jobs.trySubmit(labRequestOf(body.data, () => true), ownerFor(res), clientKey(req)));
    res.redirect(303, `/lab/jobs/${job.id}`);
  });

  router.get('/lab/jobs/:labJob', (_req, res) => {
    const id = loadedId(res, 'labJob');
    const job = jobs.get(id);
    if (!job) throw notFound(said('error.no-lab-job', id));
    const r = job.result;
    const lang: Lang = res.locals.uiLang === 'zh' ? 'zh' : 'en';
    res.render('lab-job', {
      title: lang === 'zh' ? translatePhrase('SG lab: job {0}', lang, [job.id]) : `SG lab job ${job.id}`,
      nav: 'lab',
      scripts: ['/static/lab.js'],
      autoRefresh: job.status === 'queued' || job.status === 'running',
      job: { id: job.id, status: job.status, phase: job.phase, progress: job.status === 'running' ? job.progress : null, percent: job.progress === null ? null : Math.round(job.progress * 100), error: job.error && labSentence(job.error, job.errorSaid, lang), elapsed: ((Date.now() - (job.startedAt ?? Date.now())) / 1000).toFixed(1) },
      result: r && { summary: labSummary(r, lang), text: textOf(r), csvUrl: csvUrlOf(job.id) },
      labData: r ? jsonBlock({ ...presentResult(r, csvUrlOf(job.id)), summaryIn: summaryIn(r, lang) }) : null,
      labWords: labWordsJson(lang),
    });
  });

  return router;
}
