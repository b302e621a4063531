/**
 * Starts the judge: configuration, database, problem import, recovery of interrupted judging,
 * the web server, then the judge threads. One log line per step.
 */
import './platform/require-supported-node';
import { existsSync, mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { ConfigError, loadConfig } from './platform/config';
import { createApp } from './http/app';
import { importProblems } from './import/import';
import { problemReadiness } from './problems/readiness';
import { listProblems } from './storage/problems';
import { SubmissionEvents } from './queue/events';
import { JudgeQueue } from './queue/judge-queue';
import { HTTP_PRIORITY_BOOST, setThreadNice, threadNice } from './platform/thread-priority';
import { DataDirBusyError, lockDataDir } from './storage/data-lock';
import { listenUrls } from './platform/listen-addresses';
import { openDatabase } from './storage/db';
import { recoverInterruptedWork } from './queue/recover';
import { countQueued } from './storage/submissions';
import { checkSandboxStartsInThread } from './sandbox/self-check-in-thread';
import { redisSettings } from './distributed/redis-config';
import { loadAuthSettings } from './http/auth/settings';
import { countTeachers, expireSessions } from './storage/accounts';
import { adoptLocalWork } from './queue/adopt-local-work';
import { backupSchedule, startRotatingBackups } from './storage/backup-schedule';
import { classCodeOf, registrationOpen } from './storage/class-settings';
import { detectLanguagesInThread } from './languages/detect-in-thread';
import { languageStatuses } from './languages/detect';
import { setDetected, setDetectedByWorkers } from './languages/toolchains';

const log = (line: string): void => console.log(`[judge] ${line}`);
const warn = (line: string): void => console.warn(`[judge] warning: ${line}`);

async function main(): Promise<void> {
  const config = loadConfig();
  const redis = redisSettings();
  const auth = loadAuthSettings(config.host);
  const backups = backupSchedule();
  log(`Node.js ${process.versions.node}`);
  log(
    redis
      ? `data directory ${config.dataDir}; distributed mode: judging by workers through ${redis.url.replace(/\/\/[^@]*@/, '//***@')}, no judge threads here`
      : `data directory ${config.dataDir}, ${config.judgeWorkers} judge thread(s)`,
  );

  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  lockDataDir(config.dataDir);
  const db = openDatabase(config.dbPath, { migrate: true, autoCheckpoint: false, log });
  log(`database ${config.dbPath} open (WAL)`);
  if (auth.warning) warn(auth.warning);
  if (auth.accounts) {
    expireSessions(db);
    const adopted = adoptLocalWork(db);
    const teachers = countTeachers(db);
    const code = classCodeOf(db, auth.classCode);
    const registration = !registrationOpen(db)
      ? 'closed (the teacher closed it on /class)'
      : code.generated
        ? `open with the class code ${code.code} (generated and kept in the database; set CLASS_CODE to choose one)`
        : 'open with the class code from CLASS_CODE';
    log(`accounts mode: ${teachers} teacher(s), registration ${registration}${adopted ? `; ${adopted} piece(s) of local work now belong to the first teacher` : ''}`);
    if (!teachers) warn('no teacher account yet: make one with npm run accounts -- add-teacher NAME');
  }

  // With remote workers, work in progress may still be going on elsewhere: Redis knows, not us.
  if (!redis) {
    for (const line of recoverInterruptedWork(db)) log(line);
  }
  log(`${countQueued(db)} submission(s) waiting to be judged`);

  // The server listens first; the packages build in the background (problemReadiness tells the
  // pages and the submit routes which are not ready). The judge starts once every package is
  // stored, so no judge ever reads a problem whose build is under way.
  const only = process.env.JUDGE_PROBLEMS?.split(',').map((s) => s.trim()).filter(Boolean);
  const importing = importProblems(db, {
    only,
    log,
    warn,
    onPlanned: (slugs) => problemReadiness.startBuilding(slugs),
    onSettled: (slug) => problemReadiness.settled(slug),
    holdUntil: testBuildGate(),
  });
  importing.catch(() => {}); // awaited below; a failure ends the start there
  const building = problemReadiness.buildingSlugs().length;

  const judgeNice = threadNice();
  const refused = setThreadNice(judgeNice - HTTP_PRIORITY_BOOST);
  if (refused) log(`pages run at the judge's priority (could not raise the HTTP thread's: ${refused})`);
  else log(`HTTP thread at nice ${judgeNice - HTTP_PRIORITY_BOOST}, judge threads at nice ${judgeNice}`);

  const events = new SubmissionEvents();
  const embedded = redis ? null : new JudgeQueue(db, events, { workers: config.judgeWorkers, dbPath: config.dbPath, nice: judgeNice, log });
  // Loaded only in distributed mode: BullMQ and ioredis are a fifth of the HTTP thread's start.
  const remote = redis ? new (await import('./distributed/remote-queue')).RemoteQueue(db, events, redis, { log }) : null;
  const queue = (embedded ?? remote)!;
  const workers = remote
    ? async () => ({ mode: 'redis' as const, workers: await remote.workers() })
    : async () => {
        const stats = embedded!.stats();
        return { mode: 'embedded' as const, workers: [{ id: 'embedded', threads: stats.threads, busy: stats.busy }] };
      };
  const judgeConnected = remote ? () => remote.hasWorkers() : () => true;
  const { app, warm } = createApp({ db, events, onSubmitted: () => queue.notify(), onQueued: () => queue.notify(), workers, judgeConnected, log, judgeNice, listenHost: config.host, auth: auth.accounts ? auth : undefined });
  const server = await listen(app, config.port, config.host);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const [first, ...more] = listenUrls(config.host, port);
  log(`listening on ${first}${building ? ` (${building} problem(s) being built in the background)` : ''}`);
  for (const url of more) log(`also on ${url}`);

  // Which languages this judge offers: detected off the HTTP thread while problems build; a
  // missing compiler is reported, never fatal (docs/languages.md).
  // In distributed mode the workers judge: their heartbeats say which languages are offered.
  if (remote) {
    const look = (): void => void remote.workers().then(setDetectedByWorkers, () => {});
    look();
    setInterval(look, 5_000).unref();
  } else void detectLanguagesInThread().then(
    (detected) => {
      setDetected(detected);
      embedded?.setLanguages(detected);
      for (const s of languageStatuses(detected)) log(`language ${s.id}: ${s.available ? `offered (${s.version})` : s.reason}`);
    },
    (e: unknown) => {
      warn(`language detection failed: ${e instanceof Error ? e.message : String(e)}; only TypeScript and JavaScript are offered`);
      setDetected({});
      embedded?.setLanguages({});
    },
  );

  const stopBackups = backups ? startRotatingBackups(db, config.dataDir, backups, log, warn) : () => {};
  if (backups) log(`a rotating backup every ${process.env.BACKUP_EVERY!.trim()} into ${config.dataDir}/backups, keeping the last ${backups.keep}`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: shutting down`);
    stopBackups();
    server.close();
    server.closeAllConnections();
    void queue.stop().finally(() => {
      db.close();
      log('stopped');
      process.exit(0);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGHUP', () => stop('SIGHUP'));

  const sandboxCheck = redis ? null : checkSandboxStartsInThread();
  sandboxCheck?.catch(() => {}); // awaited below, after the build it runs beside
  const report = await importing;
  log(`problems: ${report.imported.length} imported, ${report.unchanged.length} unchanged, ${report.failed.length} skipped (${problemReadiness.seconds().toFixed(1)} s)`);
  // An import writes megabytes of tests; fold them into the database file now rather than leave
  // them in the WAL until the first judged submission checkpoints it.
  if (report.imported.length) db.pragma('wal_checkpoint(TRUNCATE)');
  // In the statement thread, beside the rest of the start: a page asked for meanwhile waits for its own.
  const warmStart = performance.now();
  void warm().then((rendered) => {
    log(`rendered ${rendered.rendered} problem statement(s) in ${Math.round(performance.now() - warmStart)} ms`);
    for (const b of rendered.broken) warn(`problem ${b.slug}: its statement is shown as broken: ${b.why}`);
  }, (e: unknown) => warn(`rendering the statements at start-up failed: ${e instanceof Error ? e.message : String(e)}`));
  if (sandboxCheck) {
    const sandboxStart = performance.now();
    await sandboxCheck;
    log(`sandbox self-check passed (${Math.round(performance.now() - sandboxStart)} ms after the build)`);
  }
  if (stopping) return;
  queue.start();
  log(redis ? 'dispatching to judge workers (npm run judge-worker)' : `starting ${config.judgeWorkers} judge thread(s)`);
  if (embedded) await embedded.whenReady();
  // Tests and scripts wait for this line: every problem is stored and the judge takes work.
  log(`all ${listProblems(db).length} problems ready in ${problemReadiness.seconds().toFixed(1)} s`);
}

/**
 * Test hook SG_TEST_BUILD_GATE=<file>: the background build waits until that file exists, so a
 * test sees the server while problems are being built, however fast the build cache makes them.
 */
function testBuildGate(): Promise<void> | undefined {
  const gate = process.env.SG_TEST_BUILD_GATE;
  if (!gate) return undefined;
  return new Promise((resolve) => {
    const check = (): void => (existsSync(gate) ? resolve() : void setTimeout(check, 50));
    check();
  });
}

function listen(app: ReturnType<typeof createApp>['app'], port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (err?: Error) => (err ? reject(err) : resolve(server)));
    // An idle kept-alive connection is closed by the client first (Node's fetch after 4 s,
    // browsers later and they retry): with the server's default 5 s, a busy machine let a script
    // reuse a socket the server was closing at that moment ("other side closed" on a POST).
    server.keepAliveTimeout = 65_000;
    server.once('error', reject);
  });
}

main().catch((e: unknown) => {
  const code = (e as NodeJS.ErrnoException).code;
  if (e instanceof ConfigError) console.error(`[judge] configuration error: ${e.message}`);
  else if (e instanceof DataDirBusyError) console.error(`[judge] failed to start: ${e.message}`);
  else if (code === 'EADDRINUSE') console.error(`[judge] failed to start: the port is already in use (set PORT to another one)`);
  else if (e instanceof Error && e.message.startsWith('the sandbox')) console.error(`[judge] failed to start: ${e.message}`);
  else console.error('[judge] failed to start:', e);
  process.exit(1);
});
