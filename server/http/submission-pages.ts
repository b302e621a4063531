import express, { type Request, type Response } from 'express';
import { latestRejudge, verdictHistory } from '../rejudge/store';
import { rejudgePanel } from './rejudge-routes';
import { VERDICTS, verdictName } from '../judge/verdicts';
import { StoredHighlight } from './stored-highlight';
import type { Db } from '../storage/db';
import { getProblemHeader, listProblems } from '../storage/problems';
import {
  countSubmissions,
  getSubmission,
  insertSubmission,
  listFailureTexts,
  listSubmissions,
  listSubmissionTests,
  type FailureTextKind,
} from '../storage/submissions';
import { parseFormBody, rawBody } from './body';
import { badRequest, errorIn, HttpError, notFound } from './errors';
import type { RefusedForm } from './problem-pages';
import { formatTimestamp, statusClass, statusSaid, verdictClass } from './present';
import { checkSubmission } from './submission-input';
import { parseLanguage } from './language-field';
import { parseCount, parseSubmissionFilter } from './submission-query';
import { clientKey } from './client-key';
import { checkPersonCap } from './person-cap';
import { compileOutputHtml, sourceView } from './source-view';
import { languageSpec, type LanguageId } from '../languages/registry';
import { languageStatuses } from '../languages/detect';
import { detectedNow } from '../languages/toolchains';
import { caseOfDifference, splitAtCase } from './failing-case-view';
import { storedCaseLayout } from '../problem-store/case-layouts';
import { dialogueMovesOf } from '../problems/dialogue-moves';
import { inLearningOrder, nextInOrder } from '../../problems/catalog';
import { findAccount, listAccounts } from '../storage/accounts';
import { isTeacher, ownerFor, scopeOf, showsAuthors } from './auth/viewer';
import { TextDownloads } from './text-downloads';
import { guardedRouter, loadedId } from './policy';
import { said, sayIn } from '../text/messages';
import { toolsOff } from './round-tools';
import { failingTestHidden } from './failing-test-sight';
import { visibleProblems } from './problem-sight';
import { roundOnProblem } from './round-view';

const PAGE_SIZE = 50;
const TEXT_KINDS: readonly FailureTextKind[] = ['input', 'expected', 'output', 'stderr', 'dialogue'];

export interface SubmissionPagesDeps {
  db: Db;
  onSubmitted: (id: number) => void;
  /** False when no judge is connected (distributed mode with no worker): queued work just waits. */
  judgeConnected?: () => boolean;
  /** Shows the problem page again with the reason a form was refused and the code it sent. */
  showRefused?: (req: Request, res: Response, slug: string, refused: RefusedForm) => Promise<void>;
}

