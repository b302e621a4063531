import { createRequire } from 'node:module';
import { latestRejudge as getRejudgeLatest } from '../rejudge/store';
import { rejudgePanel } from './rejudge-routes';
import express from 'express';
import { SLUG_PATTERN } from '../problems/registry';
import { problemReadiness } from '../problems/readiness';
import type { Db } from '../storage/db';
import { preview } from '../text/preview';
import { countTests, getProblemHeader, listProblems, listUserTests, problemStatus, type ProblemHeader } from '../storage/problems';
import { randomSeed } from '../stress/cases';
import { getSubmission, listSubmissions } from '../storage/submissions';
import { listActiveStressRuns } from '../storage/stress-runs';
import { stressRunState } from './stress-state';
import { notFound } from './errors';
import { STORED_HASH_PREFIX } from '../problem-store/store';
import { isInteractiveProblem, storedLack } from './stored-guard';
import { listKeptFiles } from '../problem-store/kept-files';
import { catalogEntry, inLearningOrder, nextInOrder } from '../../problems/catalog';
import { teachingView } from './teaching-view';
import { starterCode } from '../problems/starter-code';
import { languageMenu } from './language-menu';
import { statementLang } from './lang';
import { formatTimestamp, statusClass, statusSaid } from './present';
import type { Lang, StatementCache } from './statements';
import { canSee, isTeacher, ownerFor, scopeOf, showsAuthors } from './auth/viewer';
import { homeworkBanner, homeworkDue } from './class-routes';
import { said, sayIn, templatesIn } from '../text/messages';
import { roundOnProblem } from './round-view';
import { toolsOff } from './round-tools';
import { requireProblemSight, visibleProblems } from './problem-sight';
import { holdOf, listHolds } from '../storage/problem-holds';
import { getContest } from '../storage/contests';

/** Labels of the statement area, in the statement's language. */
const LABELS: Record<Lang, { sampleInput: string; sampleOutput: string; samples: string; timeLimit: string; memoryLimit: string; copy: string; files: string; statementPdf: string }> = {
  en: {
    files: 'Files',
    statementPdf: 'Statement (PDF)',
    samples: 'Examples',
    sampleInput: 'Input',
    sampleOutput: 'Output',
    timeLimit: 'time limit per test',
    memoryLimit: 'memory limit per test',
    copy: 'Copy',
  },
  zh: { files: '文件', statementPdf: '题面（PDF）', samples: '样例', sampleInput: '输入', sampleOutput: '输出', timeLimit: '每个测试点时间限制', memoryLimit: '每个测试点内存限制', copy: '复制' },
};

export function formatLimits(p: Pick<ProblemHeader, 'timeLimitMs' | 'memoryLimitMb'>, lang: Lang): { time: string; memory: string } {
  const seconds = p.timeLimitMs / 1000;
  if (lang === 'zh') return { time: `${seconds} 秒`, memory: `${p.memoryLimitMb} MB` };
  return { time: `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`, memory: `${p.memoryLimitMb} megabytes` };
}

/**
 * What judges a solution, as the submit form says it. The compiler's version comes from its
 * package.json: the HTTP thread never loads the compiler itself (judge threads do).
 */
const TOOLCHAIN = { node: process.versions.node, typescript: (createRequire(import.meta.url)('typescript/package.json') as { version: string }).version };

/** Finished stress runs stay listed on the problem page this long, so a reload loses nothing. */
const RECENT_STRESS_MS = 60 * 60 * 1000;

export function problemPages(db: Db, statements: StatementCache): express.Router {
  const router = express.Router();

  const list: express.RequestHandler = (_req, res) => {
    const owner = ownerFor(res);
    // Accounts mode: a student's homework sets (open and closed), with their own progress.
    const homework = owner !== null && !isTeacher(res) ? homeworkBanner(db, owner, res.locals.uiLang === 'zh' ? 'zh' : 'en') : [];
    const dueBySlug = homeworkDue(db, homework);
    // A teacher sees which problems are kept for a round (students do not see those at all).
    const held = isTeacher(res) ? new Set(listHolds(db).map((h) => h.problem)) : new Set<string>();
    const problems = inLearningOrder(visibleProblems(db, res, listProblems(db))).map((p, i) => ({
      n: i + 1,
      slug: p.slug,
      titleEn: p.titleEn,
      titleZh: p.titleZh,
      source: p.source,
      limits: formatLimits(p, 'en'),
      status: problemStatus(db, p.slug, owner),
      difficulty: catalogEntry(p.slug).difficulty,
      tags: catalogEntry(p.slug).tags,
      homework: dueBySlug.get(p.slug) ?? [],
      held: held.has(p.slug),
    }));
    const stillBuilding = problemReadiness.buildingSlugs().filter((s) => !problems.some((p) => p.slug === s)).length;
    res.render('problems', {
      title: 'Problems',
      scripts: stillBuilding ? ['/static/problem-building.js'] : undefined,
      nav: 'problems',
      problems,
      solved: problems.filter((p) => p.status === 'solved').length,
      homework,
      stillBuilding,
    });
  };
  router.get('/', list);
  router.get('/problems', list);

  router.get('/problems/:slug', (req, res) => renderProblemPage(db, statements, req, res, req.params.slug));

  return router;
}

