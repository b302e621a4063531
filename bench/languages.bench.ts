/**
 * C++ and Python in the judge, side by side in one run (docs/languages.md):
 *
 *  - a 38-test C++ nim submission through the real server's API: stored → done of a fresh source
 *    (compiled) against the compile alone; target ≤ compile + 150 ms. The same source again (the
 *    compile cache's binary): target ≤ 150 ms. Beside it the cost per test beyond the tests' CPU.
 *  - compiling a `bits/stdc++.h` contest program in the sandbox with the precompiled header against
 *    plain `g++ -O2` (also in the sandbox), median of 3; target ≤ ½.
 *  - CPython reading 10⁶ numbers with `sys.stdin.buffer`: its CPU time in the judge's sandbox against
 *    the same program run directly with the input from a file, median of 5; target ≤ 1.2×.
 *
 *   npx tsx bench/languages.bench.ts        (or npm run bench -- languages)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { detectLanguages } from '../server/languages/detect';
import { BOX_WORK_DIR, createNativeSandbox, runContained } from '../server/languages/native-runner';
import { compileNative } from '../server/languages/native-compile';
import { ensurePch } from '../server/languages/pch';
import { languageSpec } from '../server/languages/registry';
import { COMPILE_LIMITS } from '../server/languages/compile-limits';
import { workDir } from '../server/languages/work-dir';
import type { Toolchain } from '../server/languages/toolchains';
import { getSubmission, waitForVerdict } from '../test/helpers/judge-client';
import { removeDataDir, startServer } from '../test/helpers/server';

const TARGET_OVER_COMPILE_MS = 150;
const TARGET_PCH_RATIO = 0.5;
const TARGET_PYTHON_RATIO = 1.2;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const log = (line: string) => console.log(line);

const NIM_CPP = `#include <bits/stdc++.h>
using namespace std;
int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    int t;
    cin >> t;
    while (t--) {
        int n;
        cin >> n;
        int x = 0;
        for (int i = 0; i < n; i++) { int a; cin >> a; x ^= a; }
        cout << (x ? "Yes" : "No") << '\\n';
    }
}
`;

const unique = (source: string) => `${source}// ${Date.now()} ${Math.random()}\n`;

async function compileMs(tc: Toolchain, source: string): Promise<number> {
  const t0 = performance.now();
  const c = await compileNative(tc, unique(source));
  if (!c.ok) throw new Error(c.diagnostics);
  return performance.now() - t0;
}

async function endToEnd(tc: Toolchain) {
  const server = await startServer({ workers: 1 });
  try {
    await server.waitForLog(/language cpp17: offered/, 120_000);
    const judge = async (source: string) => {
      const res = await fetch(`${server.url}/api/submissions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ problem: 'nim', source, language: 'cpp17' }) });
      const { id } = (await res.json()) as { id: number };
      const s = await waitForVerdict(server.url, id);
      if (s.verdict !== 'AC') throw new Error(`expected AC, got ${s.verdict}: ${s.compileOutput}`);
      const t = (await getSubmission(server.url, id)) as unknown as { createdAt: string; finishedAt: string; compileCached: boolean };
      return { ms: Date.parse(t.finishedAt) - Date.parse(t.createdAt), cpu: s.tests.reduce((a, x) => a + x.timeMs, 0), tests: s.tests.length, cached: t.compileCached };
    };
    // Warm: the judge thread's native runner started, the precompiled header built.
    await judge(unique(NIM_CPP));
    await ensurePch(tc);
    const fresh = [];
    const cached = [];
    const compiles = [];
    for (let i = 0; i < 3; i++) {
      const source = unique(NIM_CPP);
      fresh.push(await judge(source));
      cached.push(await judge(source));
      compiles.push(await compileMs(tc, NIM_CPP));
    }
    return { fresh, cached, compileMs: median(compiles) };
  } finally {
    await server.stop();
    removeDataDir(server.dataDir);
  }
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

const e2e = await endToEnd(cpp.toolchain);
const freshMs = median(e2e.fresh.map((f) => f.ms));
const cachedMs = median(e2e.cached.map((c) => c.ms));
const perTest = median(e2e.cached.map((c) => (c.ms - c.cpu) / c.tests));
log(`a ${e2e.fresh[0]!.tests}-test C++ nim submission through the API: ${freshMs} ms stored → done (compile alone ${e2e.compileMs.toFixed(0)} ms, so ${(freshMs - e2e.compileMs).toFixed(0)} ms beyond it; target ≤ ${TARGET_OVER_COMPILE_MS}); the same source again from the compile cache ${cachedMs} ms (cached: ${e2e.cached.every((c) => c.cached)}), ${perTest.toFixed(2)} ms per test beyond the tests' CPU`);

const ok = pch.pchMs / pch.plainMs <= TARGET_PCH_RATIO && python.insideMs / python.outsideMs <= TARGET_PYTHON_RATIO && freshMs - e2e.compileMs <= TARGET_OVER_COMPILE_MS && cachedMs <= TARGET_OVER_COMPILE_MS;
log(ok ? 'targets met' : 'targets NOT met');
process.exit(ok ? 0 : 1);
