/**
 * Page latency while the judge works: loads the problem page with autocannon on loopback, with the
 * judge idle and then while 20 submissions are in the judge (topped up as verdicts arrive, so the
 * judge is busy for the whole window), and prints p50/p99 side by side. Target: p99 under 50 ms
 * while judging.
 *
 * Two load shapes, each with its own idle and busy window:
 *  - 1 connection: one client reloading as fast as it can (several hundred pages a second), the
 *    latency a user sees;
 *  - 10 connections: a saturating stress, where latency is mostly the 10 requests queueing
 *    behind each other on a machine that also runs the judge and autocannon.
 *
 *   npx tsx bench/load.bench.ts                    (or through bench/run.ts: import { loadBench })
 *   LOAD_SECONDS=10 LOAD_CONNECTIONS=1,10 npx tsx bench/load.bench.ts
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HTTP_PRIORITY_BOOST, setThreadNice, threadNice } from '../server/platform/thread-priority';
import { submit, waitForVerdict } from '../test/helpers/judge-client';
import { removeDataDir, ROOT, startServer, type RunningServer } from '../test/helpers/server';
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

export interface LoadScenario {
  connections: number;
  idle: LatencyFigures;
  judging: LatencyFigures;
  /** Submissions judged to the end during the busy window. */
  judged: number;
  /** Fewest submissions waiting or being judged at any check during the busy window. */
  minPending: number;
}

export interface LoadBenchResult {
  path: string;
  seconds: number;
  judgeWorkers: number;
  submissions: number;
  scenarios: LoadScenario[];
  targetP99Ms: number;
  /** The target holds while judging in every scenario, with no errors anywhere. */
  ok: boolean;
}

export interface LoadBenchOptions {
  seconds?: number;
  connections?: number[];
  submissions?: number;
  log?: (line: string) => void;
}

const TARGET_P99_MS = 50;

export async function loadBench(options: LoadBenchOptions = {}): Promise<LoadBenchResult> {
  const seconds = options.seconds ?? Number(process.env.LOAD_SECONDS ?? 10);
  const connectionCounts = options.connections ?? (process.env.LOAD_CONNECTIONS ?? '1,10').split(',').map(Number);
  const count = options.submissions ?? 20;
  const log = options.log ?? ((l: string) => console.error(l));
  const judgeWorkers = availableParallelism();
  const path = '/problems/nim';

  const server = await startServer({ workers: judgeWorkers });
  // The load generator shares the machine with the judge: give it the HTTP thread's priority, so
  // what is measured is the server's latency, not autocannon waiting behind the judge for a core.
  // (After starting the server, which must not inherit it.)
  const refused = setThreadNice(threadNice() - HTTP_PRIORITY_BOOST);
  if (refused) log(`load generator at normal priority (${refused})`);
  try {
    for (let n = 0; n < judgeWorkers; n++) await server.waitForLog(new RegExp(`judge thread ${n} ready`));
    const url = `${server.url}${path}`;
    log(`warming up ${url}`);
    await measure(url, 2, 10);

    const scenarios: LoadScenario[] = [];
    for (const connections of connectionCounts) {
      log(`${connections} connection(s), judge idle: ${seconds} s`);
      const idle = await measure(url, seconds, connections);
      const backlog = new Backlog(server, count);
      await backlog.fill();
      // Let the first compilations start, so the whole window is judging.
      await new Promise((r) => setTimeout(r, 300));
      log(`${connections} connection(s), ${count} submissions in the judge throughout: ${seconds} s`);
      const keepFull = backlog.keepFull();
      const judging = await measure(url, seconds, connections);
      const { judged, minPending } = await keepFull.stop();
      scenarios.push({ connections, idle, judging, judged, minPending });
      log('waiting for the judge to finish');
      await backlog.drain();
    }
    const clean = scenarios.every((s) => s.idle.errors + s.idle.non2xx + s.judging.errors + s.judging.non2xx === 0);
    return {
      path,
      seconds,
      judgeWorkers,
      submissions: count,
      scenarios,
      targetP99Ms: TARGET_P99_MS,
      ok: clean && scenarios.length > 0 && scenarios.every((s) => s.judging.p99 < TARGET_P99_MS),
    };
  } finally {
    await server.stop();
    removeDataDir(server.dataDir);
  }
}

