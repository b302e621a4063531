/**
 * A teacher's own problems: `POST /api/problem-drafts` with `{"lab": <a POST /api/lab body>}` or a
 * typed problem → 201 `{"id", "slug"}`; the checks run as a queued job (kinds/problem-draft.ts);
 * `GET /api/problem-drafts/:id` → `{"status", "tests", "solutions", "reasons"}`;
 * `POST /api/problem-drafts/:id/publish` → 200 once every check passed (409 with every reason
 * otherwise), storing it through the problem store (server/problem-store) like an imported package.
 * Teachers only (and the one local person); a draft is a problem only once published.
 */
import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import { MAX_SOURCE_BYTES } from '../compile/source-limit';
import type { PackageSubmission, PackageTest, ParsedPackage } from '../package-format/parse';
import { MAX_CASES } from '../problem-drafts/draft-package';
import { slugOf } from '../problem-drafts/lab-draft';
import { PresetError } from '../lab/presets';
import { getStoredProblem, isBuiltInSlug, storePackage } from '../problem-store/store';
import { StoreRefused, type SolutionReport } from '../problem-store/types';
import { isReservedSlug, reservedSlugSentence, SLUG_PATTERN } from '../problems/registry';
import { statementRenderer } from '../render/statement-renderer';
import { statementsOf } from '../problem-store/package-data';
import { english } from '../text/messages';
import { personOf } from '../queue/person-caps';
import type { Db } from '../storage/db';
import { draftSlugTaken, getProblemDraft, insertProblemDraft, markDraftPublished, type ProblemDraftRow } from '../problem-drafts/store';
import { prepared } from '../storage/db';
import { REMOVED_HASH } from '../storage/problems';
import { ownerFor, viewerOf } from './auth/viewer';
import { parseJsonBody, rawBody } from './body';
import { clientKey } from './client-key';
import { badRequest, HttpError, notFound } from './errors';
import { describeLabError, labRequestOf, labSchema } from './lab-routes';
import { checkPersonCap } from './person-cap';
import { may } from './policy';

/** Bounds checked before anything is stored or queued (the whole body is at most 1 MiB anyway). */
export const DRAFT_BOUNDS = { samples: 10, tests: 50, testBytes: 256 * 1024, statementBytes: 64 * 1024, titleChars: 200, wrong: 10, timeMs: [100, 10_000], memoryMb: [16, 1024] } as const;

const text = z.string();
const testSchema = z.object({ input: text, output: text.optional() }).strict();
const typedSchema = z
  .object({
    slug: text,
    title: z.object({ en: text, zh: text.optional() }).strict(),
    statement: z.object({ en: text, zh: text.optional() }).strict(),
    limits: z.object({ timeMs: z.number().int(), memoryMb: z.number().int() }).strict(),
    samples: z.array(testSchema),
    tests: z.array(testSchema).optional(),
    reference: text,
    generator: text.optional(),
    wrong: z.array(text).optional(),
  })
  .strict();
type Typed = z.infer<typeof typedSchema>;

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

function checkCode(source: string, what: string): void {
  if (source.trim() === '') throw badRequest(`The ${what} is empty.`);
  if (bytes(source) > MAX_SOURCE_BYTES) throw badRequest(`The ${what} is ${bytes(source)} bytes; at most ${MAX_SOURCE_BYTES} (64 KiB).`);
  if (source.includes('\0')) throw badRequest(`The ${what} contains NUL bytes.`);
}

function checkSlug(db: Db, slug: string): void {
  if (!SLUG_PATTERN.test(slug) || slug.length > 64) throw badRequest(`"${slug.slice(0, 64)}" is not a short name: lowercase letters and digits joined by dashes, at most 64 characters.`);
  if (isBuiltInSlug(slug)) throw badRequest(`"${slug}" is the short name of a built-in problem; choose another.`);
  if (isReservedSlug(slug)) throw badRequest(reservedSlugSentence(slug, 'choose another'));
  if (prepared(db, `SELECT 1 FROM problems WHERE slug = ? AND content_hash <> '${REMOVED_HASH}'`).get(slug) && !getStoredProblem(db, slug)) throw badRequest(`"${slug}" is taken by a problem of this judge; choose another.`);
  if (draftSlugTaken(db, slug)) throw badRequest(`A draft named "${slug}" is already waiting to be published; publish it or choose another name.`);
}

