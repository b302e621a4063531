import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sampled } from '../helpers/shard';
import { show, useJudge } from './harness';

/**
 * A program may replace any built-in and restore nothing; the runtime's own code (console,
 * streams, readline, require, events, the error report) must keep working on the originals it
 * captured before the program ran. Each case patches one built-in (with a function that throws,
 * or one that returns garbage), then does ordinary I/O. Its verdict is compared with real Node on
 * the same compiled program and input: the judge never answers IE, and where Node exits cleanly
 * (AC) or with an error (RE), the sandbox does the same with the same standard output.
 */

const THROW = `function () { throw new Error('patched built-in called'); }`;
const GARBAGE = `function () { return 'garbage'; }`;

/** [name, statement that patches it]. */
const PATCHES: [string, string][] = [
  ...['push', 'pop', 'shift', 'unshift', 'slice', 'splice', 'join', 'map', 'forEach', 'filter', 'indexOf', 'includes', 'concat', 'reduce', 'some', 'every', 'reverse', 'fill', 'keys'].map(
    (m): [string, string] => [`Array.prototype.${m}`, `(Array.prototype as any).${m} = ${THROW};`],
  ),
  ['Array.prototype.join (garbage)', `(Array.prototype as any).join = ${GARBAGE};`],
  ['Array.prototype.slice (garbage)', `(Array.prototype as any).slice = ${GARBAGE};`],
  ['Array.prototype[Symbol.iterator]', `(Array.prototype as any)[Symbol.iterator] = ${THROW};`],
  ['ArrayIterator.next', `Object.getPrototypeOf([][Symbol.iterator]()).next = ${THROW};`],
  ['Array.isArray', `(Array as any).isArray = ${THROW};`],
  ['Array.from', `(Array as any).from = ${THROW};`],
  ...['split', 'slice', 'substring', 'indexOf', 'lastIndexOf', 'charCodeAt', 'codePointAt', 'replace', 'replaceAll', 'trim', 'trimEnd', 'startsWith', 'endsWith', 'padStart', 'repeat', 'toLowerCase', 'includes', 'match', 'normalize'].map(
    (m): [string, string] => [`String.prototype.${m}`, `(String.prototype as any).${m} = ${THROW};`],
  ),
  ['String.prototype.split (garbage)', `(String.prototype as any).split = ${GARBAGE};`],
  ['String.prototype[Symbol.iterator]', `(String.prototype as any)[Symbol.iterator] = ${THROW};`],
  ['String.fromCharCode', `(String as any).fromCharCode = ${THROW};`],
  ...['keys', 'entries', 'values', 'assign', 'getOwnPropertyNames', 'getOwnPropertyDescriptor', 'getPrototypeOf', 'create', 'freeze'].map((m): [string, string] => [`Object.${m}`, `(Object as any).${m} = ${THROW};`]),
  ['Object.setPrototypeOf', `(Object as any).setPrototypeOf = ${THROW};`],
  ['Object.defineProperty', `(Object as any).defineProperty = ${THROW};`],
  ['Object.prototype.hasOwnProperty', `(Object.prototype as any).hasOwnProperty = ${THROW};`],
  ['Object.prototype.toString', `(Object.prototype as any).toString = ${THROW};`],
  ['JSON.stringify', `(JSON as any).stringify = ${THROW};`],
  ['JSON.parse', `(JSON as any).parse = ${THROW};`],
  ...['get', 'set', 'has', 'delete', 'forEach', 'keys', 'values', 'entries'].map((m): [string, string] => [`Map.prototype.${m}`, `(Map.prototype as any).${m} = ${THROW};`]),
  ['Map.prototype[Symbol.iterator]', `(Map.prototype as any)[Symbol.iterator] = ${THROW};`],
  ['MapIterator.next', `Object.getPrototypeOf(new Map().entries()).next = ${THROW};`],
  ...['add', 'has', 'delete', 'values'].map((m): [string, string] => [`Set.prototype.${m}`, `(Set.prototype as any).${m} = ${THROW};`]),
  ['Set.prototype[Symbol.iterator]', `(Set.prototype as any)[Symbol.iterator] = ${THROW};`],
  ['Promise.prototype.then', `(Promise.prototype as any).then = ${THROW};`],
  ['Promise.resolve', `(Promise as any).resolve = ${THROW};`],
  ['Function.prototype.apply', `(Function.prototype as any).apply = ${THROW};`],
  ['Function.prototype.call', `(Function.prototype as any).call = ${THROW};`],
  ['Function.prototype.bind', `(Function.prototype as any).bind = ${THROW};`],
  ['Function.prototype.toString', `(Function.prototype as any).toString = ${THROW};`],
  ['RegExp.prototype.exec', `(RegExp.prototype as any).exec = ${THROW};`],
  ['RegExp.prototype.test', `(RegExp.prototype as any).test = ${THROW};`],
  ['RegExp.prototype[Symbol.replace]', `(RegExp.prototype as any)[Symbol.replace] = ${THROW};`],
  ['RegExp.prototype[Symbol.split]', `(RegExp.prototype as any)[Symbol.split] = ${THROW};`],
  ['Number.prototype.toString', `(Number.prototype as any).toString = ${THROW};`],
  ['Math.min', `(Math as any).min = ${THROW};`],
  ['Math.max', `(Math as any).max = ${THROW};`],
  ['Reflect.apply', `(Reflect as any).apply = ${THROW};`],
  ['Reflect.ownKeys', `(Reflect as any).ownKeys = ${THROW};`],
  ['Symbol.for', `(Symbol as any).for = ${THROW};`],
  ['Uint8Array.prototype.subarray', `(Uint8Array.prototype as any).subarray = ${THROW};`],
  ['Uint8Array.prototype.set', `(Uint8Array.prototype as any).set = ${THROW};`],
  ['TextDecoder.prototype.decode', `(TextDecoder.prototype as any).decode = ${THROW};`],
  ['TextEncoder.prototype.encode', `(TextEncoder.prototype as any).encode = ${THROW};`],
  ['Error.captureStackTrace', `(Error as any).captureStackTrace = ${THROW};`],
  ['WeakMap.prototype.get', `(WeakMap.prototype as any).get = ${THROW};`],
  ['WeakMap.prototype.set', `(WeakMap.prototype as any).set = ${THROW};`],
];

