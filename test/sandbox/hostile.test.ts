import { describe, expect, it } from 'vitest';
import { show, useJudge } from './harness';

/**
 * Programs that go after the judge's own machinery rather than out of the sandbox: code that runs
 * on after the program asked to end, the runtime's private state, built-ins the runtime relies on,
 * and output sizes that strain the output cutter. Each one's verdict is the one a user would expect
 * from Node (or, for code after a swallowed exit, the limit it breaks), never IE.
 */

/** Spins for about `ms` of wall time (CPU time when the machine is quiet). */
/**
 * A loop that never ends. (A wall-clock spin of a fixed length once stood here: on a loaded machine
 * it waits for a core and uses less CPU than the limit, and CPU time is what decides TLE.)
 */
const spin = () => '{ let x = 0; for (;;) x++; }';

describe('code after the program asked to end is still watched', () => {
  const judge = useJudge();

  it('a caught process.exit followed by a long loop is TLE', async () => {
    const r = await judge.run(`console.log(1);\ntry { process.exit(0); } catch {}\n${spin()}`, '', { timeMs: 500 });
    expect(r.status, show(r)).toBe('tle');
  });

  it('a caught process.exit followed by allocating far past the limit is MLE', async () => {
    const r = await judge.run(`console.log(1);\ntry { process.exit(0); } catch {}\nconst keep: Uint8Array[] = [];\nfor (let i = 0; i < 40; i++) keep.push(new Uint8Array(16 << 20).fill(1));\nconsole.log(keep.length);`, '', { timeMs: 5000, memoryMb: 128 });
    expect(r.status, show(r)).toBe('mle');
  });

  it('a caught process.exit followed by a long microtask is TLE', async () => {
    const r = await judge.run(`console.log(1);\ntry { process.exit(0); } catch {}\nPromise.resolve().then(() => ${spin()});`, '', { timeMs: 500 });
    expect(r.status, show(r)).toBe('tle');
  });

  it('a replaced process.exit followed by a long loop is TLE', async () => {
    const r = await judge.run(`(process as any).exit = () => {};\nconsole.log(1);\n(process as any).exit(0);\n${spin()}`, '', { timeMs: 500 });
    expect(r.status, show(r)).toBe('tle');
  });

  it("a long 'exit' listener is TLE", async () => {
    const r = await judge.run(`process.on('exit', () => ${spin()});\nconsole.log(1);`, '', { timeMs: 500 });
    expect(r.status, show(r)).toBe('tle');
  });

  it('the judge still judges correctly after each of them', async () => {
    const r = await judge.run('console.log(6 * 7);');
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toBe('42\n');
  });
});

describe("the runtime's private state is out of reach", () => {
  const judge = useJudge();

  it('streams, timers and immediates have no env (or any other way to the bridge)', async () => {
    const r = await judge.run(`
      const t: any = setTimeout(() => {}, 1);
      const i: any = setImmediate(() => {});
      console.log([(process.stdin as any).env, (process.stdout as any).env, (process.stderr as any).env, t.env, i.env].map(String).join(','));`);
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toBe('undefined,undefined,undefined,undefined,undefined\n');
  });

  it('no object reachable from what the runtime hands out is the bridge to the worker', async () => {
    // Walks data properties and prototypes (never getters) from every Node object a program gets.
    const r = await judge.run(`
      import * as fs from 'fs';
      import * as readline from 'readline';
      import * as util from 'util';
      import * as events from 'events';
      import * as assert from 'assert';
      import * as timers from 'timers';
      import { StringDecoder } from 'string_decoder';
      const sd = new StringDecoder('utf8'); sd.write(Buffer.from([0xc3]));
      const td = new TextDecoder(); td.decode(new Uint8Array([0xc3]), { stream: true });
      process.stdin.setEncoding('utf8');
      const rl = readline.createInterface({ input: process.stdin });
      const roots: [string, unknown][] = [['process', process], ['console', console], ['fs', fs], ['readline', readline], ['rl', rl], ['util', util],
        ['events', events], ['assert', assert], ['timers', timers], ['sd', sd], ['td', td], ['te', new TextEncoder()], ['buffer', Buffer.from('x')],
        ['timeout', setTimeout(() => {}, 1)], ['interval', setInterval(() => {}, 1000)], ['immediate', setImmediate(() => {})], ['performance', performance],
        ['require', require], ['module', module], ['global', globalThis]];
      const seen = new Set<unknown>();
      const found: string[] = [];
      // The run's end (verdict and output), the runtime's shared state, its event loop, its output.
      const has = (o: any, k: string) => Object.prototype.hasOwnProperty.call(o, k);
      const bridgeLike = (o: any) => has(o, 'finish') || (has(o, 'host') && has(o, 'loop')) || (has(o, 'tasks') && has(o, 'refs')) || (has(o, 'stdout') && has(o, 'units'));
      const walk = (path: string, v: unknown, depth: number) => {
        if ((typeof v !== 'object' && typeof v !== 'function') || v === null || seen.has(v) || depth > 12) return;
        seen.add(v);
        if (bridgeLike(v)) found.push(path);
        for (const key of Reflect.ownKeys(v as object)) {
          const d = Object.getOwnPropertyDescriptor(v, key);
          if (d && 'value' in d) walk(path + '.' + String(key), d.value, depth + 1);
        }
        walk(path + '.__proto__', Object.getPrototypeOf(v), depth + 1);
      };
      for (const [name, v] of roots) walk(name, v, 0);
      console.log(seen.size > 200 ? 'walked' : 'too few: ' + seen.size, found.join(' ') || 'none');
      rl.close();
      process.exit(0);`);
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toBe('walked none\n');
  });
});