/** A typed draft as a package; the tests without an output are named in `unanswered`. */
function typedPackage(db: Db, t: Typed): { pkg: ParsedPackage; unanswered: string[]; generator: string | null } {
  checkSlug(db, t.slug);
  if (t.title.en.trim() === '' || [t.title.en, t.title.zh ?? ''].some((s) => s.length > DRAFT_BOUNDS.titleChars)) throw badRequest(`The English title is required, and a title has at most ${DRAFT_BOUNDS.titleChars} characters.`);
  if (t.statement.en.trim() === '') throw badRequest('The English statement is empty.');
  for (const s of [t.statement.en, t.statement.zh ?? '']) if (bytes(s) > DRAFT_BOUNDS.statementBytes) throw badRequest(`A statement has at most ${DRAFT_BOUNDS.statementBytes} bytes.`);
  const [tMin, tMax] = DRAFT_BOUNDS.timeMs;
  const [mMin, mMax] = DRAFT_BOUNDS.memoryMb;
  if (t.limits.timeMs < tMin || t.limits.timeMs > tMax) throw badRequest(`The time limit must be ${tMin} to ${tMax} ms.`);
  if (t.limits.memoryMb < mMin || t.limits.memoryMb > mMax) throw badRequest(`The memory limit must be ${mMin} to ${mMax} MiB.`);
  if (t.samples.length < 1 || t.samples.length > DRAFT_BOUNDS.samples) throw badRequest(`Give 1 to ${DRAFT_BOUNDS.samples} samples.`);
  const tests = t.tests ?? [];
  if (tests.length > DRAFT_BOUNDS.tests) throw badRequest(`Give at most ${DRAFT_BOUNDS.tests} tests; a generator makes more for stress tests.`);
  for (const x of [...t.samples, ...tests]) {
    if (x.input.trim() === '') throw badRequest('A test has an empty input.');
    if (bytes(x.input) + bytes(x.output ?? '') > DRAFT_BOUNDS.testBytes) throw badRequest(`A test (input and output) has at most ${DRAFT_BOUNDS.testBytes} bytes.`);
  }
  checkCode(t.reference, 'reference solution');
  if (t.generator !== undefined) checkCode(t.generator, 'generator');
  if ((t.wrong ?? []).length > DRAFT_BOUNDS.wrong) throw badRequest(`Give at most ${DRAFT_BOUNDS.wrong} wrong solutions.`);
  (t.wrong ?? []).forEach((w, i) => checkCode(w, `wrong solution ${i + 1}`));
  const unanswered: string[] = [];
  const asTests = (group: string, list: { input: string; output?: string }[]): PackageTest[] =>
    list.map((x, i) => {
      const name = String(i + 1).padStart(2, '0');
      if (x.output === undefined) unanswered.push(`${group}/${name}`);
      return { name, input: x.input, answer: x.output ?? '' };
    });
  const ts = (name: string, source: string): PackageSubmission => ({ name, language: 'typescript', source });
  const pkg: ParsedPackage = {
    shortName: t.slug,
    name: t.title.zh ? { en: t.title.en, zh: t.title.zh } : { en: t.title.en },
    source: null,
    license: 'unknown',
    type: 'pass-fail',
    validation: 'default',
    limits: t.limits,
    statements: { en: t.statement.en, ...(t.statement.zh && { zh: t.statement.zh }) },
    samples: asTests('sample', t.samples),
    secret: asTests('secret', tests),
    submissions: { accepted: [ts('reference.ts', t.reference)], wrong_answer: (t.wrong ?? []).map((w, i) => ts(`wrong-${i + 1}.ts`, w)), time_limit_exceeded: [], run_time_error: [] },
    hasOutputValidator: false,
    notes: [],
  };
  return { pkg, unanswered, generator: t.generator ?? null };
}

function requireTeacher(res: Response): void {
  if (!may(viewerOf(res), 'change', { kind: 'storedProblem', owner: null })) throw new HttpError(403, 'Only a teacher can write problems.');
}