/**
 * Keeps `size` submissions queued or being judged, topping up as verdicts arrive: a realistic mix
 * of accepted (every test runs), too slow (runs until a TLE) and wrong (stops early).
 */
class Backlog {
  private readonly ids: number[] = [];
  private readonly sources: string[];
  private next = 0;

  constructor(
    private readonly server: RunningServer,
    private readonly size: number,
  ) {
    const slow = readFileSync(join(ROOT, 'problems/nim/slow/try-every-move.ts'), 'utf8');
    const wrong = readFileSync(join(ROOT, 'problems/nim/wrong/sum-parity.ts'), 'utf8');
    this.sources = [acceptedNim(), slow, acceptedNim(), wrong];
  }

  private async pending(): Promise<number> {
    const list = (await (await fetch(`${this.server.url}/api/submissions?limit=${this.size * 2}`)).json()) as { status: string }[];
    return list.filter((s) => s.status !== 'done').length;
  }

  async fill(): Promise<void> {
    for (let missing = this.size - (await this.pending()); missing > 0; missing--) {
      this.ids.push(await submit(this.server.url, 'nim', this.sources[this.next++ % this.sources.length]!));
    }
  }

  /** Tops the backlog up every 200 ms until stopped. */
  keepFull(): { stop(): Promise<{ judged: number; minPending: number }> } {
    const before = this.ids.length;
    let minPending = this.size;
    let running = true;
    let pendingAtStart = -1;
    const loop = (async () => {
      pendingAtStart = await this.pending();
      while (running) {
        minPending = Math.min(minPending, await this.pending());
        await this.fill();
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    return {
      stop: async () => {
        running = false;
        await loop;
        const added = this.ids.length - before;
        return { judged: pendingAtStart + added - (await this.pending()), minPending };
      },
    };
  }

  async drain(): Promise<void> {
    for (const id of this.ids) await waitForVerdict(this.server.url, id, 300_000);
  }
}

async function measure(url: string, seconds: number, connections: number): Promise<LatencyFigures> {
  const r = await autocannon({ url, duration: seconds, connections });
  return { requests: r.requests.total, errors: r.errors, non2xx: r.non2xx, p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max };
}

export function formatLoadBench(r: LoadBenchResult): string {
  const cell = (v: string | number, w: number): string => String(v).padStart(w);
  const row = (name: string, f: LatencyFigures): string =>
    `${name.padEnd(40)} ${cell(f.requests, 8)} ${cell(`${f.p50} ms`, 8)} ${cell(`${f.p90} ms`, 8)} ${cell(`${f.p99} ms`, 8)} ${cell(`${f.max} ms`, 8)} ${cell(f.errors + f.non2xx, 6)}`;
  const lines = [
    `GET ${r.path}: autocannon on loopback, ${r.seconds} s per window, ${r.judgeWorkers} judge thread(s), ${r.submissions} submissions kept in the judge`,
    `${'scenario'.padEnd(40)} ${cell('requests', 8)} ${cell('p50', 8)} ${cell('p90', 8)} ${cell('p99', 8)} ${cell('max', 8)} ${cell('errors', 6)}`,
  ];
  for (const s of r.scenarios) {
    const c = `${s.connections} connection${s.connections === 1 ? '' : 's'}`;
    lines.push(row(`${c}, judge idle`, s.idle));
    lines.push(row(`${c}, ${r.submissions} in the judge`, s.judging));
    lines.push(`  (during the busy window ${s.judged} submissions were judged; never fewer than ${s.minPending} waiting or judging)`);
  }
  for (const s of r.scenarios) {
    const met = s.judging.p99 < r.targetP99Ms;
    lines.push(`target p99 < ${r.targetP99Ms} ms while judging, ${s.connections} connection${s.connections === 1 ? '' : 's'}: ${met ? 'met' : 'NOT met'} (${s.judging.p99} ms)`);
  }
  return lines.join('\n');
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
