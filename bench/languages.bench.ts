/**
 * C++ and Python in the judge, side by side in one run (docs/languages.md):
 *
 *  - a 38-test C++ nim submission through the real server's API: stored → done of a fresh source
 *    (compiled) against the compile alone; target ≤ compile + 150 ms. The same source again (the
 *    compile cache's binary): target ≤ 150 ms. Beside it the cost per test beyond the tests' CPU,
 *    and where a submission's time goes (a judge queue in this process, one thread: pick-up,
 *    compile, sandbox load, the tests less their CPU time, the last result → done).
 *
 * With SG_BENCH_BASELINE=<another checkout> (with node_modules, e.g. `git worktree add --detach
 * ../base main && cp -al node_modules ../base/`) the end-to-end figures are measured for that
 * checkout's code too, in the same run, the two taking turns, side by side.
 *  - compiling a `bits/stdc++.h` contest program in the sandbox with the precompiled header against
 *    plain `g++ -O2` (also in the sandbox), median of 3; target ≤ ½.
 *  - CPython reading 10⁶ numbers with `sys.stdin.buffer`: its CPU time in the judge's sandbox against
 *    the same program run directly with the input from a file, median of 5; target ≤ 1.2×.
 *
 *   npx tsx bench/languages.bench.ts        (or npm run bench -- languages)
 */
import { medianBreakdown, queueBreakdown, type Breakdown } from './queue-breakdown';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { detectLanguages } from '../server/languages/detect';
import { BOX_WORK_DIR, createNativeSandbox, runContained } from '../server/languages/native-runner';
import { compileNative } from '../server/languages/native-compile';
import { ensurePch } from '../server/languages/pch';
import { languageSpec } from '../server/languages/registry';
import { COMPILE_LIMITS } from '../server/languages/compile-limits';
import { workDir } from '../server/languages/work-dir';
import type { Detected, Toolchain } from '../server/languages/toolchains';
import { NIM_CPP } from '../test/helpers/languages';

const TARGET_OVER_COMPILE_MS = 150;
const TARGET_PCH_RATIO = 0.5;
const TARGET_PYTHON_RATIO = 1.2;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const log = (line: string) => console.log(line);

const unique = (source: string) => `${source}// ${Date.now()} ${Math.random()}\n`;

/** A checkout's modules, loaded from that checkout (a baseline runs its own server, compiler and runner). */
async function modulesOf(root: string) {
  const load = <T>(rel: string) => import(pathToFileURL(path.join(root, rel)).href) as Promise<T>;
  return {
    root,
    server: await load<typeof import('../test/helpers/server')>('test/helpers/server.ts'),
    client: await load<typeof import('../test/helpers/judge-client')>('test/helpers/judge-client.ts'),
    compile: await load<typeof import('../server/languages/native-compile')>('server/languages/native-compile.ts'),
    pch: await load<typeof import('../server/languages/pch')>('server/languages/pch.ts'),
    db: await load<typeof import('../server/storage/db')>('server/storage/db.ts'),
    importer: await load<typeof import('../server/import/import')>('server/import/import.ts'),
    events: await load<typeof import('../server/queue/events')>('server/queue/events.ts'),
    queue: await load<typeof import('../server/queue/judge-queue')>('server/queue/judge-queue.ts'),
    submissions: await load<typeof import('../server/storage/submissions')>('server/storage/submissions.ts'),
  };
}
type Modules = Awaited<ReturnType<typeof modulesOf>>;

async function compileMs(m: Modules, tc: Toolchain, source: string): Promise<number> {
  const t0 = performance.now();
  const c = await m.compile.compileNative(tc, unique(source));
  if (!c.ok) throw new Error(c.diagnostics);
  return performance.now() - t0;
}

interface Judged {
  ms: number;
  cpu: number;
  tests: number;
  cached: boolean;
}