function heldRound(db: Db, slug: string): { id: number; name: string } | null {
  const hold = holdOf(db, slug);
  const c = hold && getContest(db, hold.contest);
  return c ? { id: c.id, name: c.name } : null;
}

/** What the submit form sent when it was refused: shown on the problem page with the reason. */
export interface RefusedForm {
  error: string;
  source: string;
  language?: string;
}

/** The problem page; with `refused`, the submit form shows why it was refused and keeps the code. */
export async function renderProblemPage(db: Db, statements: StatementCache, req: express.Request, res: express.Response, slug: string, refused?: RefusedForm): Promise<void> {
  requireProblemSight(db, res, slug);
  if (problemReadiness.isBuilding(slug)) {
    // The page reloads itself (public/problem-building.js) once /api/health counts it ready.
    res.render('problem-building', { title: slug, nav: 'problems', slug, scripts: ['/static/problem-building.js'] });
    return;
  }
  const p = SLUG_PATTERN.test(slug) ? getProblemHeader(db, slug) : undefined;
  if (!p) throw notFound(said('error.no-problem', slug.slice(0, 60)));
  const lang = statementLang(req, res);
  const rendered = await statements.get(p);
  const samples = rendered.samples.map((s, i) => ({ n: i + 1, input: s.input, output: s.output }));
  const versions = (['en', 'zh'] as const).map((l) => ({
    lang: l,
    active: l === lang,
    title: l === 'en' ? p.titleEn : p.titleZh,
    before: rendered[l].before,
    after: rendered[l].after,
    labels: LABELS[l],
    limits: formatLimits(p, l),
  }));
  // Solved / tried, and with it the editorial's unlock, are the viewer's own.
  const owner = ownerFor(res);
  const scope = scopeOf(res);
  const status = problemStatus(db, p.slug, owner);
  // "Edit and resubmit" on a submission page: its source opens in the editor, in its language
  // (only a submission this viewer may see).
  const fromId = typeof req.query.from === 'string' && /^[1-9][0-9]{0,15}$/.test(req.query.from) ? Number(req.query.from) : null;
  const found = refused || fromId === null ? undefined : getSubmission(db, fromId);
  const from = found && canSee(res, found.owner) ? found : undefined;
  const prefill = refused ?? (from && from.problem === p.slug ? { source: from.source, language: from.language } : undefined);
  const uiLang = res.locals.uiLang === 'zh' ? 'zh' : 'en';
  // Inside a round of this person's: the round's page, in its order, without tags or difficulty.
  const round = roundOnProblem(db, res, p.slug, uiLang);
  // A helper the round turned off is not offered: the page says so instead of showing it.
  const off = toolsOff(db, res);
  const toolOff = { stress: off.stress && sayIn(off.stress, uiLang), lab: off.lab && sayIn(off.lab, uiLang), hints: off.hints && sayIn(off.hints, uiLang) };
  const next = round ? null : nextInOrder(p.slug, visibleProblems(db, res, listProblems(db)).map((q) => q.slug));
  const nextHeader = next === null ? undefined : getProblemHeader(db, next);
  res.render('problem', {
    title: lang === 'en' ? p.titleEn : p.titleZh,
    nav: 'problems',
    katex: true,
    scripts: ['/vendor/ace/ace.js', '/static/code-editor.js', '/static/api.js', '/static/problem.js', '/static/diff.js', '/static/sample-runs.js', '/static/stress.js', ...(round ? ['/static/contest-clock.js', '/static/live.js', '/static/contest-live.js'] : [])],
    round,
    toolOff,
    starterJson: JSON.stringify(starterCode(isInteractiveProblem(db, p.slug) ? 'interactive' : 'batch')).replace(/</g, '\\u003c'),
    languages: languageMenu(prefill?.language, res.locals.uiLang === 'zh' ? 'zh' : 'en'),
    // A Chinese page says the sample runs' messages (and the API's errors) by their ids.
    messagesJson: res.locals.uiLang === 'zh' ? sampleRunTemplates() : null,
    // A stored problem's PDF statement and attachments/ (names and sizes; never their bytes here).
    files: p.contentHash.startsWith(STORED_HASH_PREFIX) ? problemFiles(db, p.slug) : [],
    problem: { slug: p.slug, titleEn: p.titleEn, titleZh: p.titleZh, source: p.source, tests: countTests(db, p.slug, owner ?? undefined) },
    lang,
    versions,
    samples,
    status,
    catalog: catalogEntry(p.slug),
    toolchain: TOOLCHAIN,
    // A teacher (accounts mode) reads the editorial without solving first, and the pages speak to a teacher.
    teacherView: showsAuthors(res),
    // A stored problem without a runnable reference or a generator: its page says what is off and why.
    ...storedPanels(db, p.slug, p.contentHash, res.locals.uiLang === 'zh' ? 'zh' : 'en'),
    // The package holds the reference and every hidden test: teachers (and the one local person) only.
    packageDownload: isTeacher(res),
    // An imported or drafted problem: the teacher's button to remove it (problem-remove-routes.ts).
    removable: isTeacher(res) && p.contentHash.startsWith(STORED_HASH_PREFIX),
    // A contest-only problem: the teacher is told whose round keeps it, and where to publish it.
    heldFor: isTeacher(res) ? heldRound(db, p.slug) : null,
    // Judging every submission again after a test was shared (server/rejudge/).
    rejudgePanel: isTeacher(res) ? rejudgePanel({ problem: p.slug }, getRejudgeLatest(db, { problem: p.slug })) : null,
    // With hints off for the round, neither `?hints=N` nor `?editorial=show` opens anything.
    teaching: teachingView(p, lang, off.hints ? {} : req.query, !off.hints && (status === 'solved' || showsAuthors(res))),
    homework: owner !== null && !isTeacher(res) && !round ? homeworkBanner(db, owner, uiLang, p.slug) : [],
    next: nextHeader && { slug: nextHeader.slug, title: lang === 'en' ? nextHeader.titleEn : nextHeader.titleZh },
    seed: randomSeed(),
    stressRuns: listActiveStressRuns(db, p.slug, RECENT_STRESS_MS, 10, scope).map((r) => ({ id: r.id, status: r.status, state: stressRunState(r, res.locals.uiLang === 'zh' ? 'zh' : 'en') })),
    userTests: listUserTests(db, p.slug, scope).map((t) => ({
      id: t.id,
      idx: t.idx,
      label: t.label,
      inputPreview: preview(t.input, 400, 8).text,
      // Accounts mode: whose it is, and whether this viewer may remove it or share it.
      author: showsAuthors(res) ? t.ownerDisplay : null,
      shared: owner !== null && t.owner === null,
      removable: scope === undefined || t.owner === scope,
      shareable: owner !== null && isTeacher(res) && t.owner !== null,
    })),
    refused,
    prefill,
    authors: showsAuthors(res),
    recent: listSubmissions(db, { problem: p.slug, owner: scope }, 10, 0).map((s) => ({
      id: s.id,
      author: s.ownerDisplay,
      authorLogin: s.ownerName,
      when: formatTimestamp(s.createdAt),
      statusText: statusSaid(s),
      statusClass: statusClass(s),
    })),
  });
}

