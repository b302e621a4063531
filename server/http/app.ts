import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { engine } from 'express-handlebars';
import { join } from 'node:path';
import { UserInputs } from '../import/user-input';
import { toolOff } from './round-tools';
import { ROOT } from '../problems/registry';
import type { SubmissionEvents } from '../queue/events';
import type { Db } from '../storage/db';
import { listProblems } from '../storage/problems';
import { apiRouter } from './api';
import { stressApi } from './stress-api';
import { sampleRunsApi } from './sample-runs-api';
import { mistakeMapsApi } from './mistake-maps-api';
import { problemDraftApi } from './problem-draft-routes';
import { problemDraftPages } from './problem-draft-pages';
import { mistakePages } from './mistake-pages';
import { mistakeViewHelpers } from '../mistakes/view-helpers';
import { stressPages } from './stress-pages';
import { stressCancel } from './stress-cancel';
import { hintsApi } from './teaching-view';
import { submissionsLive } from './submissions-live';
import { HttpError } from './errors';
import { english, said, sayIn } from '../text/messages';
import { isApiPath, requestGuard } from './request-guard';
import { healthApi, type WorkersProbe } from './health-api';
import { LiveTopics } from './live';
import { submissionEvents } from './submission-events';
import { languageChoice } from './lang';
import { translatePhrase, uiLanguage } from './ui-text';
import { problemPages, renderProblemPage } from './problem-pages';
import { problemRemoveRoutes } from './problem-remove-routes';
import { packageDownload } from './package-download';
import { problemFileRoutes } from './problem-file-routes';
import { StatementCache } from './statements';
import { submissionPages } from './submission-pages';
import { viewHelpers } from './view-helpers';
import { labApi, labPages, labViewHelpers } from './lab-routes';
import { LabQueue } from './lab-queue';
import { LabThread } from './lab-thread';
import type { AuthSettings } from './auth/settings';
import { csrfCheck, sessions } from './auth/session';
import { accountRoutes, AuthGuards } from './auth/routes';
import { classDoorRoutes } from './auth/class-door';
import { classRoutes } from './class-routes';
import { problemImportRoutes } from './problem-import-routes';
import { contestRoutes } from './contest-routes';
import { contestPages } from './contest-pages';
import { problemHoldRoutes } from './problem-hold-routes';
import { roundLive } from './round-live';
import { rejudgeRoutes } from './rejudge-routes';
import { languagesApi } from './languages-api';

export interface AppDeps {
  db: Db;
  events: SubmissionEvents;
  /** Wakes the judge after a submission is stored. */
  onSubmitted: (id: number) => void;
  /** Wakes the judge after a stress run or custom invocation is stored. */
  onQueued: () => void;
  /** The judges serving this web tier, for `GET /api/health` and the "no judge" note. */
  workers?: WorkersProbe;
  judgeConnected?: () => boolean;
  log?: (line: string) => void;
  /** Scheduling priority for threads that run problem code on behalf of pages (the judge's). */
  judgeNice?: number;
  /** The address the server listens on (HOST): which host names it answers to. */
  listenHost?: string;
  /** Accounts mode and its settings; absent: local mode (one implicit person). */
  auth?: AuthSettings;
}

/** Browser assets served from npm packages: no CDN, works offline. */
const VENDOR: Record<string, string> = {
  katex: 'node_modules/katex/dist',
  ace: 'node_modules/ace-builds/src-min-noconflict',
  hljs: 'node_modules/highlight.js/styles',
};

export interface JudgeApp {
  app: express.Express;
  /** Renders every statement now, so the first visitor of a problem does not wait for KaTeX. */
  warm(): Promise<{ rendered: number; broken: { slug: string; why: string }[] }>;
}

