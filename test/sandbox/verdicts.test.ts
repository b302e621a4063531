import { describe, expect, it } from 'vitest';
import { grade } from '../../server/judge/grader';
import { show, useJudge } from './harness';

const SUM = `import * as fs from 'fs';
const [a, b] = fs.readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);
console.log(a + b);`;

describe('verdicts', () => {
  const judge = useJudge();

  it('AC and WA through the grader, stopping at the first failed test', async () => {
    const tests = [
      { index: 1, input: '1 2\n', expected: '3\n' },
      { index: 2, input: '10 20\n', expected: '30' },
      { index: 3, input: '2 2\n', expected: '5\n' },
      { index: 4, input: '0 0\n', expected: '0\n' },
    ];
    const deps = { compiler: judge.compiler, sandbox: judge.sandbox };
    const ac = await grade({ source: SUM, tests: tests.slice(0, 2), limits: { timeMs: 1000, memoryMb: 256 } }, deps);
    expect(ac.verdict).toBe('AC');
    expect(ac.tests.map((t) => t.verdict)).toEqual(['AC', 'AC']);

    const wa = await grade({ source: SUM, tests, limits: { timeMs: 1000, memoryMb: 256 } }, deps);
    expect(wa.verdict).toBe('WA');
    expect(wa.failedTest).toBe(3);
    expect(wa.tests).toHaveLength(3);
    expect(wa.tests[2]!.message).toMatch(/expected "5", found "4"/);
  });

  it('CE through the grader, with line:column', async () => {
    const out = await grade({ source: 'const x: number = "a";', tests: [{ index: 1, input: '', expected: '' }], limits: { timeMs: 1000, memoryMb: 256 } }, { compiler: judge.compiler, sandbox: judge.sandbox });
    expect(out.verdict).toBe('CE');
    expect(out.compileOutput).toMatch(/^1:7 error TS2322/);
  });

  it('TLE: an endless synchronous loop is stopped, with its CPU time reported', async () => {
    const r = await judge.run('let x = 0; while (true) x++;', '', { timeMs: 300 });
    expect(r.status, show(r)).toBe('tle');
    expect(r.timeMs).toBeGreaterThanOrEqual(300);
  });

  it('TLE: a program that never ends (an interval) is stopped by the wall clock', async () => {
    const r = await judge.run('setInterval(() => {}, 50);', '', { timeMs: 200 });
    expect(r.status, show(r)).toBe('tle');
    expect(r.wallMs).toBeGreaterThanOrEqual(700);
    expect(r.message).toMatch(/wall time/);
  });

  it('a slow but finishing program over the limit is TLE with its time', async () => {
    // Counted in CPU time, as the limit is: a wall-clock loop finishes early in CPU terms on a busy machine.
    const r = await judge.run('let s = 0; while (process.cpuUsage().user < 450_000) s++; console.log(s > 0);', '', { timeMs: 200 });
    expect(r.status, show(r)).toBe('tle');
  });

  it('MLE: the heap grows without bound', async () => {
    const r = await judge.run('const a: object[] = []; while (true) a.push({ x: a.length, y: [a.length] });', '', { memoryMb: 64 });
    expect(r.status, show(r)).toBe('mle');
  });

  it('MLE: off-heap typed arrays grow without bound', async () => {
    const r = await judge.run('const keep: Float64Array[] = []; for (let i = 0; i < 1000; i++) keep.push(new Float64Array(1 << 20).fill(i));', '', { memoryMb: 64 });
    expect(r.status, show(r)).toBe('mle');
  });

  it('MLE: new Array(1e8).fill(0), which aborts a whole Node process', async () => {
    const r = await judge.run('const a = new Array(1e8).fill(0); console.log(a.length);', '', { memoryMb: 64 });
    expect(r.status, show(r)).toBe('mle');
    const next = await judge.run(SUM, '2 3\n');
    expect(next.status, show(next)).toBe('ok');
    expect(next.stdout).toBe('5\n');
  });

  it('MLE: pushing 10^8 numbers, the other abort case', async () => {
    const r = await judge.run('const a: number[] = []; for (let i = 0; i < 1e8; i++) a.push(i); console.log(a.length);', '', { memoryMb: 64 });
    expect(r.status, show(r)).toBe('mle');
  });

  it('memory use below the limit is reported and accepted', async () => {
    const r = await judge.run('const a = new Float64Array(8 << 20).fill(1); console.log(a.length);', '', { memoryMb: 256 });
    expect(r.status, show(r)).toBe('ok');
    // 64 MiB of doubles, touched.
    expect(r.memoryKb).toBeGreaterThan(60 * 1024);
    expect(r.memoryKb).toBeLessThan(100 * 1024);
  });

  it('RE: an uncaught exception, with its message and the TypeScript line', async () => {
    const r = await judge.run('const x = 1;\nfunction boom(): never {\n  throw new Error("boom");\n}\nboom();');
    expect(r.status, show(r)).toBe('re');
    expect(r.exitCode).toBe(1);
    expect(r.message).toMatch(/Error: boom/);
    expect(r.message).toMatch(/solution\.ts:3:9/);
  });

  it('RE: a non-zero exit code', async () => {
    const r = await judge.run('console.log("partial"); process.exitCode = 2;');
    expect(r.status, show(r)).toBe('re');
    expect(r.exitCode).toBe(2);
    const r2 = await judge.run('process.exit(4);');
    expect(r2.status).toBe('re');
    expect(r2.exitCode).toBe(4);
  });

  it('RE: stack overflow, not MLE', async () => {
    const r = await judge.run('function f(n: number): number { return f(n + 1) + 1; }\nconsole.log(f(0));');
    expect(r.status, show(r)).toBe('re');
    expect(r.message).toMatch(/Maximum call stack size exceeded/);
  });

  it('RE: an unhandled promise rejection', async () => {
    const r = await judge.run('async function main() { throw new RangeError("late"); }\nmain();');
    expect(r.status, show(r)).toBe('re');
    expect(r.message).toMatch(/RangeError: late/);
  });

  it('RE: an error thrown in a callback', async () => {
    const r = await judge.run('setTimeout(() => { (null as any).x; }, 1);');
    expect(r.status, show(r)).toBe('re');
    expect(r.message).toMatch(/TypeError: Cannot read properties of null/);
  });

  it('OLE: output past 64 MiB is cut there', async () => {
    const r = await judge.run('const line = "x".repeat(1 << 20) + "\\n"; for (let i = 0; i < 100; i++) process.stdout.write(line);');
    expect(r.status, show(r)).toBe('ole');
    expect(r.stdout.length).toBe(64 * 1024 * 1024);
  });

  it('process.exit(0) mid-output ends the run normally with the output so far', async () => {
    const r = await judge.run('console.log(1); console.log(2); process.exit(0); console.log(3);');
    expect(r.status, show(r)).toBe('ok');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('1\n2\n');
  });

  it('process.exit(0) inside a try block still ends the program', async () => {
    const r = await judge.run('try { console.log("a"); process.exit(0); } catch (e) { console.log("caught"); }\nconsole.log("after");');
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toBe('a\n');
  });

  it('recursion to depth 10^6 works', async () => {
    const r = await judge.run('function depth(n: number): number { return n === 0 ? 0 : 1 + depth(n - 1); }\nconsole.log(depth(1_000_000));');
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toBe('1000000\n');
  });

  it('memoised SG recursion to depth 10^6 works', async () => {
    // Subtraction game {1, 2}: g(n) = mex{g(n-1), g(n-2)} = n mod 3, computed top-down.
    const r = await judge.run(
      `const memo = new Int8Array(1_000_001).fill(-1);
       function g(n: number): number {
         if (n < 0) return -1;
         if (memo[n] >= 0) return memo[n];
         const a = g(n - 1), b = g(n - 2);
         let m = 0; while (m === a || m === b) m++;
         return (memo[n] = m);
       }
       console.log(g(1_000_000));`,
    );
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toBe('1\n');
  });

  it('each test runs in fresh globals: pollution in test 1 is not visible in test 2', async () => {
    await judge.load(
      `import * as fs from 'fs';
       const mode = fs.readFileSync(0, 'utf8').trim();
       if (mode === 'pollute') {
         (Array.prototype as any).sum = function () { return 42; };
         Object.prototype.toString = () => 'hacked';
         (globalThis as any).leak = 'secret';
         Math.max = () => -1;
         (process as any).flag = true;
         console.log('polluted');
       } else {
         console.log(typeof (Array.prototype as any).sum, String({}), typeof (globalThis as any).leak, Math.max(1, 2), (process as any).flag);
       }`,
    );
    const first = await judge.sandbox.run('pollute\n');
    expect(first.stdout).toBe('polluted\n');
    const second = await judge.sandbox.run('check\n');
    expect(second.stdout).toBe('undefined [object Object] undefined 2 undefined\n');
  });

  it('a crashed or stopped sandbox is replaced and the next run works', async () => {
    await judge.load(SUM);
    const before = await judge.sandbox.run('1 1\n');
    expect(before.stdout).toBe('2\n');
    const crash = await judge.run('const a = new Array(1e8).fill(0);', '', { memoryMb: 64 });
    // What is tested here is the replacement. The verdict of the crash itself (MLE, checked above)
    // can be TLE when a starved machine lets the wall clock run out first.
    expect(['mle', 'tle'], show(crash)).toContain(crash.status);
    const tle = await judge.run('while (true) {}', '', { timeMs: 100 });
    expect(tle.status).toBe('tle');
    const after = await judge.run(SUM, '4 5\n');
    expect(after.status, show(after)).toBe('ok');
    expect(after.stdout).toBe('9\n');
  });

  it('after a stopped run, the next test of the same program still runs', async () => {
    await judge.load(`import * as fs from 'fs';\nif (fs.readFileSync(0, 'utf8').trim() === 'loop') while (true) {}\nconsole.log('done');`, { timeMs: 150 });
    expect((await judge.sandbox.run('loop\n')).status).toBe('tle');
    const r = await judge.sandbox.run('stop\n');
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toBe('done\n');
  });

  it('runBatch runs many inputs, each in a fresh context, in order', async () => {
    await judge.load(`import * as fs from 'fs';\nconst n = Number(fs.readFileSync(0, 'utf8'));\n(globalThis as any).count = ((globalThis as any).count ?? 0) + 1;\nif (n === 7) while (true) {}\nconsole.log(n * n, (globalThis as any).count);`, { timeMs: 100 });
    const inputs = Array.from({ length: 100 }, (_, i) => `${i}\n`);
    const results = await judge.sandbox.runBatch(inputs);
    expect(results).toHaveLength(100);
    results.forEach((r, i) => {
      if (i === 7) expect(r.status).toBe('tle');
      else expect(r.stdout, `input ${i}`).toBe(`${i * i} 1\n`);
    });
  });

  it('after release the same program still runs, and the next program loads', async () => {
    await judge.load(`console.log('first');`);
    judge.sandbox.release();
    const again = await judge.sandbox.run('');
    expect(again.stdout, show(again)).toBe('first\n');
    judge.sandbox.release();
    const next = await judge.run(`console.log('second');`);
    expect(next.stdout, show(next)).toBe('second\n');
  });

  it('reports CPU time of the solution only, consistently', async () => {
    await judge.load('let s = 0; for (let i = 0; i < 1e7; i++) s = (s + i * i) % 1000003; console.log(s);');
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await judge.sandbox.run('');
      expect(r.status).toBe('ok');
      times.push(r.timeMs);
    }
    for (const t of times) expect(t).toBeGreaterThan(2);
    // Start-up of the process or worker is not in it: a trivial program takes well under 20 ms.
    const trivial = await judge.run('console.log(1);');
    expect(trivial.timeMs).toBeLessThan(20);
  });
});