/** The page's list of a stored problem's files: each a download link with its size. */
function problemFiles(db: Db, slug: string): { href: string; name: string; pdf: boolean; lang: string | null; size: string }[] {
  return listKeptFiles(db, slug).map((f) => ({
    href: `/problems/${slug}/files/${f.kind === 'statement' ? 'statement' : 'attachments'}/${f.name}`,
    name: f.name,
    pdf: f.kind === 'statement',
    lang: f.lang,
    size: f.size < 1024 ? `${f.size} B` : f.size < 1024 * 1024 ? `${(f.size / 1024).toFixed(1)} KiB` : `${(f.size / 1024 / 1024).toFixed(1)} MiB`,
  }));
}

/** The Chinese templates a sample run's message or an API error may use (the lab's are the lab page's). */
let zhTemplates: string | null = null;
function sampleRunTemplates(): string {
  zhTemplates ??= JSON.stringify(Object.fromEntries(Object.entries(templatesIn('zh')).filter(([id]) => !id.startsWith('lab.')))).replace(/</g, '\\u003c');
  return zhTemplates;
}

/**
 * What a stored problem's page shows of the stress, custom-input and saved-test panels: all three
 * with a reference and a generator; without a generator, a sentence instead of the stress panel;
 * without a runnable reference, a sentence instead of all three.
 */
function storedPanels(db: Db, slug: string, contentHash: string, lang: 'en' | 'zh'): { storedNotice: string | null; noStoredInputs: boolean; noStoredInvocations: boolean } {
  if (!contentHash.startsWith(STORED_HASH_PREFIX)) return { storedNotice: null, noStoredInputs: false, noStoredInvocations: false };
  const inputs = storedLack(db, slug, 'input');
  const lack = inputs ?? storedLack(db, slug, 'stress');
  return { storedNotice: lack && sayIn(lack, lang), noStoredInputs: inputs !== null, noStoredInvocations: storedLack(db, slug, 'invoke') !== null };
}
