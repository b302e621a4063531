/**
 * Page latency while the judge works: loads the problem page with autocannon on loopback, first
 * with the judge idle, then while 20 submissions are judged, and prints p50/p99 side by side.
 * Target: p99 under 50 ms while judging.
 *
 *   npx tsx bench/load.bench.ts            (or through bench/run.ts, which imports loadBench)
 *   LOAD_SECONDS=10 LOAD_CONNECTIONS=10 npx tsx bench/load.bench.ts
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HTTP_THREAD_NICE, setThreadNice } from '../server/queue/thread-priority';
import { getSubmission, submit } from '../test/helpers/judge-client';
import { removeDataDir, ROOT, startServer } from '../test/helpers/server';
import { acceptedNim } from '../test/helpers/solutions';

export interface LatencyFigures {
  requests: number;
  errors: number;
  non2xx: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

export interface LoadBenchResult {
  path: string;
  seconds: number;
  connections: number;
  judgeWorkers: number;
  idle: LatencyFigures;
  judging: LatencyFigures;
  /** Submissions still queued or being judged when the busy measurement ended (should be > 0). */
  pendingAtEnd: number;
  submissions: number;
  targetP99Ms: number;
  ok: boolean;
}

export interface LoadBenchOptions {
  seconds?: number;
  connections?: number;
  submissions?: number;
  log?: (line: string) => void;
}

export async function loadBench(options: LoadBenchOptions = {}): Promise<LoadBenchResult> {
  const seconds = options.seconds ?? Number(process.env.LOAD_SECONDS ?? 10);
  const connections = options.connections ?? Number(process.env.LOAD_CONNECTIONS ?? 10);
  const count = options.submissions ?? 20;
  const log = options.log ?? ((l: string) => console.error(l));
  const judgeWorkers = availableParallelism();
  const path = '/problems/nim';

  // The load generator shares the machine with the judge: give it the HTTP thread's priority, so
  // what is measured is the server's latency and not autocannon waiting behind the judge for a core.
  const refused = setThreadNice(HTTP_THREAD_NICE);
  if (refused) log(`load generator at normal priority (${refused})`);

  const server = await startServer({ workers: judgeWorkers });
  try {
    for (let n = 0; n < judgeWorkers; n++) await server.waitForLog(new RegExp(`judge thread ${n} ready`));
    const url = `${server.url}${path}`;
    log(`warming up ${url}`);
    await measure(url, 2, connections);

    log(`judge idle: ${seconds} s, ${connections} connections`);
    const idle = await measure(url, seconds, connections);

    // A realistic mix: accepted (every test runs), too slow (runs until a TLE), wrong (stops early).
    const slow = readFileSync(join(ROOT, 'problems/nim/slow/pairwise-xor.ts'), 'utf8');
    const wrong = readFileSync(join(ROOT, 'problems/nim/wrong/sum-parity.ts'), 'utf8');
    const sources = Array.from({ length: count }, (_, i) => (i % 4 === 1 ? slow : i % 4 === 3 ? wrong : acceptedNim()));
    const ids: number[] = [];
    for (const s of sources) ids.push(await submit(server.url, 'nim', s));
    // Let the first compilations start, so the window is all judging.
    await new Promise((r) => setTimeout(r, 300));

    log(`judging ${count} submissions: ${seconds} s, ${connections} connections`);
    const judging = await measure(url, seconds, connections);
    let pendingAtEnd = 0;
    for (const id of ids) if ((await getSubmission(server.url, id)).status !== 'done') pendingAtEnd++;

    const targetP99Ms = 50;
    return {
      path,
      seconds,
      connections,
      judgeWorkers,
      idle,
      judging,
      pendingAtEnd,
      submissions: count,
      targetP99Ms,
      ok: judging.p99 < targetP99Ms && judging.errors === 0 && judging.non2xx === 0,
    };
  } finally {
    await server.stop();
    removeDataDir(server.dataDir);
  }
}

async function measure(url: string, seconds: number, connections: number, rate?: number): Promise<LatencyFigures> {
  const r = await autocannon({ url, duration: seconds, connections, ...(rate ? { overallRate: rate } : {}) });
  return {
    requests: r.requests.total,
    errors: r.errors,
    non2xx: r.non2xx,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
  };
}

export function formatLoadBench(r: LoadBenchResult): string {
  const row = (name: string, f: LatencyFigures): string =>
    `${name.padEnd(22)} ${String(f.requests).padStart(8)} ${`${f.p50} ms`.padStart(8)} ${`${f.p90} ms`.padStart(8)} ${`${f.p99} ms`.padStart(8)} ${`${f.max} ms`.padStart(8)} ${String(f.errors + f.non2xx).padStart(7)}`;
  return [
    `GET ${r.path}, autocannon ${r.connections} connections x ${r.seconds} s on loopback, ${r.judgeWorkers} judge thread(s)`,
    `${'scenario'.padEnd(22)} ${'requests'.padStart(8)} ${'p50'.padStart(8)} ${'p90'.padStart(8)} ${'p99'.padStart(8)} ${'max'.padStart(8)} ${'errors'.padStart(7)}`,
    row('judge idle', r.idle),
    row(`judging ${r.submissions} submissions`, r.judging),
    `still judging at the end of the window: ${r.pendingAtEnd} of ${r.submissions} submissions`,
    `target p99 < ${r.targetP99Ms} ms while judging: ${r.ok ? 'met' : 'NOT met'}`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  loadBench().then(
    (r) => {
      console.log(formatLoadBench(r));
      process.exit(r.ok ? 0 : 1);
    },
    (e: unknown) => {
      console.error(e);
      process.exit(2);
    },
  );
}