async function endToEnd(m: Modules, tc: Toolchain): Promise<{ fresh: Judged[]; cached: Judged[]; compileMs: number }> {
  const server = await m.server.startServer({ workers: 1 });
  try {
    await server.waitForLog(/language cpp17: offered/, 120_000);
    const judge = async (source: string): Promise<Judged> => {
      const res = await fetch(`${server.url}/api/submissions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ problem: 'nim', source, language: 'cpp17' }) });
      const { id } = (await res.json()) as { id: number };
      const s = await m.client.waitForVerdict(server.url, id);
      if (s.verdict !== 'AC') throw new Error(`expected AC, got ${s.verdict}: ${s.compileOutput}`);
      const t = (await m.client.getSubmission(server.url, id)) as unknown as { createdAt: string; finishedAt: string; compileCached: boolean };
      return { ms: Date.parse(t.finishedAt) - Date.parse(t.createdAt), cpu: s.tests.reduce((a, x) => a + x.timeMs, 0), tests: s.tests.length, cached: t.compileCached };
    };
    // Warm: the judge thread's native runner started, the precompiled header built.
    await judge(unique(NIM_CPP));
    await m.pch.ensurePch(tc);
    const fresh = [];
    const cached = [];
    const compiles = [];
    for (let i = 0; i < 3; i++) {
      const source = unique(NIM_CPP);
      fresh.push(await judge(source));
      cached.push(await judge(source));
      compiles.push(await compileMs(m, tc, NIM_CPP));
    }
    return { fresh, cached, compileMs: median(compiles) };
  } finally {
    await server.stop();
    m.server.removeDataDir(server.dataDir);
  }
}

/** Where a C++ submission's time goes: a warm-up, then fresh and cached sources in turn (medians of 3). */
async function breakdownOf(m: Modules, detected: Detected): Promise<{ fresh: Breakdown; cached: Breakdown }> {
  const sources = [0, 1, 2].map(() => unique(NIM_CPP));
  const runs = await queueBreakdown(m, [unique(NIM_CPP), ...sources.flatMap((s) => [s, s])].map((source) => ({ source, language: 'cpp17' as const })), detected);
  return { fresh: medianBreakdown(runs.filter((_, i) => i % 2 === 1)), cached: medianBreakdown(runs.filter((_, i) => i > 0 && i % 2 === 0)) };
}

interface Figures {
  root: string;
  freshMs: number;
  compileMs: number;
  cachedMs: number;
  cachedCpu: number;
  perTest: number;
  tests: number;
  allCached: boolean;
  breakdown: { fresh: Breakdown; cached: Breakdown };
}

async function figuresOf(m: Modules, tc: Toolchain, detected: Detected): Promise<Figures> {
  log(`${m.root}: a C++ nim submission through the API, then the breakdown`);
  const e2e = await endToEnd(m, tc);
  return {
    root: m.root,
    freshMs: median(e2e.fresh.map((f) => f.ms)),
    compileMs: e2e.compileMs,
    cachedMs: median(e2e.cached.map((c) => c.ms)),
    cachedCpu: median(e2e.cached.map((c) => c.cpu)),
    perTest: median(e2e.cached.map((c) => (c.ms - c.cpu) / c.tests)),
    tests: e2e.fresh[0]!.tests,
    allCached: e2e.cached.every((c) => c.cached),
    breakdown: await breakdownOf(m, detected),
  };
}

async function pchRatio(tc: Toolchain) {
  const native = languageSpec(tc.id).native!;
  const pch = await ensurePch(tc);
  if (!pch) throw new Error('the precompiled header could not be built');
  const once = async (withPch: boolean) => {
    const work = workDir();
    try {
      writeFileSync(path.join(work, 'main.cpp'), unique(NIM_CPP));
      const argv = native.compile!(tc.binary, { source: `${BOX_WORK_DIR}/main.cpp`, output: `${BOX_WORK_DIR}/main`, ...(withPch && { pchDir: '/pch' }) });
      const t0 = performance.now();
      const r = await runContained({ argv, workDir: work, readOnly: withPch ? [{ host: pch, box: '/pch' }] : [], limits: COMPILE_LIMITS });
      if (r.status !== 'ok') throw new Error(`compile ${r.status}: ${r.stderr}`);
      return { wall: performance.now() - t0, cpu: r.timeMs };
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  };
  const plain = [];
  const withPch = [];
  for (let i = 0; i < 3; i++) {
    plain.push(await once(false));
    withPch.push(await once(true));
  }
  return { plainMs: median(plain.map((p) => p.wall)), pchMs: median(withPch.map((p) => p.wall)), plainCpu: median(plain.map((p) => p.cpu)), pchCpu: median(withPch.map((p) => p.cpu)) };
}

async function pythonRatio(tc: Toolchain) {
  const program = 'import sys\ndata = sys.stdin.buffer.read().split()\nprint(sum(map(int, data)))\n';
  const numbers = Array.from({ length: 1_000_000 }, (_, i) => (i * 7919) % 1_000_000_007);
  const input = `${numbers.join(' ')}\n`;
  const expected = String(numbers.reduce((a, b) => a + b, 0));
  const dir = mkdtempSync(path.join(tmpdir(), 'sg-bench-python-'));
  try {
    writeFileSync(path.join(dir, 'main.py'), program);
    writeFileSync(path.join(dir, 'in.txt'), input);
    const outside = () => {
      // bash's `times`: the children's user and system CPU, as the judge counts a program's.
      const r = spawnSync('bash', ['-c', `${tc.binary} -B main.py < in.txt > out.txt; times`], { cwd: dir, encoding: 'utf8' });
      const line = r.stdout.trim().split('\n').at(-1)!;
      const [user, sys] = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60_000 + Number(m[2]) * 1000);
      return user! + sys!;
    };
    const compiled = await compileNative(tc, program);
    if (!compiled.ok) throw new Error(compiled.diagnostics);
    const sandbox = await createNativeSandbox();
    try {
      await sandbox.load(compiled.program, { timeMs: 10_000, memoryMb: 1024, outputBytes: 1 << 20 });
      const inside = async () => {
        const r = await sandbox.run(input);
        if (r.status !== 'ok' || r.stdout.trim() !== expected) throw new Error(`python in the judge: ${r.status} ${r.message ?? ''}`);
        return r.timeMs;
      };
      const a = [];
      const b = [];
      for (let i = 0; i < 5; i++) {
        a.push(outside());
        b.push(await inside());
      }
      return { outsideMs: median(a), insideMs: median(b) };
    } finally {
      await sandbox.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const detected = await detectLanguages();
const cpp = detected.cpp17;
const py = detected.python3;
if (!cpp?.ok || !py?.ok) {
  console.error(`languages bench: needs g++ and python3 in the sandbox (${!cpp?.ok ? cpp?.reason : ''} ${!py?.ok ? py?.reason : ''})`);
  process.exit(1);
}
log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${cpp.toolchain.version}; ${py.toolchain.version}`);

const pch = await pchRatio(cpp.toolchain);
log(`compile of a bits/stdc++.h program in the sandbox: plain g++ -O2 ${pch.plainMs.toFixed(0)} ms (CPU ${pch.plainCpu.toFixed(0)} ms), with the precompiled header ${pch.pchMs.toFixed(0)} ms (CPU ${pch.pchCpu.toFixed(0)} ms): ${(pch.pchMs / pch.plainMs).toFixed(2)}× (target ≤ ${TARGET_PCH_RATIO})`);

const python = await pythonRatio(py.toolchain);
log(`CPython summing 10^6 numbers read with sys.stdin.buffer: ${python.insideMs.toFixed(0)} ms CPU in the judge, ${python.outsideMs.toFixed(0)} ms outside: ${(python.insideMs / python.outsideMs).toFixed(2)}× (target ≤ ${TARGET_PYTHON_RATIO})`);

const here = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const baselineRoot = process.env.SG_BENCH_BASELINE ? path.resolve(process.env.SG_BENCH_BASELINE) : null;
const mine = await modulesOf(here);
const base = baselineRoot ? await modulesOf(baselineRoot) : null;
// The two take turns (baseline, this, baseline, this): the machine's other work weighs on both alike.
const rounds: { after: Figures; before: Figures | null }[] = [];
for (let round = 0; round < (base ? 2 : 1); round++) {
  const before = base ? await figuresOf(base, cpp.toolchain, detected) : null;
  rounds.push({ before, after: await figuresOf(mine, cpp.toolchain, detected) });
}

const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
const beyond = (f: Figures) => f.freshMs - f.compileMs;
const col = (f: (x: Figures) => string) => rounds.map((r) => (r.before ? `${f(r.before).padStart(9)} →${f(r.after).padStart(9)}` : f(r.after).padStart(9))).join('   ');
const ms = (v: number) => `${v.toFixed(0)} ms`;
log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}${base ? `; before = ${baselineRoot}, after = this checkout, ${rounds.length} rounds taking turns` : ''}`);
log(`a ${rounds[0]!.after.tests}-test C++ nim submission through the API (medians of 3):`);
log(`  stored → done, fresh source            ${col((f) => ms(f.freshMs))}`);
log(`  the compile alone                      ${col((f) => ms(f.compileMs))}`);
log(`  beyond the compile (target ≤ ${TARGET_OVER_COMPILE_MS})      ${col((f) => ms(beyond(f)))}`);
log(`  the same source again (cached)         ${col((f) => ms(f.cachedMs))}   (cached: ${rounds.every((r) => r.after.allCached)})`);
log(`  its tests' own CPU                     ${col((f) => ms(f.cachedCpu))}`);
log(`  per test beyond the tests' CPU         ${col((f) => `${f.perTest.toFixed(2)} ms`)}`);
for (const kind of ['fresh', 'cached'] as const) {
  log(`where a ${kind} source's time goes (a judge queue in the bench's process, one thread):`);
  const b = (k: keyof Breakdown) => col((f) => ms(f.breakdown[kind][k]));
  log(`  stored → done                          ${b('total')}`);
  if (kind === 'fresh') log(`  stored → done less its own compile     ${col((f) => ms(f.breakdown.fresh.total - f.breakdown.fresh.compile))}`);
  log(`  queue pick-up (→ compiling)            ${b('pickUp')}`);
  log(`  compile                                ${b('compile')}`);
  log(`  sandbox load (→ first test told)       ${b('load')}`);
  log(`  the tests' CPU                         ${b('cpu')}`);
  log(`  the tests less their CPU               ${b('tests')}`);
  log(`  last result → done                     ${b('final')}`);
}
const last = rounds.at(-1)!.after;
const e2eOk = rounds.every((r) => beyond(r.after) <= TARGET_OVER_COMPILE_MS && r.after.cachedMs <= TARGET_OVER_COMPILE_MS);
log(`end to end: beyond the compile ${ms(beyond(last))} (target ≤ ${TARGET_OVER_COMPILE_MS}), cached ${ms(last.cachedMs)} (target ≤ ${TARGET_OVER_COMPILE_MS}): ${met(e2eOk)}`);

const ok = pch.pchMs / pch.plainMs <= TARGET_PCH_RATIO && python.insideMs / python.outsideMs <= TARGET_PYTHON_RATIO && e2eOk;
log(ok ? 'targets met' : 'targets NOT met');
process.exit(ok ? 0 : 1);
