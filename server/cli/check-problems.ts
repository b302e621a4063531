// npm run check-problems [-- <slug> ...]
// Polygon's invocation table: every known solution of every problem judged through the real
// judge against the stored tests; the reference must get AC, wrong/ WA and slow/ TLE.
import '../platform/require-supported-node';
import { createCompiler } from '../compile';
import { invoke, knownSolutions, type InvocationRow } from '../judge/invocation-table';
import { listSlugs, loadProblem, loadReference } from '../problems/registry';
import { buildTestSet } from '../problems/testset';
import { createSandbox } from '../sandbox';
import { parseCli, usageError } from './args';

const USAGE = 'npm run check-problems [-- <slug> ...]';
const { positionals } = parseCli(USAGE, {});
const all = listSlugs();
for (const s of positionals) if (!all.includes(s)) usageError(USAGE, `unknown problem "${s}"`);
const slugs = positionals.length ? positionals : all;

const compiler = createCompiler();
const lanes = await Promise.all([createSandbox(), createSandbox()]);
const rows: InvocationRow[] = [];
const started = Date.now();

try {
  for (const slug of slugs) {
    const problem = await loadProblem(slug);
    const tests = buildTestSet(problem, await loadReference(slug, 'fast')).map((t, i) => ({ index: i + 1, input: t.input, expected: t.expected }));
    const queue = knownSolutions(problem);
    const results: InvocationRow[] = new Array(queue.length);
    let next = 0;
    await Promise.all(
      lanes.map(async (sandbox) => {
        while (next < queue.length) {
          const i = next++;
          results[i] = await invoke(problem, queue[i]!, tests, { compiler, sandbox });
        }
      }),
    );
    console.log(`\n${slug} (${tests.length} tests)`);
    for (const r of results) {
      const got = r.failedTest === null ? r.got : `${r.got} on ${r.failedTest}`;
      console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.solution.padEnd(32)} ${r.tests}  expected ${r.expected.padEnd(3)} got ${got.padEnd(10)} ${Math.round(r.maxTimeMs)} ms`);
    }
    rows.push(...results);
  }
} finally {
  await Promise.all([compiler.close(), ...lanes.map((s) => s.close())]);
}

const bad = rows.filter((r) => !r.ok);
console.log(`\n${rows.length - bad.length} of ${rows.length} solutions got the verdict they must get (${((Date.now() - started) / 1000).toFixed(1)} s)`);
process.exit(bad.length ? 1 : 0);
