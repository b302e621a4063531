// npm run check-problems [-- [--slow] [--raise N] <slug> ...]
// The solution table: every known solution of every problem judged through the real
// judge against every stored test; the reference must get AC, each wrong/ solution WA on at least
// three tests (and on no sample), each slow/ one TLE and at least 3x the limit on the largest test
// (the verifier's submissions part, server/package-format/verify/submissions.ts).
import '../platform/require-supported-node';
import { createCompiler } from '../compile';
import { describeMargin, judgeSolution, knownSolutions, type SolutionRow } from '../judge/solution-table';
import { builtInRowFindings, errorsOf } from '../package-format/verify';
import { listSlugs, loadProblem, loadReference } from '../problems/registry';
import { buildTestSet } from '../problems/testset';
import { createSandbox } from '../sandbox';
import { intOption, parseCli, usageError } from './args';
import { exitWhenWritten } from './exit';

const USAGE = 'npm run check-problems [-- [--slow] [--raise N] <slug> ...]';
const { positionals, values } = parseCli(USAGE, { slow: { type: 'boolean' }, raise: { type: 'string' } });
/** The largest test is rerun for each slow solution with this multiple of the limit to measure the margin. */
const RAISED_LIMIT = intOption(USAGE, 'raise', values.raise, 10, 3, 30);
// --slow: the margins only (each slow/ solution up to its first TLE, then the measuring run), on
// one lane so that a shared machine's other slot stays free; minutes instead of the whole table.
const slowOnly = values.slow === true;
const all = listSlugs();
for (const s of positionals) if (!all.includes(s)) usageError(USAGE, `unknown problem "${s}"`);
const slugs = positionals.length ? positionals : all;

const compiler = createCompiler();
const lanes = await Promise.all((slowOnly ? [0] : [0, 1]).map(() => createSandbox()));
let total = 0;
let faulty = 0;
const started = Date.now();

try {
  for (const slug of slugs) {
    const problem = await loadProblem(slug);
    const tests = buildTestSet(problem, await loadReference(slug, 'fast')).map((t, i) => ({ index: i + 1, input: t.input, expected: t.expected }));
    const queue = knownSolutions(problem).filter((s) => !slowOnly || s.expected === 'TLE');
    const results: SolutionRow[] = new Array(queue.length);
    let next = 0;
    await Promise.all(
      lanes.map(async (sandbox) => {
        while (next < queue.length) {
          const i = next++;
          results[i] = await judgeSolution(problem, queue[i]!, tests, { compiler, sandbox }, { raisedLimit: RAISED_LIMIT, ...(slowOnly ? { stopAfterFailures: 1 } : {}) });
        }
      }),
    );
    console.log(`\n${slug} (${tests.length} tests, ${problem.pkg.limits.timeMs} ms limit)`);
    for (const r of results) {
      // The verifier's submissions part (server/package-format/verify/submissions.ts).
      const faults = errorsOf(builtInRowFindings(r, problem.samples.length));
      total++;
      if (faults.length) faulty++;
      const got = r.failedTest === null ? r.got : `${r.got} on ${r.failedTest}`;
      const detail =
        r.expected === 'WA' ? `fails ${r.failures} test${r.failures === 1 ? '' : 's'}`
        : r.margin ? `${describeMargin(r.margin)} (test ${r.margin.test})`
        : `${Math.round(r.maxTimeMs)} ms`;
      console.log(`  ${faults.length ? 'FAIL' : 'ok  '} ${r.solution.padEnd(32)} ${r.tests}  expected ${r.expected.padEnd(3)} got ${got.padEnd(10)} ${detail}`);
      for (const f of faults) console.log(`       ${f}`);
    }
  }
} finally {
  await Promise.all([compiler.close(), ...lanes.map((s) => s.close())]);
}

console.log(`\n${total - faulty} of ${total} solutions are as they must be (${((Date.now() - started) / 1000).toFixed(1)} s)`);
await exitWhenWritten(faulty ? 1 : 0);