describe("the runtime uses the built-ins it captured, not the program's", () => {
  const judge = useJudge();

  it('process.listenerCount = 0 is harmless (AC, as in Node)', async () => {
    const r = await judge.run(`(process as any).listenerCount = 0;\nprocess.on('beforeExit', () => {});\nconsole.log('x');`);
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toBe('x\n');
  });

  it('a throwing EventEmitter.prototype.listenerCount and an uncaught error is RE, not IE', async () => {
    const r = await judge.run(`import { EventEmitter } from 'events';\n(EventEmitter.prototype as any).listenerCount = () => { throw new Error('patched'); };\nthrow new Error('boom');`);
    expect(r.status, show(r)).toBe('re');
    expect(r.message).toMatch(/boom/);
  });

  it('a replaced Function.prototype.call and a string rejection is RE, not IE', async () => {
    const r = await judge.run(`(Function.prototype as any).call = () => { throw new Error('patched'); };\nPromise.reject('nope');`);
    expect(r.status, show(r)).toBe('re');
    expect(r.message).toMatch(/nope/);
  });

  it('patched iterators (Map, Set, Array, String) do not stall a correct program', async () => {
    const r = await judge.run(
      `
      const forever = function () { return { done: false, value: [1, 1] }; };
      for (const make of [() => new Map().entries(), () => new Set().values(), () => [][Symbol.iterator](), () => ''[Symbol.iterator]()]) Object.getPrototypeOf(make()).next = forever;
      let sum = 0;
      process.stdin.on('data', (chunk: any) => { const s = String(chunk); for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 49) sum++; });
      process.stdin.on('end', () => {
        setTimeout(() => { setImmediate(() => { process.stdout.write(sum + '\\n'); console.log('done'); }); }, 1);
      });`,
      '1 1 1\n',
      { timeMs: 2000 },
    );
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toBe('3\ndone\n');
  });

  it('patched Array, JSON, String and Promise built-ins do not break the runtime', async () => {
    const r = await judge.run(`
      (Array.prototype as any).push = () => { throw new Error('push'); };
      (Array.prototype as any).join = () => 'joined';
      (Array as any).isArray = () => { throw new Error('isArray'); };
      (JSON as any).parse = () => { throw new Error('parse'); };
      (String.prototype as any).slice = () => 'sliced';
      Object.defineProperty(Promise, Symbol.hasInstance, { value: () => { throw new Error('instanceof'); } });
      (Promise.prototype as any).then = function () { throw new Error('then'); };
      setTimeout(() => process.stdout.write('a\\n'), 1);
      queueMicrotask(() => process.stdout.write('c\\n'));
      process.stdout.write('b\\n');
      process.stderr.write('e\\n');
      const m = process.memoryUsage();
      process.hrtime(process.hrtime());
      if (!(m.rss > 0)) throw new Error('no memory reading');`);
    expect(r.status, show(r)).toBe('ok');
    expect(r.stdout).toBe('b\nc\na\n');
  });
});

describe('exit codes and big writes', () => {
  const judge = useJudge();

  it('process.exitCode = 256 exits with status 0 (AC, as in Node)', async () => {
    const r = await judge.run('process.exitCode = 256;\nconsole.log(1);');
    expect(r.status, show(r)).toBe('ok');
    expect(r.exitCode).toBe(0);
  });

  it('process.exit(257) exits with status 1', async () => {
    const r = await judge.run('process.exit(257);');
    expect(r.status, show(r)).toBe('re');
    expect(r.exitCode).toBe(1);
  });

  it('a single 70 MiB write is OLE, with exactly the limit kept', async () => {
    const r = await judge.run("process.stdout.write('x'.repeat(70 << 20));", '', { memoryMb: 256 });
    expect(r.status, show(r)).toBe('ole');
    expect(r.stdout.length).toBe(64 << 20);
  });

  it('a single 70 MiB write of two-byte characters is OLE, cut at a character boundary', async () => {
    const r = await judge.run("process.stdout.write('é'.repeat(35 << 20));", '', { memoryMb: 256 });
    expect(r.status, show(r)).toBe('ole');
    expect(r.stdout.length).toBe(32 << 20);
    expect(r.stdout.endsWith('é')).toBe(true);
  });
});