/** The draft's id, for a teacher; a malformed or missing one answers 404 with the same sentence. */
function draftOf(db: Db, raw: string): ProblemDraftRow {
  const id = /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
  const row = id === null ? undefined : getProblemDraft(db, id);
  if (!row) throw notFound(`There is no problem draft ${raw.slice(0, 30)}.`);
  return row;
}

export function presentDraft(row: ProblemDraftRow) {
  const d = row.stored.draft;
  const status = row.status === 'done' ? row.outcome! : row.status;
  return {
    id: row.id,
    slug: row.slug,
    status,
    published: row.publishedAt !== null,
    tests: d ? [...d.pkg.samples.map((t) => ({ group: 'sample', name: t.name, input: t.input.slice(0, 200), cases: caseCount(t.input) })), ...d.pkg.secret.map((t) => ({ group: 'secret', name: t.name, input: t.input.slice(0, 200), cases: caseCount(t.input) }))] : [],
    solutions: (row.rows ?? []).map((r) => ({ name: r.name, expected: r.expected, verdict: r.verdict, failedTest: r.failedTest })),
    reasons: row.reasons ?? [],
    added: row.added ?? [],
    notes: d?.pkg.notes ?? [],
    statement: d ? { en: d.pkg.statements.en ?? '', zh: d.pkg.statements.zh ?? '' } : null,
  };
}

function caseCount(input: string): number | null {
  const first = input.split('\n', 1)[0]!.trim();
  return /^\d{1,4}$/.test(first) && Number(first) <= MAX_CASES ? Number(first) : null;
}

