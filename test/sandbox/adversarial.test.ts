import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { show, useJudge } from './harness';

/**
 * Hostile programs try each way out of the sandbox. Every test checks the verdict AND that nothing
 * leaked or changed outside: no secret in the output, no file created, no connection made, and the
 * judge still judging.
 */

// A secret in the judge's environment (set before the sandbox process starts).
const SECRET = `sg-secret-${process.pid}-${Date.now()}`;
process.env.SG_JUDGE_SECRET = SECRET;

const dir = mkdtempSync(path.join(os.tmpdir(), 'sg-adversarial-'));
const secretFile = path.join(dir, 'judge.db');
const target = path.join(dir, 'written-by-solution.txt');
const repo = path.resolve(__dirname, '..', '..');

let server: net.Server;
let port = 0;
let connections = 0;

beforeAll(async () => {
  writeFileSync(secretFile, `SQLite format 3\0${SECRET}`);
  server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('the sandbox holds against hostile programs', () => {
  const judge = useJudge();

  /** Nothing of ours in the output, nothing written, nobody connected. */
  function expectNothingLeaked(...outputs: string[]) {
    for (const out of outputs) {
      expect(out).not.toContain(SECRET);
      expect(out).not.toMatch(/root:x:0:0/);
    }
    expect(existsSync(target)).toBe(false);
    expect(connections).toBe(0);
  }

  /** And the judge still judges: a normal program right after gets its right answer. */
  async function expectStillServing() {
    expectNothingLeaked();
    const ok = await judge.run('import * as fs from "fs"; console.log(fs.readFileSync(0, "utf8").trim().split(" ").map(Number).reduce((a, b) => a + b));', '20 22\n');
    expect(ok.status, show(ok)).toBe('ok');
    expect(ok.stdout).toBe('42\n');
  }

  // These see the runtime's refusal, which comes first; that Node's permission model behind it
  // refuses the same things is checked on the sandbox process's own flags in layers.test.ts.
  it('cannot read files: /etc/passwd, the database, test data, reference solvers', async () => {
    const files = ['/etc/passwd', secretFile, path.join(repo, 'problems/nim/samples/1.ans'), path.join(repo, 'reference/nim/fast.ts'), '/proc/self/environ', '/proc/1/environ', '../../etc/passwd', 'problems/nim/samples/1.ans'];
    for (const file of files) {
      const r = await judge.run(`import * as fs from 'fs';\nconsole.log(fs.readFileSync(${JSON.stringify(file)}, 'utf8'));`);
      expect(r.status, `${file}: ${show(r)}`).toBe('re');
      expect(r.message).toMatch(/ERR_ACCESS_DENIED|Access to this API has been restricted/);
      expectNothingLeaked(r.stdout, r.stderr, r.message ?? '');
    }
    await expectStillServing();
  });

  it('cannot read files through other fs calls or streams', async () => {
    const r = await judge.run(`
      import * as fs from 'fs';
      const tries: string[] = [];
      const attempt = (name: string, f: () => unknown) => { try { const v = f(); tries.push(name + ':GOT:' + String(v).slice(0, 80)); } catch (e: any) { tries.push(name + ':' + e.code); } };
      attempt('readdir', () => fs.readdirSync('/'));
      attempt('open', () => fs.openSync('/etc/passwd', 'r'));
      attempt('stream', () => fs.createReadStream('/etc/passwd'));
      attempt('exists', () => fs.existsSync(${JSON.stringify(secretFile)}));
      attempt('stat', () => fs.statSync('/etc/passwd').size);
      attempt('realpath', () => fs.realpathSync('/'));
      attempt('promises', () => { fs.promises.readFile('/etc/passwd').then((x) => console.log('LEAK', String(x)), () => {}); return 'pending'; });
      console.log(tries.join('\\n'));`);
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toMatch(/readdir:ERR_ACCESS_DENIED/);
    expect(r.stdout).toMatch(/open:ERR_ACCESS_DENIED/);
    expect(r.stdout).toMatch(/stream:ERR_ACCESS_DENIED/);
    expect(r.stdout).toMatch(/exists:GOT:false/);
    expect(r.stdout).not.toMatch(/LEAK/);
    expectNothingLeaked(r.stdout, r.stderr);
    await expectStillServing();
  });

  it('cannot write files', async () => {
    for (const source of [
      `import * as fs from 'fs';\nfs.writeFileSync(${JSON.stringify(target)}, 'x');`,
      `import * as fs from 'fs';\nfs.appendFileSync(${JSON.stringify(target)}, 'x');`,
      `import * as fs from 'fs';\nfs.mkdirSync(${JSON.stringify(path.join(dir, 'sub'))});`,
      `import * as fs from 'fs';\nfs.createWriteStream(${JSON.stringify(target)}).write('x');`,
    ]) {
      const r = await judge.run(source);
      expect(r.status, show(r)).toBe('re');
      expect(existsSync(path.join(dir, 'sub'))).toBe(false);
      expectNothingLeaked(r.stdout, r.stderr);
    }
    await expectStillServing();
  });

  it('the Function-constructor escape reaches nothing (code generation from strings is off)', async () => {
    for (const expr of [
      `(this as any).constructor.constructor('return process')()`,
      `({}).constructor.constructor('return process')()`,
      `Function('return globalThis.process')()`,
      `(async function () {}).constructor('return process')()`,
      `(function* () {}).constructor('yield process')().next().value`,
      `eval('process')`,
      `new (Object.getPrototypeOf(console.log).constructor)('return process')()`,
      `(process.stdout as any).constructor.constructor('return process')()`,
      `(require as any).constructor('return process')()`,
    ]) {
      const r = await judge.run(`const p: any = ${expr};\nconsole.log(JSON.stringify(p.env), p.pid, typeof p.binding === 'function' && p.binding('fs'));`);
      expect(r.status, `${expr}: ${show(r)}`).toBe('re');
      expect(r.message).toMatch(/EvalError: Code generation from strings disallowed/);
      expectNothingLeaked(r.stdout, r.stderr);
    }
    await expectStillServing();
  });

  it('process.binding, process.dlopen, module loading and dynamic import are refused', async () => {
    for (const expr of [
      `(process as any).binding('fs')`,
      `(process as any)._linkedBinding('fs')`,
      `(process as any).dlopen({}, '/lib/x.so')`,
      `require('child_process')`,
      `require('node:child_process')`,
      `require('worker_threads')`,
      `require('vm')`,
      `require('module')`,
      `require('v8')`,
      `require('os')`,
      `require('inspector')`,
      `require('/etc/passwd')`,
      `require('../../server/db')`,
      `(require as any).main.require('child_process')`,
      `(module as any).constructor._load('child_process')`,
      `(process as any).mainModule.require('child_process')`,
      `await import('child_process')`,
    ]) {
      const r = await judge.run(`const m: any = ${expr};\nconsole.log('GOT', typeof m);`);
      expect(r.status, `${expr}: ${show(r)}`).toBe('re');
      expect(r.stdout).not.toMatch(/GOT/);
      expectNothingLeaked(r.stdout, r.stderr);
    }
    await expectStillServing();
  });

  it('no object of the judge is reachable: globals, errors, stack frames (prepareStackTrace)', async () => {
    const r = await judge.run(`
      import * as fs from 'fs';
      import * as readline from 'readline';
      const foreign: string[] = [];
      const seen = new Set<unknown>();
      // An object or function whose prototype chain does not end at this context's Object.prototype.
      const check = (name: string, v: unknown, depth = 0) => {
        if ((typeof v !== 'object' && typeof v !== 'function') || v === null || seen.has(v)) return;
        seen.add(v);
        let p: unknown = v;
        while (p !== null && p !== Object.prototype) p = Object.getPrototypeOf(p);
        if (p === null && Object.getPrototypeOf(v) !== null && !(v instanceof Object)) foreign.push(name);
        if (depth < 2) for (const k of Object.getOwnPropertyNames(v)) {
          let x: unknown;
          try { const d = Object.getOwnPropertyDescriptor(v, k)!; x = 'value' in d ? d.value : d.get; } catch { continue; }
          check(name + '.' + k, x, depth + 1);
        }
      };
      for (const k of Object.getOwnPropertyNames(globalThis)) check(k, (globalThis as any)[k]);
      check('require', require); check('module', module); check('exports', exports);
      const errors: [string, () => unknown][] = [
        ['fs', () => fs.readFileSync('/etc/passwd')], ['require', () => require('net')], ['kill', () => process.kill(1)],
        ['binding', () => (process as any).binding('fs')], ['write', () => process.stdout.write(5 as any)],
        ['json', () => JSON.parse('{')], ['bigint', () => BigInt('x')],
      ];
      for (const [name, f] of errors) { try { f(); } catch (e) { check('error:' + name, e); check('error-ctor:' + name, (e as any).constructor); } }
      // Stack frames of every kind of callback, with their this and function values.
      (Error as any).prepareStackTrace = (_e: unknown, frames: any[]) => frames;
      const frames = (label: string) => { for (const f of (new Error().stack as any)) { check(label + ':frame', f); check(label + ':this', f.getThis?.()); check(label + ':fn', f.getFunction?.()); } };
      frames('main');
      setTimeout(() => frames('timeout'), 1);
      setImmediate(() => frames('immediate'));
      process.nextTick(() => frames('tick'));
      Promise.resolve().then(() => frames('then'));
      const rl = readline.createInterface({ input: process.stdin });
      rl.on('line', () => frames('line'));
      rl.on('close', () => { frames('close'); process.on('exit', () => { frames('exit'); console.log(foreign.length === 0 ? 'clean' : 'FOREIGN ' + foreign.join(' ')); }); });
    `, 'a\nb\n');
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toBe('clean\n');
    expectNothingLeaked(r.stdout, r.stderr);
    await expectStillServing();
  });

  it('stack exhaustion inside runtime calls never hands the program an error of the worker realm', async () => {
    // At every stack depth near the limit (8-byte steps, via arguments passed on the stack), call
    // into the runtime and through it the host; every error caught must be one of the program's.
    const r = await judge.run(
      `let foreign = 0, caught = 0;
       function api(): void {
         for (const f of [() => Buffer.byteLength('x'), () => process.stdout.write(''), () => console.log('%s', ''), () => require('fs').readFileSync(0)]) {
           try { f(); } catch (e) { caught++; if (!(e instanceof Error)) foreign++; }
         }
       }
       function pad(..._args: unknown[]): void { api(); }
       const pads = Array.from({ length: 120 }, (_, k) => new Array(k).fill(0));
       function go(d: number, target: number, act: boolean): number {
         if (d < target) {
           try { return go(d + 1, target, act); } catch (e) { if (!(e instanceof Error)) foreign++; return -d; }
         }
         if (act) for (const args of pads) { try { pad.apply(null, args); } catch (e) { caught++; if (!(e instanceof Error)) foreign++; } }
         return d;
       }
       Buffer.byteLength('warm');
       const depth = -go(0, Infinity, false);
       for (let j = 0; j < 6; j++) go(0, depth - j, true);
       console.error('stack errors caught:', caught);
       console.log(foreign === 0 ? 'clean' : 'FOREIGN ' + foreign);`,
      '',
      { timeMs: 20_000, memoryMb: 64 },
    );
    expect(r.status, show(r)).toBe('ok');
    expect(r.stderr).toMatch(/stack errors caught: [1-9]/);
    expect(r.stdout.endsWith('clean\n'), show(r)).toBe(true);
    expectNothingLeaked(r.stdout, r.stderr);
    await expectStillServing();
  });

  it('cannot open network connections, even to the judge\'s own port', async () => {
    for (const source of [
      `const net = require('net');\nnet.connect(${port}, '127.0.0.1');`,
      `await fetch('http://127.0.0.1:${port}/');`,
      `require('http').get('http://127.0.0.1:${port}/');`,
      `new (globalThis as any).WebSocket('ws://127.0.0.1:${port}/');`,
      `require('dgram').createSocket('udp4');`,
    ]) {
      const r = await judge.run(source);
      expect(r.status, show(r)).toBe('re');
    }
    // Give a connection that slipped through time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expectNothingLeaked();
    await expectStillServing();
  });

  it('cannot signal the judge or any other process', async () => {
    for (const pid of [process.pid, process.ppid, 1, -1, 0]) {
      const r = await judge.run(`process.kill(${pid}, 'SIGKILL');\nconsole.log('sent');`);
      expect(r.status, show(r)).toBe('re');
      expect(r.stdout).not.toMatch(/sent/);
    }
    const abort = await judge.run('process.abort();');
    expect(abort.status).toBe('re');
    expectNothingLeaked();
    await expectStillServing();
  });

  it('sees none of the judge\'s environment', async () => {
    const r = await judge.run(`console.log(JSON.stringify(process.env), JSON.stringify(Object.keys(process.env)));\nconsole.log((process.env as any).SG_JUDGE_SECRET);`);
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toBe('{} []\nundefined\n');
    expectNothingLeaked(r.stdout, r.stderr);
    await expectStillServing();
  });

  it('fork bombs, thread bombs, timer, microtask and promise floods end in a verdict', async () => {
    const cases: [string, string[]][] = [
      [`const { fork } = require('child_process'); for (;;) fork('x');`, ['re']],
      [`const { Worker } = require('worker_threads'); for (;;) new Worker('x', { eval: true });`, ['re']],
      [`for (let i = 0; i < 1e6; i++) setTimeout(() => { for (;;) {} }, 0);`, ['tle', 'mle']],
      [`const f = (): any => queueMicrotask(f); f();`, ['tle']],
      // Each turn keeps a new promise alive a little longer than the last: out of time or out of
      // memory first, depending on how busy the machine is; both verdicts are right.
      [`const f = (): any => Promise.resolve().then(f); f();`, ['tle', 'mle']],
      [`const a: Promise<number>[] = []; for (;;) a.push(new Promise(() => {}));`, ['mle', 'tle']],
      [`const sab = new Int32Array(new SharedArrayBuffer(4)); Atomics.wait(sab, 0, 0);`, ['tle']],
    ];
    for (const [source, verdicts] of cases) {
      const r = await judge.run(source, '', { timeMs: 300, memoryMb: 128 });
      expect(verdicts, `${source}: ${show(r)}`).toContain(r.status);
    }
    expectNothingLeaked();
    await expectStillServing();
  });

  it('a huge output is cut at the limit, and does not take the judge down', async () => {
    const r = await judge.run(`const s = 'y'.repeat(1 << 16); for (;;) console.log(s);`);
    expect(r.status, show(r)).toBe('ole');
    expect(r.stdout.length).toBeLessThanOrEqual(64 * 1024 * 1024);
    expectNothingLeaked();
    await expectStillServing();
  });

  it('tampering with the context\'s built-ins only breaks the program itself', async () => {
    const r = await judge.run(`
      const realApply = Reflect.apply;
      let handed: unknown[] = [];
      Reflect.apply = ((f: any, t: any, a: any) => { handed.push(f); return realApply(f, t, a); }) as any;
      Object.defineProperty(Object.prototype, 'then', { get() { throw new Error('poisoned then'); }, configurable: true });
      (Array.prototype as any)[Symbol.iterator] = function* () { yield 'evil'; };
      Promise.prototype.then = function () { throw new Error('no then'); } as any;
      JSON.stringify = () => 'evil';
      console.log('still printing', { a: 1 });
      setTimeout(() => {
        const foreign = handed.filter((f) => typeof f === 'function' && !(f instanceof Function));
        console.log(foreign.length === 0 ? 'clean' : 'FOREIGN');
      }, 1);`);
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toBe('still printing { a: 1 }\nclean\n');
    expectNothingLeaked(r.stdout, r.stderr);
    await expectStillServing();
  });

  it('the secret file is untouched and the test data unchanged', () => {
    expect(readFileSync(secretFile, 'utf8')).toContain(SECRET);
    expect(readFileSync(path.join(repo, 'problems/nim/samples/1.in'), 'utf8').length).toBeGreaterThan(0);
  });
});
