/**
 * Where a submission's time goes, seen from the main thread: a judge queue in the bench's process
 * (one judge thread) over a fresh database holding nim, each submission stored in turn and the
 * thread's messages timed as the main thread receives them. The modules are the checkout's under
 * test (a baseline's own, for a before/after). Shared by runs.bench.ts and languages.bench.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Detected } from '../server/languages/toolchains';
import type { LanguageId } from '../server/languages/types';

/** One submission's time, ms. */
export interface Breakdown {
  total: number;
  /** The tests' own CPU time. */
  cpu: number;
  /** Stored → the thread says it is compiling. */
  pickUp: number;
  /** → the compiler's answer. */
  compile: number;
  /** → the first test starts (the sandbox load). */
  load: number;
  /** The first test's start → the last test's result, less the tests' CPU time. */
  tests: number;
  /** The last test's result → the verdict stored. */
  final: number;
}

export interface QueueModules {
  db: typeof import('../server/storage/db');
  importer: typeof import('../server/import/import');
  events: typeof import('../server/queue/events');
  queue: typeof import('../server/queue/judge-queue');
  submissions: typeof import('../server/storage/submissions');
}

type FromThread = import('../server/queue/protocol').FromThread;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** Each key's median over the submissions. */
export function medianBreakdown(rs: Breakdown[]): Breakdown {
  return Object.fromEntries((Object.keys(rs[0]!) as (keyof Breakdown)[]).map((k) => [k, median(rs.map((r) => r[k]))])) as unknown as Breakdown;
}

/** Judges the submissions one after the other (one person's, as through the API) and times each. */
export async function queueBreakdown(m: QueueModules, submissions: { source: string; language: LanguageId }[], languages?: Detected): Promise<Breakdown[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sg-bench-breakdown-'));
  const dbPath = path.join(dir, 'judge.db');
  const db = m.db.openDatabase(dbPath, { migrate: true, autoCheckpoint: false });
  try {
    await m.importer.importProblems(db, { only: ['nim'] });
    let marks: { m: FromThread; at: number }[] = [];
    let onDone: (() => void) | null = null;
    let ready: () => void = () => {};
    const isReady = new Promise<void>((resolve) => (ready = resolve));
    const queue = new m.queue.JudgeQueue(db, new m.events.SubmissionEvents(), {
      workers: 1,
      dbPath,
      log: (line) => line.includes('ready') && ready(),
      onJobMessage: (msg, timing) => {
        marks.push({ m: msg, at: timing?.receivedAt ?? performance.now() });
        if (msg.type === 'done') onDone?.();
      },
    });
    if (languages) queue.setLanguages(languages);
    queue.start();
    const runs: Breakdown[] = [];
    try {
      await isReady;
      for (const s of submissions) {
        marks = [];
        const done = new Promise<void>((resolve) => (onDone = resolve));
        const t0 = performance.now();
        m.submissions.insertSubmission(db, 'nim', s.source, s.language, 'bench');
        queue.notify();
        await done;
        const total = performance.now() - t0;
        const at = (type: FromThread['type']) => marks.find((x) => x.m.type === type)!.at - t0;
        const progress = marks.filter((x) => x.m.type === 'progress');
        const cpu = progress.flatMap((x) => (x.m.type === 'progress' ? x.m.results : [])).reduce((a, r) => a + r.timeMs, 0);
        const firstTest = progress[0]!.at - t0;
        const lastResult = [...progress].reverse().find((x) => x.m.type === 'progress' && x.m.results.length > 0)!.at - t0;
        runs.push({ total, cpu, pickUp: at('compiling'), compile: at('compiled') - at('compiling'), load: firstTest - at('compiled'), tests: lastResult - firstTest - cpu, final: at('done') - lastResult });
      }
    } finally {
      await queue.stop();
    }
    return runs;
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