export function problemDraftApi(db: Db, onQueued: () => void): express.Router {
  const api = express.Router();

  api.post('/problem-drafts', (_req, res, next) => {
    requireTeacher(res);
    next();
  }, rawBody, (req: Request, res: Response) => {
    const body = parseJsonBody(req.body);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('The request body must be a JSON object: {"lab": {...}} or a typed problem {"slug", "title", "statement", "limits", "samples", "reference", ...}.');
    let slug: string;
    let stored;
    if ('lab' in body) {
      if (Object.keys(body).length !== 1) throw badRequest('A draft from the lab takes only the field "lab".');
      const lab = (body as { lab: unknown }).lab;
      const parsed = labSchema.safeParse(lab);
      if (!parsed.success) throw badRequest(describeLabError(parsed.error, lab));
      if (parsed.data.conjecture !== undefined) throw badRequest('A draft from the lab takes a game, not a conjecture.');
      // A teacher's draft: every problem's game is theirs to start from.
      const request = labRequestOf(parsed.data, () => true);
      if (request.game.kind === 'problem') throw badRequest('That game is already a problem of this judge; draft from a preset, an octal or subtraction game, or your own game.');
      const spec = request.game.kind === 'source' ? null : request.game;
      const settings: Record<string, number> = request.game.kind === 'bash' ? { m: request.game.settings?.m ?? 3 } : {};
      try {
        slug = freeSlug(db, slugOf(spec, settings, request.game.kind === 'source' ? request.game.source : null));
      } catch (e) {
        if (e instanceof PresetError) throw badRequest(`${e.message[0]!.toUpperCase()}${e.message.slice(1)}.`);
        throw e;
      }
      stored = { draft: null, unanswered: [], lab: { request, body: lab, slug } };
    } else {
      const parsed = typedSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw badRequest(issue.code === 'unrecognized_keys' ? `Unknown field "${issue.keys[0]}".` : `The field "${issue.path.join('.') || 'body'}" is not valid: ${issue.message}.`);
      }
      const { pkg, unanswered, generator } = typedPackage(db, parsed.data);
      slug = pkg.shortName;
      stored = { draft: { pkg, extra: [], caseLayout: null, generator, lab: null }, unanswered };
    }
    checkPersonCap(db, 'problem-draft', req, res);
    const id = insertProblemDraft(db, { slug, owner: ownerFor(res), client: personOf(ownerFor(res), clientKey(req)), stored });
    onQueued();
    res.status(201).location(`/api/problem-drafts/${id}`).json({ id, slug });
  });

  // The authoring page's live preview: the statement as every stored problem's is shown (raw HTML
  // as text, KaTeX for the maths), rendered here so the page needs no Markdown of its own.
  api.post('/problem-drafts/preview', (_req, res, next) => {
    requireTeacher(res);
    next();
  }, rawBody, async (req: Request, res: Response) => {
    const body = parseJsonBody(req.body) as { markdown?: unknown } | null;
    const markdown = body && typeof body === 'object' ? body.markdown : undefined;
    if (typeof markdown !== 'string') throw badRequest('Send {"markdown": "<the statement>"}.');
    if (bytes(markdown) > DRAFT_BOUNDS.statementBytes) throw badRequest(`A statement has at most ${DRAFT_BOUNDS.statementBytes} bytes.`);
    // In the statement thread, within its bounds: one that would not render is refused as publish would refuse it.
    const r = await statementRenderer().render({ source: markdown, lang: 'en', untrusted: true });
    if (!r.ok) throw new HttpError(400, r.said);
    res.json({ html: r.html.before + r.html.after });
  });

  api.get('/problem-drafts/:draft', (req, res) => {
    requireTeacher(res);
    res.json(presentDraft(draftOf(db, String(req.params.draft))));
  });

  api.post('/problem-drafts/:draft/publish', (_req, res, next) => {
    requireTeacher(res);
    next();
  }, rawBody, async (req: Request, res: Response) => {
    const row = draftOf(db, String(req.params.draft));
    if (row.publishedAt !== null) throw new HttpError(409, `Draft ${row.id} is already published as "${row.slug}".`);
    if (row.status !== 'done') throw new HttpError(409, `Draft ${row.id} is still being checked (${row.status}); publish it once every check has passed.`, );
    const draft = row.stored.draft;
    if (row.outcome !== 'ready' || !draft) {
      const reasons = row.reasons?.length ? row.reasons : ['The checks did not pass.'];
      res.status(409).json({ error: `Draft ${row.id} cannot be published: ${reasons[0]}${reasons.length > 1 ? ` (and ${reasons.length - 1} more reason(s))` : ''}`, reasons });
      return;
    }
    // A stored problem of the same name is this teacher's earlier version: the draft replaces it.
    const earlier = getStoredProblem(db, row.slug);
    const solutions: SolutionReport[] = (row.rows ?? []).filter((r) => !r.name.startsWith('sg-judge/')).map((r) => {
      const [folder, ...name] = r.name.split('/');
      return { folder: folder as SolutionReport['folder'], name: name.join('/'), language: 'typescript', expected: r.expected, got: r.verdict, failedTest: r.failedTest, tests: '', maxTimeMs: 0, ok: r.verdict === r.expected, note: null };
    });
    // A statement that does not render in bound is refused here, before it is a problem.
    const unrenderable = await statementRenderer().refusals(statementsOf(draft.pkg), true);
    if (unrenderable.length) {
      res.status(409).json({ error: `Draft ${row.id} cannot be published: ${english(unrenderable[0]!)}`, id: unrenderable[0]!.id, args: unrenderable[0]!.args, reasons: unrenderable.map(english) });
      return;
    }
    try {
      storePackage(db, draft.pkg, { owner: row.owner, published: true, replace: earlier !== undefined, generator: draft.generator ?? undefined, solutions, caseLayout: draft.caseLayout, extra: draft.extra });
    } catch (e) {
      if (e instanceof StoreRefused) {
        res.status(409).json({ error: `Draft ${row.id} cannot be published: ${e.reasons[0]}`, reasons: e.reasons });
        return;
      }
      throw e;
    }
    markDraftPublished(db, row.id);
    res.json({ id: row.id, slug: row.slug, published: true, newVersion: earlier !== undefined, problem: `/problems/${row.slug}` });
  });

  return api;
}

/** The lab's name for the game, or it with -2, -3 … when a problem or a waiting draft has it. */
function freeSlug(db: Db, base: string): string {
  for (let i = 1; i < 1000; i++) {
    const slug = i === 1 ? base : `${base}-${i}`;
    const taken = isBuiltInSlug(slug) || isReservedSlug(slug) || prepared(db, `SELECT 1 FROM problems WHERE slug = ? AND content_hash <> '${REMOVED_HASH}'`).get(slug) !== undefined || draftSlugTaken(db, slug);
    if (!taken) return slug;
  }
  throw new HttpError(409, `Too many problems are named after this game (${base}); publish or remove some first.`);
}
