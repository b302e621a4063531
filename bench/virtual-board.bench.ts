/**
 * `npm run bench -- virtual-board`: the query a virtual board runs per virtual contestant (their
 * judged submissions, `virtualEntry` in server/storage/contests.ts) at 300,000 judged submissions,
 * with the index migration 47 adds and without it (dropped on a copy of the same data), in a real
 * SQLite file. Without the index SQLite scans every judged submission (tens of milliseconds per
 * contestant, per board view); with it the query reads only that virtual round's rows.
 *
 *   VIRTUAL_BENCH_SUBMISSIONS=300000 npx tsx bench/virtual-board.bench.ts
 *
 * Target: under 1 ms per query with the index (median of 200).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../server/storage/db';
import { virtualEntry, type VirtualRound } from '../server/storage/contests';

const N = Number(process.env.VIRTUAL_BENCH_SUBMISSIONS ?? 300_000);
const TARGET_MS = 1;
const REPEATS = 200;

function fill(db: Db): VirtualRound {
  db.prepare(
    "INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at) VALUES ('nim', 'Nim', 'Nim', 's', '', '', 1000, 256, 'h', 0)",
  ).run();
  db.prepare("INSERT INTO contests (name, problems, starts_at, minutes, rules, tools, created_at) VALUES ('r', '[\"nim\"]', 0, 60, 'icpc', '{}', 0)").run();
  const virtuals = 100;
  // A hundred people's virtual rounds; all local-mode rows here, so the one-per-person index goes on this copy.
  db.prepare('DROP INDEX contest_virtuals_one_each').run();
  for (let v = 1; v <= virtuals; v++) db.prepare('INSERT INTO contest_virtuals (contest, owner, started_at) VALUES (1, NULL, ?)').run(v);
  const insert = db.prepare("INSERT INTO submissions (problem, source, status, verdict, created_at, finished_at, contest_virtual) VALUES ('nim', '', 'done', ?, ?, ?, ?)");
  db.transaction(() => {
    // One submission in fifty is a virtual round's (spread over 100 rounds), the rest practice.
    for (let i = 0; i < N; i++) insert.run(i % 3 === 0 ? 'AC' : 'WA', i, i, i % 50 === 0 ? 1 + ((i / 50) % virtuals) : null);
  })();
  return { id: 7, contest: 1, owner: null, startedAt: 7 };
}

function median(db: Db, v: VirtualRound): { ms: number; rows: number } {
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < REPEATS; i++) {
    const t0 = performance.now();
    rows = virtualEntry(db, v).attempts.length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, rows };
}

const dir = mkdtempSync(join(tmpdir(), 'sg-virtual-bench-'));
try {
  const db = openDatabase(join(dir, 'judge.db'), { migrate: true });
  const v = fill(db);
  const withIndex = median(db, v);
  db.prepare('DROP INDEX submissions_by_contest_virtual').run();
  const without = median(db, v);
  db.close();
  console.log(`${N} judged submissions, virtual round ${v.id} has ${withIndex.rows} of them`);
  console.log(`without the index: ${without.ms.toFixed(3)} ms per virtual contestant (median of ${REPEATS})`);
  console.log(`with the index:    ${withIndex.ms.toFixed(3)} ms per virtual contestant (median of ${REPEATS})`);
  if (withIndex.ms > TARGET_MS) {
    console.error(`target missed: ${withIndex.ms.toFixed(3)} ms > ${TARGET_MS} ms`);
    process.exitCode = 1;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
