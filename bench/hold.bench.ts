/**
 * What one person can hold (issue 48), measured on the real server, before and after a change:
 *
 * - streams: one student opens STREAMS `/sets/1/events` streams at once; how many are served, the
 *   server's descriptors and memory before, while held, and after they close;
 * - downloads: ten parallel downloads of a 15 MiB failing-test input, and how long `/api/problems`
 *   waits meanwhile (median and worst of 20 requests), against the same requests with no download;
 * - mistake map: a map of `for(;;){}` on ed from POST to drawn, wall time.
 *
 * Targets: at most 16 streams of one person served, descriptors back within 5 of before;
 * `/api/problems` worst under 200 ms during the downloads; the map drawn within 60 s.
 *
 *   npx tsx bench/hold.bench.ts            (or npm run bench -- hold)
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/storage/db';
import { saveFailureTexts } from '../server/storage/submissions';
import { accountsCli, Person } from '../test/helpers/accounts';
import { removeDataDir, startServer, type RunningServer } from '../test/helpers/server';
import { ALWAYS_NO } from '../test/helpers/solutions';

const STREAMS = Number(process.env.STREAMS ?? 2000);
const MIB = 1024 * 1024;
let failed = false;
const target = (ok: boolean, line: string): void => {
  console.log(`${ok ? 'ok  ' : 'MISS'} ${line}`);
  if (!ok) failed = true;
};

const descriptors = (s: RunningServer): number => readdirSync(`/proc/${s.process.pid}/fd`).length;
const rss = (s: RunningServer): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${s.process.pid}/status`, 'utf8'))![1]) / 1024;

function open(url: string, token: string): Promise<{ status: number; req: http.ClientRequest }> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, req });
    });
    req.on('error', () => resolve({ status: 0, req }));
  });
}

async function streams(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-bench-hold-'));
  await accountsCli(dataDir, ['add-teacher', 'tess'], 'teacher-password\n');
  await accountsCli(dataDir, ['add-student', 'ann'], 'ann-password\n');
  const server = await startServer({ dataDir, workers: 1, env: { ACCOUNTS: 'on' } });
  try {
    const tess = new Person(server.url, 'tess', 'teacher-password');
    const ann = new Person(server.url, 'ann', 'ann-password');
    await tess.login();
    await ann.login();
    const set = (await (await tess.api('/api/sets', { method: 'POST', body: JSON.stringify({ name: 'b', problems: ['nim'] }) })).json()) as { id: number };
    const fd0 = descriptors(server);
    const rss0 = rss(server);
    const held: { status: number; req: http.ClientRequest }[] = [];
    for (let i = 0; i < STREAMS; i += 100) held.push(...(await Promise.all(Array.from({ length: Math.min(100, STREAMS - i) }, () => open(`${server.url}/sets/${set.id}/events`, ann.token)))));
    const served = held.filter((h) => h.status === 200).length;
    const fd1 = descriptors(server);
    const rss1 = rss(server);
    for (const h of held) h.req.destroy();
    await new Promise((r) => setTimeout(r, 2000));
    const fd2 = descriptors(server);
    const rss2 = rss(server);
    console.log(`streams: ${STREAMS} opened by one student, ${served} served (${held.length - served} refused)`);
    console.log(`  descriptors ${fd0} → ${fd1} held → ${fd2} after closing; RSS ${rss0.toFixed(0)} → ${rss1.toFixed(0)} → ${rss2.toFixed(0)} MiB`);
    target(served <= 16, `at most 16 streams of one person served (${served})`);
    target(fd2 <= fd0 + 5, `descriptors back after closing (${fd0} → ${fd2})`);
  } finally {
    await server.stop();
    removeDataDir(dataDir);
  }
}

async function latency(url: string, n: number): Promise<{ median: number; worst: number }> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await (await fetch(url)).arrayBuffer();
    times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 25));
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(n / 2)]!, worst: times.at(-1)! };
}

async function downloadsAndMap(): Promise<void> {
  const server = await startServer({ workers: 2, problems: ['nim', 'ed'] });
  try {
    const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const { id } = (await (await post('/api/submissions', { problem: 'nim', source: ALWAYS_NO })).json()) as { id: number };
    while (((await (await fetch(`${server.url}/api/submissions/${id}`)).json()) as { status: string }).status !== 'done') await new Promise((r) => setTimeout(r, 100));
    const big = Array.from({ length: (15 * MIB) / 32 }, (_, i) => `${String(i).padStart(10, '0')} ${'x'.repeat(20)}\n`).join('');
    const db = openDatabase(join(server.dataDir, 'judge.db'));
    saveFailureTexts(db, id, [{ kind: 'input', content: big, length: big.length, cut: false }]);
    db.close();
    const quiet = await latency(`${server.url}/api/problems`, 20);
    let downloading = true;
    const loop = (async () => {
      let rounds = 0;
      // curl in processes of their own, so the timed requests' process is not the one receiving 150 MiB.
      while (downloading) {
        await Promise.all(Array.from({ length: 10 }, () => new Promise((done) => execFile('curl', ['-s', '-o', '/dev/null', `${server.url}/submissions/${id}/input.txt`], done))));
        rounds++;
      }
      return rounds;
    })();
    await new Promise((r) => setTimeout(r, 300));
    const busy = await latency(`${server.url}/api/problems`, 20);
    downloading = false;
    const rounds = await loop;
    console.log(`downloads: /api/problems alone median ${quiet.median.toFixed(0)} ms, worst ${quiet.worst.toFixed(0)} ms;`);
    console.log(`  beside ten parallel 15 MiB downloads (${rounds} round(s) of ten) median ${busy.median.toFixed(0)} ms, worst ${busy.worst.toFixed(0)} ms`);
    target(busy.worst < 200, `/api/problems worst under 200 ms during the downloads (${busy.worst.toFixed(0)} ms)`);

    if (process.env.NO_MAP) return;
    const t0 = performance.now();
    const { id: map } = (await (await post('/api/mistake-maps', { problem: 'ed', source: 'for (;;) {}\n' })).json()) as { id: number };
    for (;;) {
      const m = (await (await fetch(`${server.url}/api/mistake-maps/${map}`)).json()) as { status: string };
      if (m.status === 'done' || m.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const s = (performance.now() - t0) / 1000;
    console.log(`mistake map: ed, for(;;){}, drawn in ${s.toFixed(1)} s of wall time`);
    target(s < 60, `the map drawn within 60 s (${s.toFixed(1)} s)`);
  } catch (e) {
    console.log(server.logs().split('\n').slice(-30).join('\n'));
    throw e;
  } finally {
    await server.stop();
    removeDataDir(server.dataDir);
  }
}

// ONLY_STREAMS=1 or ONLY_DOWNLOADS=1 (NO_MAP=1 leaves the map out) run one part.
if (!process.env.ONLY_DOWNLOADS) await streams();
if (!process.env.ONLY_STREAMS) await downloadsAndMap();
process.exit(failed ? 1 : 0);
