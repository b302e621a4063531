/**
 * The SG lab's speed, side by side in one run:
 *
 *  - a student's game in the sandbox: 10^4 values of Dawson's Kayles from a TypeScript options(),
 *    compiled by the judge's compiler and run through the lab driver in the sandbox (CPU time the
 *    sandbox measures), against the very same program run in a plain `node` process (CPU time of
 *    the same call, measured inside it). Target: the sandbox at most 3× the plain run.
 *  - built-in games in this process: the cutting game's 200 × 200 table (target under 1 s) and
 *    E&D up to 64 × 64 (target under 100 ms), first run and median of five.
 * Targets are on CPU time, so that a busy machine (other processes on the cores) does not decide
 * them; wall times are printed beside.
 *
 *   npx tsx bench/lab.bench.ts        (or npm run bench -- lab)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createCompiler } from '../server/compile';
import { labProgram } from '../server/lab/bundle';
import { instantiate } from '../server/lab/game';
import { loadGame } from '../server/lab/registry';
import { LAB_LIMITS } from '../server/lab/run-source';
import type { DriverRequest } from '../server/lab/sandbox-driver';
import { DEFAULT_LIMITS, searchTable } from '../server/lab/search';
import { createSandbox } from '../server/sandbox';

const VALUES = 10_000;
const RUNS = 3;
const TARGET_RATIO = 3;
const TARGET_CUT_MS = 1000;
const TARGET_ED_MS = 100;

const DAWSON = `export function options(n: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; 2 * i <= n - 2; i++) out.push([i, n - 2 - i]);
  return out;
}
`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const request: DriverRequest = { mode: 'table', to: VALUES - 1, defaultTo: 0, stateCap: DEFAULT_LIMITS.stateCap, workCap: DEFAULT_LIMITS.workCap, optionsStates: 0, optionsComponents: 0 };

async function sandboxRuns(js: string): Promise<{ cpu: number[]; wall: number[]; out: string }> {
  const sandbox = await createSandbox();
  const cpu: number[] = [];
  const wall: number[] = [];
  let out = '';
  try {
    // The benchmark's table takes seconds; give it room beyond the lab's own limit.
    await sandbox.load(js, { ...LAB_LIMITS, timeMs: 120_000 });
    for (let i = 0; i < RUNS; i++) {
      const r = await sandbox.run(JSON.stringify(request));
      if (r.status !== 'ok') throw new Error(`sandbox run: ${r.status} ${r.message}`);
      cpu.push(r.timeMs);
      wall.push(r.wallMs);
      out = r.stdout;
    }
  } finally {
    await sandbox.close();
  }
  return { cpu, wall, out };
}

function plainRuns(js: string): { ms: number[]; out: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'sg-lab-bench-'));
  try {
    const file = path.join(dir, 'plain.cjs');
    // The same program, called the way the sandbox calls it, timed around the call only.
    writeFileSync(
      file,
      `const program = (0, eval)(${JSON.stringify(js)});
const input = ${JSON.stringify(JSON.stringify(request))};
const fakeRequire = (m) => (m === 'fs' ? { readFileSync: () => input } : require(m));
let out = '';
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (s) => { out += s; return true; };
(async () => {
  const times = [];
  for (let i = 0; i < ${RUNS}; i++) {
    out = '';
    const c0 = process.cpuUsage();
    await program({}, fakeRequire, { exports: {} }, '/solution.js', '/');
    const c = process.cpuUsage(c0);
    times.push((c.user + c.system) / 1000);
  }
  process.stdout.write = write;
  write(JSON.stringify({ times, out }));
})();
`,
    );
    const r = spawnSync(process.execPath, [file], { encoding: 'utf8', maxBuffer: 64 << 20 });
    if (r.status !== 0) throw new Error(`plain node: ${r.stderr}`);
    const { times, out } = JSON.parse(r.stdout) as { times: number[]; out: string };
    return { ms: times, out };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** CPU time (this process, all threads) and wall time of each of `runs` computations of the table. */
async function builtin(slug: string, to: number, runs = 5): Promise<{ first: number; median: number; wall: number; states: number }> {
  const game = instantiate(slug, await loadGame(slug));
  const cpu: number[] = [];
  const wall: number[] = [];
  let states = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    states = searchTable(game, game.min, game.min.map(() => to)).states.length;
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    wall.push(performance.now() - t0);
  }
  return { first: cpu[0]!, median: median(cpu), wall: median(wall), states };
}

console.log(`load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
const compiler = createCompiler();
const compiled = await compiler.compile(DAWSON);
await compiler.close();
if (!compiled.ok) throw new Error(compiled.diagnostics);
const js = labProgram(compiled.js, null);

const plain = plainRuns(js);
const boxed = await sandboxRuns(js);
const same = JSON.parse(plain.out).values.join(',') === JSON.parse(boxed.out).values.join(',');
const ratio = median(boxed.cpu) / median(plain.ms);
console.log(`Dawson's Kayles, ${VALUES} values from a student's options():`);
console.log(`  plain node (same program), CPU time  median ${median(plain.ms).toFixed(0)} ms   runs ${plain.ms.map((x) => x.toFixed(0)).join(', ')}`);
console.log(`  sandbox, CPU time                    median ${median(boxed.cpu).toFixed(0)} ms   runs ${boxed.cpu.map((x) => x.toFixed(0)).join(', ')} (wall ${median(boxed.wall).toFixed(0)} ms)`);
console.log(`  ratio ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×); same values: ${same}`);

const cut = await builtin('cutting-game', 201);
const ed = await builtin('ed', 64);
console.log(`cutting game ${Math.sqrt(cut.states)} × ${Math.sqrt(cut.states)} (built-in), CPU time: first ${cut.first.toFixed(0)} ms, median of 5 ${cut.median.toFixed(0)} ms (wall ${cut.wall.toFixed(0)} ms; target < ${TARGET_CUT_MS} ms)`);
console.log(`E&D 64 × 64 (built-in), CPU time: first ${ed.first.toFixed(1)} ms, median of 5 ${ed.median.toFixed(1)} ms (wall ${ed.wall.toFixed(1)} ms; target < ${TARGET_ED_MS} ms)`);

const met = same && ratio <= TARGET_RATIO && cut.median < TARGET_CUT_MS && ed.median < TARGET_ED_MS;
console.log(met ? 'lab targets met' : 'lab targets NOT met');
process.exit(met ? 0 : 1);
