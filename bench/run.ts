/**
 * `npm run bench`: runs every benchmark module `bench/*.bench.ts`, each in its own process (so one
 * benchmark's warm caches or leftover load do not colour the next), one after the other.
 *
 *   npm run bench                  all of them
 *   npm run bench -- sandbox       only those whose file name contains "sandbox"
 *
 * A benchmark module is any script that prints its figures and exits non-zero when a target is
 * missed; it should also run alone with `npx tsx bench/<name>.bench.ts`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const modules = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts') && (filters.length === 0 || filters.some((x) => f.includes(x))))
  .sort();

if (modules.length === 0) {
  console.error(`no benchmark matches ${filters.join(', ')}`);
  process.exit(2);
}

const tsx = path.join(here, '..', 'node_modules', '.bin', 'tsx');
const outcomes: { name: string; status: number | null; seconds: number }[] = [];
for (const file of modules) {
  console.log(`\n=== ${file} ===`);
  const t0 = performance.now();
  const r = spawnSync(tsx, [path.join(here, file)], { stdio: 'inherit' });
  outcomes.push({ name: file, status: r.status, seconds: (performance.now() - t0) / 1000 });
}

console.log('\n=== summary ===');
for (const o of outcomes) console.log(`${o.name.padEnd(28)} ${o.status === 0 ? 'targets met' : `targets NOT met (exit ${o.status})`}  ${o.seconds.toFixed(1)} s`);
process.exit(outcomes.every((o) => o.status === 0) ? 0 : 1);
