/**
 * `npm run judge-worker`: a judging machine in distributed mode. It imports the problem packages of
 * its own checkout into its own SQLite file (a cache, never the record), runs JUDGE_WORKERS judge
 * threads exactly as the embedded judge does, and takes jobs from Redis: each job's rows are
 * mirrored into the cache, judged by the local threads, and every message the threads send is
 * forwarded to the web tier as the job's progress. A job for a package version other than this
 * checkout's is refused and left for another worker. A stored problem's data (an imported package,
 * a published draft) is read from Redis once per version and checked (problem-cache.ts).
 */
import '../platform/require-supported-node';
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { DelayedError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { ConfigError, loadConfig } from '../platform/config';
import { importProblems } from '../import/import';
import { SubmissionEvents } from '../queue/events';
import { JudgeQueue } from '../queue/judge-queue';
import type { FromThread } from '../queue/protocol';
import { isFinal, jobKindOf, JOB_KINDS, kindModule } from '../queue/kinds/registry';
import { checkSandboxStarts } from '../sandbox/self-check';
import { lockDataDir } from '../storage/data-lock';
import { openDatabase } from '../storage/db';
import { getProblemHeader } from '../storage/problems';
import { detectLanguagesInThread } from '../languages/detect-in-thread';
import { languageStatuses } from '../languages/detect';
import { isLanguageId, isScriptLanguage } from '../languages/registry';
import type { Detected } from '../languages/toolchains';
import { startHeartbeat } from './heartbeat';
import { fetchImportZip, publishImportedProblem } from './import-transfer';
import { mirrorJob, parseJobPayload, type JobPayload, type JobProgress, type JobReturn } from './job-payload';
import { ProblemBusy, ProblemCache, ProblemRefused } from './problem-cache';
import { CANCEL_KEY_PREFIX, connectionOptions, PROBLEM_DATA_FAILURE, problemCacheLimits, QUEUE_NAME, redisSettings } from './redis-config';

/** A refused job waits this long before a worker (perhaps another) looks at it again. */
const REFUSED_DELAY_MS = 3_000;
/** A job for another version of a stored problem this worker is judging now waits this long. */
const BUSY_DELAY_MS = 1_000;
/** A job in a language this worker lacks is offered again after this long (to any worker). */
const LANGUAGE_DELAY_MS = 2_000;
/** Progress messages within this long go to Redis together (a page shows them no later than it can tell). */
const PROGRESS_GATHER_MS = 40;

const log = (line: string): void => console.log(`[judge-worker] ${line}`);
const warn = (line: string): void => console.warn(`[judge-worker] warning: ${line}`);

async function main(): Promise<void> {
  const settings = redisSettings();
  if (!settings) throw new ConfigError('REDIS_URL is not set: a judge worker takes its jobs from Redis (e.g. REDIS_URL=redis://127.0.0.1:6379)');
  const config = loadConfig();
  const cacheLimits = problemCacheLimits();
  const dataDir = process.env.WORKER_DATA_DIR?.trim() ? path.resolve(process.env.WORKER_DATA_DIR.trim()) : path.join(config.dataDir, 'worker');
  const id = `${hostname()}:${process.pid}`;
  log(`Node.js ${process.versions.node}; worker ${id}, ${config.judgeWorkers} judge thread(s), cache ${dataDir}`);
  mkdirSync(dataDir, { recursive: true });
  lockDataDir(dataDir);
  const dbPath = path.join(dataDir, 'judge.db');
  const db = openDatabase(dbPath, { migrate: true, autoCheckpoint: false, log });
  const only = process.env.JUDGE_PROBLEMS?.split(',').map((x) => x.trim()).filter(Boolean);
  const report = await importProblems(db, { only, log, warn });
  log(`problems: ${report.imported.length} imported, ${report.unchanged.length} unchanged, ${report.failed.length} skipped`);
  // The cache holds no record of its own: leftovers of a killed run would only be judged for nobody.
  db.transaction(() => {
    for (const { table } of Object.values(JOB_KINDS)) db.prepare(`DELETE FROM ${table}`).run();
  })();
  await checkSandboxStarts();
  log('sandbox self-check passed');

  const waiting = new Map<string, (m: FromThread) => void>();
  const queue = new JudgeQueue(db, new SubmissionEvents(), {
    workers: config.judgeWorkers,
    dbPath,
    log,
    onJobMessage: (m) => {
      if (m.type === 'ready' || m.type === 'closed') return;
      waiting.get(`${jobKindOf(m)}-${m.id}`)?.(m);
    },
  });
  queue.start();

  const heartbeatRedis = new Redis(connectionOptions(settings) as never);
  heartbeatRedis.on('error', () => {});

  // Stored problems (imported packages, published drafts) are in no checkout: their data comes from Redis.
  const problems = new ProblemCache(db, heartbeatRedis, cacheLimits, log);

  // This machine's languages, detected as the embedded judge does; announced in the heartbeat.
  let languages: Detected | null = null;
  void detectLanguagesInThread().then(
    (d) => {
      languages = d;
      queue.setLanguages(d);
      for (const s of languageStatuses(d)) log(`language ${s.id}: ${s.available ? `offered (${s.version})` : s.reason}`);
    },
    (e: unknown) => {
      languages = {};
      queue.setLanguages({});
      warn(`language detection failed: ${e instanceof Error ? e.message : String(e)}`);
    },
  );

  const process1 = async (job: Job<JobPayload, JobReturn>, token?: string): Promise<JobReturn> => {
    const parsed = parseJobPayload(job.data);
    if (!parsed.ok) {
      warn(`refusing ${job.id}: ${parsed.reason}`);
      throw new Error(parsed.reason);
    }
    const p = parsed.payload;
    // A job in a language this worker does not judge (or not yet: detection still runs) goes back
    // for a worker that does; the web tier's page says so while no connected worker has it.
    const language = p.row.language;
    if (isLanguageId(language) && !isScriptLanguage(language) && !languages?.[language]?.ok) {
      await job.moveToDelayed(Date.now() + LANGUAGE_DELAY_MS, token);
      throw new DelayedError();
    }
    const attempt = job.attemptsStarted;
    let held: string | null = null;
    if (p.problem !== null && p.problemData) {
      try {
        await problems.acquire(p.problem, p.packageHash ?? '', p.problemData);
        held = p.problem;
      } catch (e) {
        if (e instanceof ProblemBusy) {
          await job.moveToDelayed(Date.now() + BUSY_DELAY_MS, token);
          throw new DelayedError();
        }
        const why = `problem ${p.problem}: ${e instanceof Error ? e.message : String(e)}`;
        warn(`refusing ${job.id}: ${why}`);
        if (e instanceof ProblemRefused) throw new Error(why);
        // Never judged with data that is not the job's: the web tier writes it again and requeues the job.
        throw new Error(`${PROBLEM_DATA_FAILURE} ${why}`);
      }
    }
    if (p.kind === 'problem-import' && p.importZip) {
      try {
        await fetchImportZip(db, heartbeatRedis, p.row.zip, p.importZip);
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        warn(`refusing ${job.id}: ${why}`);
        throw new Error(why);
      }
    }
    try {
      const r = await judge(job, p, attempt, token);
      if (r.final.type === 'problem-import-done' && r.final.result.outcome === 'stored' && r.final.result.slug) {
        // The web tier installs what this worker stored, from the document it reads back and checks.
        r.importedProblem = await publishImportedProblem(db, heartbeatRedis, r.final.result.slug);
        problems.dropImported(r.final.result.slug);
      }
      return r;
    } finally {
      if (held !== null) problems.release(held);
    }
  };

  const judge = async (job: Job<JobPayload, JobReturn>, p: JobPayload, attempt: number, token?: string): Promise<JobReturn> => {
    const local = p.problem === null ? null : getProblemHeader(db, p.problem);
    if (p.problem !== null && (!local || local.contentHash !== p.packageHash)) {
      const here = local ? `version ${local.contentHash.slice(0, 12)}` : 'not imported';
      warn(`refusing ${job.id}: problem ${p.problem} is ${here} in this checkout, but the web tier judges it against version ${(p.packageHash ?? '').slice(0, 12)}; update this checkout to the web tier's`);
      await job.moveToDelayed(Date.now() + REFUSED_DELAY_MS, token);
      throw new DelayedError();
    }
    mirrorJob(db, p);
    const key = `${p.kind}-${p.id}`;
    // A stress run cancelled on the web tier: the flag reaches the local row, where the run looks.
    const watchCancel =
      p.kind === 'stress'
        ? setInterval(() => {
            void heartbeatRedis.exists(CANCEL_KEY_PREFIX + key).then((n) => {
              if (n > 0) db.prepare('UPDATE stress_runs SET cancel_requested = 1 WHERE id = ?').run(p.id);
            }, () => {});
          }, 500)
        : null;
    return new Promise<JobReturn>((resolve) => {
      // Progress goes out in order, gathered for a moment: one Redis update carries what the judge
      // thread said within PROGRESS_GATHER_MS (every Redis round trip also costs the web tier and
      // Redis CPU, which the judging shares on a small machine); the final result goes at once.
      let buffered: FromThread[] = [];
      let flushing: Promise<void> | null = null;
      let gather: NodeJS.Timeout | null = null;
      const flush = (): Promise<void> => {
        if (gather) clearTimeout(gather);
        gather = null;
        if (flushing) return flushing.then(flush);
        if (buffered.length === 0) return Promise.resolve();
        flushing = (async () => {
          while (buffered.length > 0) {
            const progress: JobProgress = { attempt, worker: id, messages: buffered };
            buffered = [];
            await job.updateProgress(progress as never).catch(() => {});
          }
          flushing = null;
        })();
        return flushing;
      };
      waiting.set(key, (m) => {
        if (isFinal(m)) {
          waiting.delete(key);
          if (watchCancel) clearInterval(watchCancel);
          const failureTexts = kindModule(p.kind).carriedTexts?.read(db, p.id) ?? [];
          void flush().then(() => resolve({ attempt, worker: id, final: m, failureTexts }));
          return;
        }
        buffered.push(m);
        gather ??= setTimeout(() => void flush(), PROGRESS_GATHER_MS);
      });
      queue.notify();
    });
  };

  const worker = new Worker<JobPayload, JobReturn>(QUEUE_NAME, process1, {
    connection: connectionOptions(settings),
    concurrency: config.judgeWorkers,
    lockDuration: settings.lockMs,
    stalledInterval: settings.stalledIntervalMs,
    // A job whose worker died is taken again; one that kills workers repeatedly ends as IE.
    maxStalledCount: 2,
  });
  worker.on('error', (e) => warn(`redis: ${e.message}`));
  worker.on('failed', (job, e) => job && warn(`${job.id}: ${e.message}`));
  const stopHeartbeat = startHeartbeat(heartbeatRedis, () => ({
    id,
    threads: config.judgeWorkers,
    busy: queue.stats().busy,
    languages: languageStatuses(languages)
      .filter((s) => s.available)
      .map((s) => ({ id: s.id, version: s.version })),
  }));
  log(`taking jobs from ${settings.url.replace(/\/\/[^@]*@/, '//***@')}`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down`);
    // Jobs in progress are not waited for: their locks lapse and another worker judges them.
    void Promise.allSettled([worker.close(true), stopHeartbeat(), queue.stop()]).finally(() => {
      heartbeatRedis.disconnect();
      db.close();
      log('stopped');
      process.exit(0);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e: unknown) => {
  console.error(`[judge-worker] failed to start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