const INPUT = '3\n1 2 3\nhello world\n';

/**
 * Reads its input line by line with readline (loaded after the patch), prints a number, a string,
 * an array and an object with console.log, writes with process.stdout.write and ends with
 * process.exit(0).
 */
const withReadline = (patch: string) => `${patch}
const readline = require('readline');
const rl = readline.createInterface({ input: process.stdin });
let lines = 0;
let chars = 0;
rl.on('line', (line: string) => { lines++; chars += line.length; });
rl.on('close', () => {
  console.log(lines);
  console.log(chars);
  console.log('some text');
  console.log([1, 2, 3]);
  console.log({ a: 1, b: 'two', c: [3] });
  process.stdout.write('written\\n');
  process.exit(0);
});
`;

/** Reads all of its input with fs.readFileSync(0), prints it, then throws (the RE path). */
const withReadFile = (patch: string) => `${patch}
const fs = require('fs');
const data: string = fs.readFileSync(0, 'utf8');
console.log(data.length);
console.log('text', 42);
process.stdout.write('written\\n');
throw new Error('the program gives up');
`;

/**
 * Reads standard input through 'data' and 'end' events and passes what it learns through an
 * EventEmitter of its own (on, once, emit with arguments), then prints.
 */
const withStdinEvents = (patch: string) => `${patch}
const { EventEmitter } = require('events');
const bus = new EventEmitter();
let total = 0;
let chunks = 0;
bus.on('chunk', (n: number) => { total += n; });
bus.on('chunk', () => { chunks++; });
bus.once('done', (label: string) => { console.log(label, total, chunks > 0); console.log(['x', 'y']); });
process.stdin.on('data', (chunk: any) => bus.emit('chunk', chunk.length));
process.stdin.on('end', () => { bus.emit('done', 'bytes'); process.stdout.write('end\\n'); });
`;