export function submissionPages({ db, onSubmitted, judgeConnected, showRefused }: SubmissionPagesDeps): express.Router {
  const router = guardedRouter(db, { malformed: 404 });
  const highlight = new StoredHighlight(db);
  const downloads = new TextDownloads(db.name);

  /** The web form: the code field, or an uploaded file when one is chosen. */
  async function submitForm(req: Request, res: Response, slugFromPath: string | null): Promise<void> {
    const form = await parseFormBody(req.get('content-type'), req.body);
    const problem = slugFromPath ?? form.fields.get('problem') ?? '';
    if (!problem) throw badRequest('Choose a problem to submit to.');
    const source = form.files.get('file') ?? form.fields.get('source');
    let slug: string;
    try {
      if (source === undefined) throw badRequest('The form has no source: type the code or choose a file.');
      slug = checkSubmission(db, res, problem, source);
      parseLanguage(form.fields.get('language'));
    } catch (e) {
      // An empty or oversized source keeps the student on the problem page, with the code they sent.
      if (!(e instanceof HttpError) || e.status === 404 || !slugFromPath || !showRefused) throw e;
      res.status(e.status);
      await showRefused(req, res, slugFromPath, { error: errorIn(e, res.locals.uiLang === 'zh' ? 'zh' : 'en'), source: (source ?? '').slice(0, 256 * 1024), language: form.fields.get('language') });
      return;
    }
    checkPersonCap(db, 'submission', req, res);
    const id = insertSubmission(db, slug, source, parseLanguage(form.fields.get('language')), clientKey(req), ownerFor(res));
    onSubmitted(id);
    // 303: the browser follows with a GET, so reloading the result page never submits twice.
    res.redirect(303, `/submissions/${id}`);
  }
  router.post('/problems/:slug/submit', rawBody, (req, res) => submitForm(req, res, req.params.slug));
  router.post('/submissions', rawBody, (req, res) => submitForm(req, res, null));

  router.get('/submissions', (req, res) => {
    const query = req.query as Record<string, unknown>;
    // A teacher may ask for one student's (the class standings link each cell here).
    const author = showsAuthors(res) && typeof query.author === 'string' && query.author !== '' ? query.author.slice(0, 64) : undefined;
    const filter = {
      ...parseSubmissionFilter(db, res, { problem: query.problem, verdict: query.verdict }),
      owner: scopeOf(res) ?? (author === undefined ? undefined : (findAccount(db, author)?.id ?? -1)),
    };
    const page = parseCount(query, 'page', 1, 1, 1e6);
    const total = countSubmissions(db, filter);
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    // Problem titles follow the interface language.
    const zh = res.locals.uiLang === 'zh';
    // The problem filter lists them in learning order, as the problem list does.
    const titles = new Map(inLearningOrder(visibleProblems(db, res, listProblems(db))).map((p) => [p.slug, zh ? p.titleZh : p.titleEn]));
    const link = (n: number): string => {
      const params = new URLSearchParams();
      if (filter.problem) params.set('problem', filter.problem);
      if (filter.verdict) params.set('verdict', filter.verdict);
      if (author) params.set('author', author);
      if (n > 1) params.set('page', String(n));
      const q = params.toString();
      return `/submissions${q ? `?${q}` : ''}`;
    };
    res.render('submissions', {
      title: 'Submissions',
      nav: 'submissions',
      scripts: ['/static/submissions-live.js'],
      authors: showsAuthors(res),
      submissions: listSubmissions(db, filter, PAGE_SIZE, (page - 1) * PAGE_SIZE).map((s) => ({
        id: s.id,
        when: formatTimestamp(s.createdAt),
        problem: s.problem,
        problemTitle: titles.get(s.problem) ?? s.problem,
        language: languageSpec(s.language).name,
        statusText: statusSaid(s),
        statusClass: statusClass(s),
        done: s.status === 'done',
        timeMs: s.timeMs,
        memoryKb: s.memoryKb,
        author: s.ownerDisplay,
        authorLogin: s.ownerName,
      })),
      total,
      page,
      pages,
      prev: page > 1 ? link(page - 1) : null,
      next: page < pages ? link(page + 1) : null,
      problems: [...titles].map(([slug, title]) => ({ slug, title, selected: slug === filter.problem })),
      verdicts: VERDICTS.map((v) => ({ code: v, name: verdictName(v), selected: v === filter.verdict })),
      // The author filter (teachers): shown and kept, so a standings cell's link stays visible.
      people: showsAuthors(res) ? listAccounts(db).filter((a) => a.removedAt === null || a.name === author).map((a) => ({ name: a.name, displayName: a.displayName, selected: a.name.toLowerCase() === author?.toLowerCase() })) : [],
      filtered: Boolean(filter.problem || filter.verdict || author),
    });
  });

  router.get('/submissions/:submission', async (_req, res) => {
    const id = loadedId(res, 'submission');
    const s = getSubmission(db, id);
    if (!s) throw notFound(said('error.no-submission', id));
    const sourceHtml = await highlight.html(s.id, s.source, s.language);
    const problem = getProblemHeader(db, s.problem);
    // During an ICPC round, and for a package's secret test, the failing test stays the judge's: its verdict and number only.
    const hiddenBy = failingTestHidden(db, res, s.id);
    const texts = hiddenBy ? new Map() : listFailureTexts(db, s.id);
    const lang = res.locals.uiLang === 'zh' ? 'zh' : 'en';
    const off = toolsOff(db, res);
    const tests = listSubmissionTests(db, s.id).map((t) => {
      const failing = t.idx === s.failedTest;
      if (hiddenBy) {
        return { index: t.idx, verdict: t.verdict, verdictText: verdictName(t.verdict), verdictClass: verdictClass(t.verdict), timeMs: t.timeMs, memoryKb: t.memoryKb, failing, interactive: false, exitCode: null, message: null, messageSaid: null, judgeMessage: null, failingCase: null, blocks: [], hiddenNote: sayIn(hiddenBy.note, lang) };
      }
      const failingCase = failing && t.verdict === 'WA' ? caseOfDifference(s.problem, t, texts, (slug) => storedCaseLayout(db, slug)) : null;
      return {
        index: t.idx,
        verdict: t.verdict,
        verdictText: verdictName(t.verdict),
        verdictClass: verdictClass(t.verdict),
        timeMs: t.timeMs,
        memoryKb: t.memoryKb,
        failing,
        // An interactive test's message is the interactor's, about the game it played.
        interactive: t.dialoguePreview !== null,
        exitCode: t.exitCode,
        message: t.message,
        messageSaid: t.messageSaid,
        // The package's judgemessage.txt may name the answer: a teacher's, never a student's.
        judgeMessage: isTeacher(res) ? t.judgeMessage : null,
        failingCase,
        hiddenNote: null,
        blocks: failing
          ? [
              { kind: 'input', label: 'Input', text: t.inputPreview },
              { kind: 'expected', label: 'Expected output', text: t.expectedPreview },
              { kind: 'output', label: 'Program output', text: t.outputPreview },
              { kind: 'stderr', label: 'Standard error', text: t.stderrPreview },
              { kind: 'dialogue', label: 'Dialogue (> the program, < the judge)', text: t.dialoguePreview },
            ]
              // An interactive test's output is its dialogue.
              .filter((b) => t.dialoguePreview === null || b.kind !== 'output')
              // Standard error is shown when there is some and it is not just the message above again.
              .filter((b) => b.text !== null && (b.kind !== 'stderr' || (b.text.trim() !== '' && b.text.trim() !== t.message?.trim())))
              .map((b) => {
                const full = texts.get(b.kind as FailureTextKind);
                const truncated = full !== undefined && full.length > (b.text ?? '').length;
                return {
                  ...b,
                  moves: b.kind === 'dialogue' ? dialogueMovesOf(s.problem, b.text) : null,
                  marked: b.kind === 'input' && failingCase !== null && b.text !== null ? splitAtCase(b.text, failingCase) : null,
                  empty: b.text === '',
                  truncated,
                  length: full?.length ?? 0,
                  cut: full?.cut ?? false,
                  href: `/submissions/${s.id}/${b.kind}.txt`,
                };
              })
          : [],
      };
    });
    const done = s.status === 'done';
    const source = sourceView(s.source, s.language, sourceHtml);
    // Inside a round of this person's, "next problem" is the round's next letter.
    const round = s.verdict === 'AC' ? roundOnProblem(db, res, s.problem, lang) : null;
    const next = s.verdict !== 'AC' ? null : round ? (round.next?.slug ?? null) : nextInOrder(s.problem, visibleProblems(db, res, listProblems(db)).map((q) => q.slug));
    const nextHeader = next === null ? undefined : getProblemHeader(db, next);
    res.render('submission', {
      title: `Submission ${s.id}`,
      nav: 'submissions',
      highlight: true,
      scripts: ['/static/api.js', '/static/diff.js', '/static/failure-diff.js', ...(done ? [] : ['/static/live.js', '/static/submission.js'])],
      refresh: !done,
      noJudge: s.status === 'queued' && judgeConnected?.() === false,
      // Distributed mode: no connected worker judges this language now; it waits for one that does.
      languageWaits: s.status === 'queued' ? languageWaitSentence(s.language, res.locals.uiLang === 'zh' ? 'zh' : 'en') : null,
      submission: {
        id: s.id,
        author: showsAuthors(res) ? s.ownerDisplay : null,
        problem: s.problem,
        problemTitle: (res.locals.uiLang === 'zh' ? problem?.titleZh : problem?.titleEn) ?? s.problem,
        when: formatTimestamp(s.createdAt),
        statusText: statusSaid(s),
        statusClass: statusClass(s),
        verdict: s.verdict,
        done,
        timeMs: s.timeMs,
        memoryKb: s.memoryKb,
        compileOutput: s.compileOutput,
        compileOutputHtml: s.compileOutput === null ? null : compileOutputHtml(s.compileOutput, source.lineNumbers.length),
        source,
        editHref: `/problems/${s.problem}?from=${s.id}#submit`,
        next: nextHeader && { slug: nextHeader.slug, title: res.locals.uiLang === 'zh' ? nextHeader.titleZh : nextHeader.titleEn },
        language: languageSpec(s.language).name,
        sourceBytes: Buffer.byteLength(s.source),
        // The runtime the verdict depends on: the judge threads run in this process, on its Node
        // (a native program runs on the machine's compiler or interpreter: docs/languages.md).
        node: languageSpec(s.language).native ? null : process.versions.node,
        // Rejudges that changed or confirmed its verdict (server/rejudge/): before → after.
        rejudged: verdictHistory(db, s.id).map((h) => ({ before: h.before, after: h.after, when: formatTimestamp(h.at) })),
        rejudgePanel: done && isTeacher(res) ? rejudgePanel({ submission: s.id }, latestRejudge(db, { submission: s.id })) : null,
      },
      tests,
      failure: tests.find((t) => t.failing) ?? null,
      // A helper that is off for this round is not offered: its sentence instead of its button.
      mistakeMapOff: off.stress ? sayIn(off.stress, lang) : null,
      editorialOff: off.hints !== undefined,
    });
  });

  router.get('/submissions/:submission/:file', async (req, res) => {
    const id = loadedId(res, 'submission');
    const m = /^(input|expected|output|stderr|dialogue|source)\.(txt|ts|js|cpp|py)$/.exec(req.params.file);
    if (!m) throw notFound('There is no such file.');
    const kind = m[1]!;
    const fileName = `submission-${id}-${req.params.file}`;
    // A failing test's texts may be megabytes (a package's 15 MiB input): streamed from the download thread.
    if (kind !== 'source' && m[2] === 'txt' && TEXT_KINDS.includes(kind as FailureTextKind)) {
      // During the round, or for a package's secret test, the failing test is the judge's: none of its files (the page says why).
      const hiddenBy = failingTestHidden(db, res, id);
      if (hiddenBy) throw new HttpError(403, hiddenBy.refusal);
      if (await downloads.send(res, id, kind as FailureTextKind, fileName)) return;
      throw notFound(`Submission ${id} has no ${kind} to download.`);
    }
    // The page links a source (at most 64 KiB) under its own language's extension (source.js for JavaScript).
    const content = kind === 'source' && m[2] !== 'txt' ? getSubmission(db, id)?.source : undefined;
    if (content === undefined) throw notFound(`Submission ${id} has no ${kind} to download.`);
    // attachment() guesses a type from the extension (.ts is video/mp2t), so set the type after it.
    res.attachment(fileName).type('text/plain; charset=utf-8').send(content);
  });

  return router;
}

/** Why a queued submission's language is not being judged now (no judge has it), or null. */
function languageWaitSentence(language: LanguageId, lang: 'en' | 'zh'): string | null {
  const status = languageStatuses(detectedNow()).find((l) => l.id === language);
  if (!status || status.available) return null;
  return status.said ? sayIn(status.said, lang) : (status.reason ?? null);
}
