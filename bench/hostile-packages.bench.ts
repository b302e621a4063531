/**
 * Hostile packages stay bounded (issue 49's round-5 red team), measured:
 *   1. a view's question of a stored problem with 120 MiB of sg-judge/ extras in its package: the
 *      query before (json_extract over the package) against stored_problem_facts (target < 5 ms);
 *   2. statements: 5,000 nested braces and a 4 MB nested list refused by the bounds, a 250 KB
 *      nested list rendered in the statement thread (target: within its 5 s);
 *   3. an import of 200 looping solutions at time_limit 1 s (target: at most 40 run, within the
 *      budget's 180 s wall and a little for the last run).
 *
 *   npx tsx bench/hostile-packages.bench.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCompiler } from '../server/compile';
import { storedLack } from '../server/http/stored-guard';
import { zipFiles } from '../server/package-format/zip';
import { importPackage } from '../server/problem-store';
import { IMPORT_BOUNDS } from '../server/problem-store/import-budget';
import { statementRenderer } from '../server/render/statement-renderer';
import { createSandbox } from '../server/sandbox';
import { openDatabase } from '../server/storage/db';
import { smallPackage } from '../test/problem-store/small-package';

const dir = mkdtempSync(join(tmpdir(), 'sg-hostile-bench-'));
const db = openDatabase(join(dir, 'judge.db'), { migrate: true });
let met = true;
const median = (f: () => unknown, n = 5): number => {
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    f();
    t.push(performance.now() - s);
  }
  return t.sort((a, b) => a - b)[Math.floor(n / 2)]!;
};

// 1. What a page asks of a stored problem.
const extra = Array.from({ length: 120 }, (_, i) => ({ path: `notes-${i}.txt`, text: 'a'.repeat(1 << 20) }));
const pkg = JSON.stringify({ format: 1, type: 'pass-fail', validation: 'default', solutions: [{ folder: 'accepted', name: 'a.ts', language: 'typescript', source: 'x' }], extra });
db.prepare("INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at) VALUES ('big', 'b', 'b', '', 'x', 'x', 1000, 256, 'stored:x', 0)").run();
db.prepare("INSERT INTO stored_problems (slug, owner, published, package, generator, stored_at) VALUES ('big', NULL, 1, ?, NULL, 0)").run(pkg);
db.prepare("INSERT INTO stored_problem_facts VALUES ('big', 0, 'ok', 'accepted/a.ts', 0)").run();
const before = db.prepare(`SELECT generator IS NOT NULL AS hasGenerator,
    json_extract(package, '$.type') = 'interactive' OR json_extract(package, '$.validation') LIKE '%interactive%' AS interactive,
    (SELECT json_group_array(json_object('folder', json_extract(value, '$.folder'), 'name', json_extract(value, '$.name'),
       'language', json_extract(value, '$.language'), 'source', CASE WHEN json_extract(value, '$.source') IS NULL THEN NULL ELSE '' END))
     FROM json_each(package, '$.solutions')) AS solutions
  FROM stored_problems WHERE slug = ?`);
const beforeMs = median(() => before.get('big')) * 2;
const afterMs = median(() => [storedLack(db, 'big', 'input'), storedLack(db, 'big', 'stress')]);
console.log(`a problem page's two questions of a stored problem with ${(pkg.length / 2 ** 20).toFixed(0)} MiB of package: before ${beforeMs.toFixed(0)} ms, after ${afterMs.toFixed(2)} ms (target < 5 ms)`);
met &&= afterMs < 5;

// 2. Statements.
const renderer = statementRenderer();
const nestedList = (bytes: number) => {
  const lines: string[] = [];
  for (let i = 0, size = 0; size < bytes; i++) {
    const line = `${' '.repeat((i % 60) * 2)}- item ${i}`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n');
};
for (const [what, source] of [
  ['5,000 nested braces', `$${'{'.repeat(5000)}x${'}'.repeat(5000)}$`],
  ['a 4 MB nested list', nestedList(4 * 1024 * 1024)],
  ['a 250 KB nested list', nestedList(250_000)],
] as const) {
  const t0 = performance.now();
  const r = await renderer.render({ source, lang: 'en', untrusted: true });
  const ms = performance.now() - t0;
  console.log(`${what}: ${r.ok ? 'rendered' : `refused (${r.said.id})`} in ${ms.toFixed(0)} ms, off the HTTP thread`);
  met &&= ms < 6_000;
}
await renderer.close();

// 3. An import of 200 looping solutions.
const files = smallPackage((f) => {
  for (let i = 1; i <= 200; i++) f.set(`submissions/time_limit_exceeded/loop${String(i).padStart(3, '0')}.js`, 'for (;;) {}\n');
});
const compiler = createCompiler();
const sandbox = await createSandbox();
const t0 = performance.now();
const r = await importPackage(db, { zip: zipFiles(files.map((f) => ({ path: `loops/${f.path}`, data: f.data }))), fileName: 'loops.zip' }, { dataDir: dir, owner: null, compiler, sandbox });
const s = (performance.now() - t0) / 1000;
const ran = r.solutions.filter((x) => x.got !== null).length;
console.log(`200 looping solutions at time_limit 1 s: ${r.ok ? 'stored' : 'refused'} in ${s.toFixed(1)} s, ${ran} run (target ≤ ${IMPORT_BOUNDS.solutions}, within ${IMPORT_BOUNDS.wallMs / 1000} s + 15 s)`);
met &&= ran <= IMPORT_BOUNDS.solutions && s < IMPORT_BOUNDS.wallMs / 1000 + 15;
await sandbox.close();
await compiler.close();
db.close();
rmSync(dir, { recursive: true, force: true });
console.log(met ? 'targets met' : 'targets NOT met');
process.exit(met ? 0 : 1);