/** Timers, immediates, ticks, microtasks, await and an 'exit' listener, each printing in turn. */
const withScheduling = (patch: string) => `${patch}
process.on('exit', (code: number) => { process.stdout.write('exit ' + code + '\\n'); });
setTimeout(() => {
  console.log('timeout');
  // From a timer, an immediate runs before any later timer: the order is fixed.
  setImmediate(() => console.log('immediate'));
  const t = setInterval(() => { console.log('interval'); clearInterval(t); }, 1);
}, 1);
process.nextTick(() => console.log('tick'));
queueMicrotask(() => console.log('microtask'));
(async () => { await null; console.log('awaited'); })();
console.log('main');
`;

interface Outcome {
  stdout: string;
  exit: number | null;
}

const work = mkdtempSync(path.join(tmpdir(), 'sg-patched-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let serial = 0;

interface Verdict {
  verdict: string;
  stdout: string;
}

const verdictOf = (o: Outcome): Verdict => ({ verdict: o.exit === 0 ? 'ok' : 're', stdout: o.stdout });
const sameAs = (a: Verdict, b: Verdict) => a.verdict === b.verdict && a.stdout === b.stdout;

/**
 * Real Node on the compiled program, as test/sandbox/differential.test.ts runs it, except that the
 * wrapper calls the program through originals it took first: the program's patch must not break
 * the wrapper, only what Node itself does.
 */
function runNode(js: string, input: string): Promise<Outcome> {
  const n = serial++;
  const file = path.join(work, `p${n}.cjs`);
  const inputFile = path.join(work, `p${n}.in`);
  writeFileSync(
    file,
    `const __apply = Reflect.apply, __then = Promise.prototype.then, __tick = process.nextTick;\nconst __f = ${js};\n__apply(__then, __apply(__f, module.exports, [module.exports, require, module, __filename, __dirname]), [undefined, (e) => __apply(__tick, process, [() => { throw e; }])]);\n`,
  );
  writeFileSync(inputFile, input);
  return new Promise((resolve, reject) => {
    const script = 'cat "$1" | "$2" "$3" 2>/dev/null | cat; exit "${PIPESTATUS[1]}"';
    const child = spawn('/bin/bash', ['-c', script, 'bash', inputFile, process.execPath, file], { cwd: work, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'inherit'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout: Buffer.concat(out).toString('utf8'), exit: code }));
  });
}

/**
 * Runs `source` (a patch on its first line, then a program) in the judge and in real Node: the
 * judge must not answer IE, and must give Node's verdict and standard output, or, where the patch
 * broke Node itself, the outcome of the unpatched program.
 */
async function expectNodeVerdict(judge: ReturnType<typeof useJudge>, name: string, source: string): Promise<void> {
  const compiled = await judge.compiler.compile(source);
  if (!compiled.ok) throw new Error(`does not compile:\n${compiled.diagnostics}`);
  // Real Node runs beside the sandbox: two processes, two cores, half the wait.
  const [r, nodeOutcome] = await Promise.all([
    judge.sandbox.load(compiled.js, { timeMs: 10_000, memoryMb: 256, outputBytes: 1 << 20 }).then(() => judge.sandbox.run(INPUT)),
    runNode(compiled.js, INPUT),
  ]);
  if (process.env.PATCHED_DEBUG) console.log(name, r.status, JSON.stringify(r.stdout), r.stderr);
  expect(r.status, show(r)).not.toBe('ie');
  const sandbox = { verdict: r.status, stdout: r.stdout };
  const node = verdictOf(nodeOutcome);
  if (sameAs(sandbox, node)) return;
  // Node is not hardened against every patch either: where the patch broke Node itself (its
  // outcome differs from the unpatched program's), the sandbox may instead give the outcome the
  // program would have had without the patch.
  const clean = await judge.compiler.compile(source.replace(/^.*\n/, ''));
  if (!clean.ok) throw new Error(`does not compile without the patch:\n${clean.diagnostics}`);
  const unpatched = verdictOf(await runNode(clean.js, INPUT));
  const detail = `\nsandbox: ${JSON.stringify(sandbox)}\nnode: ${JSON.stringify(node)}\nnode without the patch: ${JSON.stringify(unpatched)}\n${show(r)}`;
  expect(!sameAs(node, unpatched) && sameAs(sandbox, unpatched), `the sandbox agrees neither with Node nor (where the patch broke Node) with the unpatched program${detail}`).toBe(true);
}

describe('a program that patches a built-in gets the verdict Node gives it', () => {
  const judge = useJudge();

  it(`covers many built-ins (${PATCHES.length})`, () => {
    expect(PATCHES.length).toBeGreaterThanOrEqual(25);
  });

  const cases = PATCHES.flatMap(([name, patch]): [string, string][] => [
    [`${name}, then readline and console.log`, withReadline(patch)],
    [`${name}, then fs.readFileSync(0) and a throw`, withReadFile(patch)],
    [`${name}, then stdin events and an EventEmitter`, withStdinEvents(patch)],
    [`${name}, then timers, ticks and an exit listener`, withScheduling(patch)],
  ]);

  it.each(sampled(cases))('%s', (name, source) => expectNodeVerdict(judge, name, source));
});

/**
 * The APIs that do more work in the runtime than printing and reading (assert, structuredClone,
 * console.table, util.promisify), after a patch of a built-in they rely on: Node's versions run on
 * primordials (or natively, for structuredClone), so the program gets their ordinary results.
 * Each program uses nothing but the API after its patch (no array iteration, no string methods of
 * its own), so where the judge and Node differ, the difference is the API's.
 */
const withAssert = (patch: string) => `${patch}
const assert = require('assert');
const firstLine = (s: unknown) => { const t = '' + s; let out = ''; for (let i = 0; i < t.length && t[i] !== '\\n'; i++) out += t[i]; return out; };
const check = (label: string, f: () => void, whole = false) => {
  try {
    f();
    console.log(label, 'passed');
  } catch (e: any) {
    console.log(label, e instanceof assert.AssertionError, e.name, e.code, e.operator, e.generatedMessage, whole ? e.message : firstLine(e.message));
    console.log(firstLine(e.stack));
  }
};
const m1 = new Map<number, string>(); m1.set(1, 'x');
const m2 = new Map<number, string>(); m2.set(1, 'x');
check('ok', () => { assert(true); assert.ok(1); });
check('strictEqual', () => assert.strictEqual(1, 1));
check('deepStrictEqual', () => assert.deepStrictEqual({ a: [1, 2, { b: 3 }], m: m1 }, { a: [1, 2, { b: 3 }], m: m2 }));
check('notStrictEqual', () => assert.notStrictEqual(1, 2));
check('deepEqual', () => assert.deepEqual([1], ['1']));
check('throws', () => assert.throws(() => { throw new TypeError('t'); }, TypeError));
check('strictEqual fails', () => assert.strictEqual(1, 2), true);
check('strictEqual fails with a message', () => assert.strictEqual('a', 'b', 'custom'), true);
check('deepStrictEqual fails', () => assert.deepStrictEqual({ a: [1, 2] }, { a: [1, 3] }));
check('equal fails', () => assert.equal(1, 2), true);
check('notDeepStrictEqual', () => assert.notDeepStrictEqual([1], [2]));
check('ok fails', () => assert.ok(0));
check('strict.equal fails', () => assert.strict.equal(1, '1' as unknown as number), true);
`;

const withClone = (patch: string) => `${patch}
const m = new Map<unknown, unknown>(); m.set('k', [1, [2, 3]]); m.set(2, { z: 1 });
const s = new Set<unknown>(); s.add(1); s.add('two');
const t = new Uint8Array(2); t[0] = 7;
const src: any = { n: 1, arr: [1, [2, 3], { x: 'y' }], m, s, e: new RangeError('bad'), d: new Date(0), r: /a+/gi, t };
src.self = src;
src.shared = [src.arr, src.arr];
const c = structuredClone(src);
console.log(c !== src, c.self === c, c.shared[0] === c.shared[1], c.shared[0] === c.arr, c.arr !== src.arr, c.m !== m);
console.log(c.n, c.arr, c.m, c.s, c.d, c.t);
// The copy's pattern and flags, without the (patchable) source and flags getters that printing it calls.
console.log(c.r !== src.r, c.r instanceof RegExp, c.r.test('xAAx'), c.r.lastIndex, c.r.test('b'));
console.log(c.e instanceof RangeError, c.e.name, c.e.message, typeof c.e.stack);
const err = structuredClone(new Error('outer', { cause: [1, { a: 2 }] }));
console.log(err instanceof Error, err.message, err.cause);
console.log(structuredClone([[1, 2], [3, [4, 5]], { deep: { deeper: [6] } }]));
try {
  structuredClone({ f() {} });
} catch (e: any) {
  console.log(e.name, e.message);
}
`;

const withTable = (patch: string) => `${patch}
console.table([{ a: 1, b: 'x' }, { a: 2, c: true }]);
console.table([[1, 2], [3, 4]]);
console.table({ r1: { col: 1 }, r2: { col: 2 } });
console.table([{ a: 1, b: 2 }], ['b']);
console.table([1, 'two', { three: 3, four: 4, five: 5 }]);
const m = new Map<string, number>(); m.set('k', 1);
console.table(m);
const s = new Set<string>(); s.add('v');
console.table(s);
console.table([{ name: '太郎', n: 1 }]);
`;

const withPromisify = (patch: string) => `${patch}
const util = require('util');
const add = (a: number, b: number, cb: (err: unknown, v?: number) => void) => { setTimeout(() => cb(null, a + b), 1); };
const failing = (cb: (err: unknown) => void) => { setTimeout(() => cb(new Error('nope')), 1); };
const obj: any = { k: 10, get(x: number, cb: (err: unknown, v?: number) => void) { cb(null, this.k + x); } };
obj.pget = util.promisify(obj.get);
const custom: any = () => {};
custom[util.promisify.custom] = () => 'custom';
const pAdd = util.promisify(add);
const pFail = util.promisify(failing);
(async () => {
  console.log('sum', await pAdd(2, 3));
  try {
    await pFail();
  } catch (e: any) {
    console.log('rejected', e.message);
  }
  console.log('method', await obj.pget(5));
  console.log(util.promisify(custom)());
  try {
    util.promisify(42 as any);
  } catch (e: any) {
    console.log(e.name, e.code);
  }
})();
`;

const getterPatch = (holder: string, key: string) => `Object.defineProperty(${holder}, '${key}', { get: ${THROW}, configurable: true });`;

type Api = 'assert' | 'structuredClone' | 'console.table' | 'util.promisify';
const API_PROGRAMS: Record<Api, (patch: string) => string> = { assert: withAssert, structuredClone: withClone, 'console.table': withTable, 'util.promisify': withPromisify };

/**
 * [name, statement that patches it, the APIs to use after it]: each pair is one the judge got
 * wrong before these paths ran on primordials (its result differed from Node's).
 */
const API_PATCHES: [string, string, Api[]][] = [
  ['Array.prototype.map', `(Array.prototype as any).map = ${THROW};`, ['console.table']],
  ['Array.prototype.join', `(Array.prototype as any).join = ${THROW};`, ['console.table']],
  ['Array.prototype.join (garbage)', `(Array.prototype as any).join = ${GARBAGE};`, ['console.table']],
  ['Array.prototype.push', `(Array.prototype as any).push = ${THROW};`, ['console.table']],
  ['Array.prototype.unshift', `(Array.prototype as any).unshift = ${THROW};`, ['console.table']],
  ['Array.prototype[Symbol.iterator]', `(Array.prototype as any)[Symbol.iterator] = ${THROW};`, ['assert', 'structuredClone', 'util.promisify']],
  ['ArrayIterator.next', `Object.getPrototypeOf([][Symbol.iterator]()).next = ${THROW};`, ['assert', 'structuredClone', 'util.promisify']],
  ['Array.isArray', `(Array as any).isArray = ${THROW};`, ['structuredClone', 'console.table']],
  ['Array.from', `(Array as any).from = ${THROW};`, ['console.table']],
  ['Object.keys', `(Object as any).keys = ${THROW};`, ['structuredClone', 'console.table']],
  ['Object.values', `(Object as any).values = ${THROW};`, ['console.table']],
  ['Object.create', `(Object as any).create = ${THROW};`, ['console.table']],
  ['Object.defineProperty', `(Object as any).defineProperty = ${THROW};`, ['structuredClone']],
  ['Object.hasOwn', `(Object as any).hasOwn = ${THROW};`, ['structuredClone']],
  ['Object.is', `(Object as any).is = ${THROW};`, ['assert']],
  ['Function.prototype.toString', `(Function.prototype as any).toString = ${THROW};`, ['structuredClone']],
  ['Reflect.apply', `(Reflect as any).apply = ${THROW};`, ['util.promisify']],
  ['String.prototype.repeat', `(String.prototype as any).repeat = ${THROW};`, ['console.table']],
  ['String.prototype.codePointAt', `(String.prototype as any).codePointAt = ${THROW};`, ['console.table']],
  ['String.prototype.includes', `(String.prototype as any).includes = ${THROW};`, ['assert']],
  ['String.prototype.startsWith', `(String.prototype as any).startsWith = ${THROW};`, ['assert']],
  ['String.prototype.slice', `(String.prototype as any).slice = ${THROW};`, ['assert']],
  ['String.prototype.slice (garbage)', `(String.prototype as any).slice = ${GARBAGE};`, ['assert']],
  ['String.prototype[Symbol.iterator]', `(String.prototype as any)[Symbol.iterator] = ${THROW};`, ['console.table']],
  ['StringIterator.next', `Object.getPrototypeOf(''[Symbol.iterator]()).next = ${THROW};`, ['console.table']],
  // Node's own deep comparison calls these on the program's Maps (so Node breaks); the judge's must
  // then not report a failed assertion that the unpatched program would not have had.
  ['Map.prototype.get', `(Map.prototype as any).get = ${THROW};`, ['assert', 'structuredClone']],
  ['Map.prototype[Symbol.iterator]', `(Map.prototype as any)[Symbol.iterator] = ${THROW};`, ['assert', 'structuredClone']],
  ['MapIterator.next', `Object.getPrototypeOf(new Map().entries()).next = ${THROW};`, ['assert', 'structuredClone']],
  ['Set.prototype[Symbol.iterator]', `(Set.prototype as any)[Symbol.iterator] = ${THROW};`, ['structuredClone']],
  ['SetIterator.next', `Object.getPrototypeOf(new Set().values()).next = ${THROW};`, ['structuredClone']],
  ['Error.isError', `(Error as any).isError = ${THROW};`, ['structuredClone']],
  ['Date.prototype.getTime', `(Date.prototype as any).getTime = ${THROW};`, ['structuredClone']],
  ['ArrayBuffer.isView', `(ArrayBuffer as any).isView = ${THROW};`, ['structuredClone']],
  ['TypedArray.prototype.slice', `Object.getPrototypeOf(Uint8Array.prototype).slice = ${THROW};`, ['structuredClone']],
  ['RegExp.prototype.flags', getterPatch('RegExp.prototype', 'flags'), ['structuredClone']],
  ['RegExp.prototype.source', getterPatch('RegExp.prototype', 'source'), ['structuredClone']],
];

describe('assert, structuredClone, console.table and util.promisify after a patched built-in give what Node gives', () => {
  const judge = useJudge();

  const cases = API_PATCHES.flatMap(([name, patch, apis]) => apis.map((api): [string, string] => [`${name}, then ${api}`, API_PROGRAMS[api](patch)]));

  it(`covers each API after several patches (${cases.length} programs)`, () => {
    for (const api of Object.keys(API_PROGRAMS)) expect(cases.filter(([name]) => name.endsWith(`then ${api}`)).length, api).toBeGreaterThanOrEqual(3);
  });

  it.each(sampled(cases))('%s', (name, source) => expectNodeVerdict(judge, name, source));

  // The same programs unpatched (the first line is empty): what they print is what Node prints.
  it.each(Object.keys(API_PROGRAMS) as Api[])('%s without a patch', (api) => expectNodeVerdict(judge, api, API_PROGRAMS[api]('')));
});