export function createApp(deps: AppDeps): JudgeApp {
  const app = express();
  const views = join(ROOT, 'views');
  app.engine(
    'hbs',
    engine({
      extname: '.hbs',
      defaultLayout: 'main',
      layoutsDir: join(views, 'layouts'),
      partialsDir: join(views, 'partials'),
      helpers: { ...viewHelpers, ...labViewHelpers, ...mistakeViewHelpers },
      // Indented partial calls must not indent every line of a <pre> inside the partial.
      compilerOptions: { preventIndent: true },
    }),
  );
  app.set('view engine', 'hbs');
  app.set('views', views);
  app.set('view cache', process.env.NODE_ENV !== 'development');
  app.set('x-powered-by', false);
  app.set('etag', false);
  if (deps.auth?.trustProxy) app.set('trust proxy', deps.auth.trustProxy);
  // Where students reach the judge, for the handout slips (judge-address.ts).
  app.set('listen host', deps.listenHost ?? '127.0.0.1');

  app.use(securityHeaders);
  app.use(requestGuard(deps.listenHost ?? '127.0.0.1'));
  app.use('/static', express.static(join(ROOT, 'public'), { maxAge: '1h' }));
  for (const [name, dir] of Object.entries(VENDOR)) {
    app.use(`/vendor/${name}`, express.static(join(ROOT, dir), { maxAge: '7d', immutable: true }));
  }

  const statements = new StatementCache(deps.db);
  const inputs = new UserInputs(deps.judgeNice ?? null);
  app.use(languageChoice);
  app.use(uiLanguage);
  if (deps.auth?.accounts) {
    app.use(sessions(deps.db), csrfCheck());
    const guards = new AuthGuards();
    app.use(accountRoutes(deps.db, deps.auth, guards));
    app.use(classDoorRoutes(deps.db, deps.auth, guards));
    // The header's SG lab link is hidden while a round of the viewer's has the lab off (its pages
    // answer 403 then): one indexed query per page, none for the API.
    app.use((req, res, next) => {
      if (req.method === 'GET' && !req.path.startsWith('/api/')) res.locals.labOff = toolOff(deps.db, res, 'lab') !== null;
      next();
    });
  }
  // Every page's event stream and its topics (live.ts): capped per person, one stream per page.
  const topics = new LiveTopics();
  app.use(topics.router());
  app.use(classRoutes(deps.db, topics, deps.events));
  app.use(problemImportRoutes(deps.db, deps.onQueued));
  app.use(problemRemoveRoutes(deps.db));
  app.use(problemHoldRoutes(deps.db));
  app.use(contestRoutes(deps.db));
  app.use(contestPages(deps.db));
  app.use(roundLive(deps.db, topics));
  app.use(rejudgeRoutes(deps.db, deps.onQueued));
  app.use(stressCancel(deps.db));
  app.use(hintsApi(deps.db));
  app.use(submissionsLive(deps.db));
  app.use('/api', apiRouter({ db: deps.db, onSubmitted: deps.onSubmitted }));
  app.use('/api', stressApi({ db: deps.db, inputs, onQueued: deps.onQueued }));
  app.use('/api', sampleRunsApi(deps.db, deps.onQueued));
  app.use('/api', mistakeMapsApi(deps.db, deps.onQueued));
  app.use('/api', problemDraftApi(deps.db, deps.onQueued));
  app.use('/api', languagesApi());
  app.use('/api', healthApi(deps.db, deps.workers ?? (async () => ({ mode: 'embedded', workers: [] }))));
  const labJobs = new LabQueue(deps.db, deps.onQueued);
  const labThread = new LabThread(deps.judgeNice ?? null);
  app.use('/api', labApi(labJobs, labThread, deps.db));
  app.use('/api', (req) => {
    throw new HttpError(404, `There is no API route ${req.method} ${req.originalUrl.split('?')[0]}.`);
  });
  app.use(packageDownload(deps.db));
  app.use(problemFileRoutes(deps.db));
  app.use(problemDraftPages(deps.db));
  app.use(problemPages(deps.db, statements));
  app.use(submissionEvents(deps.db, deps.events, topics));
  app.use(
    submissionPages({
      db: deps.db,
      onSubmitted: deps.onSubmitted,
      judgeConnected: deps.judgeConnected,
      showRefused: (req, res, slug, refused) => renderProblemPage(deps.db, statements, req, res, slug, refused),
    }),
  );
  app.use(stressPages({ db: deps.db, inputs, onQueued: deps.onQueued }));
  app.use(mistakePages(deps.db, deps.onQueued));
  app.use(labPages(labJobs, deps.db, labThread));
  app.use((req) => {
    throw new HttpError(404, said('error.no-page', req.path));
  });
  app.use(errorHandler(deps.log ?? (() => {})));
  // Every statement rendered once, in the statement thread: one that does not render in bound is
  // reported and shown as broken, and the others are served (a throw here once ended every start).
  const warm = async (): Promise<{ rendered: number; broken: { slug: string; why: string }[] }> => {
    const problems = listProblems(deps.db);
    const broken: { slug: string; why: string }[] = [];
    for (const p of problems) {
      try {
        const view = await statements.get(p);
        if (view.broken) broken.push({ slug: p.slug, why: english(view.broken) });
      } catch (e) {
        broken.push({ slug: p.slug, why: e instanceof Error ? e.message : String(e) });
      }
    }
    return { rendered: problems.length - broken.length, broken };
  };
  return { app, warm };
}

const securityHeaders: RequestHandler = (_req, res, next) => {
  res.set({
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    // Escaping is the first defence against injected HTML; this is the second. KaTeX and Ace need
    // inline style attributes, nothing needs inline script.
    'Content-Security-Policy': "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  });
  next();
};

/** Errors as `{"error": sentence}` under /api, as an HTML page elsewhere; a bug is a 500 and a log line. */
function errorHandler(log: (line: string) => void): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) return next(err);
    const { status, message } = describeError(err);
    const said = err instanceof HttpError ? err.said : null;
    if (status >= 500) log(`error on ${req.method} ${req.originalUrl}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    res.status(status);
    if (isApiPath(req.originalUrl.split('?')[0]!)) {
      res.json(said ? { error: message, id: said.id, args: said.args } : { error: message });
      return;
    }
    const lang = res.locals.uiLang === 'zh' ? 'zh' : 'en';
    res.render('error', { title: `${status} ${translatePhrase(errorTitle(status), lang)}`, status, heading: errorTitle(status), message: said ? sayIn(said, lang) : message });
  };
}

function describeError(err: unknown): { status: number; message: string } {
  if (err instanceof HttpError) return { status: err.status, message: err.message };
  // body-parser's errors carry a status and a type.
  const e = err as { status?: unknown; type?: unknown };
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    if (e.type === 'entity.too.large') return { status: 413, message: 'The request body is too large; a source may be at most 64 KiB.' };
    if (e.type === 'encoding.unsupported') return { status: 415, message: 'The request body has an unsupported content encoding.' };
    if (e.type === 'request.aborted') return { status: 400, message: 'The request was aborted before its body arrived.' };
    return { status: e.status, message: 'The request could not be read.' };
  }
  return { status: 500, message: 'The judge hit an internal error; it has been logged.' };
}

function errorTitle(status: number): string {
  switch (status) {
    case 400:
      return 'Bad request';
    case 404:
      return 'Not found';
    case 413:
      return 'Too large';
    case 409:
      return 'Conflict';
    case 415:
      return 'Unsupported';
    case 403:
      return 'Forbidden';
    default:
      return status >= 500 ? 'Internal error' : 'Error';
  }
}
