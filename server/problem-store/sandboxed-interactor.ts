/**
 * An imported package's interactor, run in a sandbox of its own, never in the judge: it is uploaded
 * code. Its modules are compiled by the judge's (bounded) compiler into one wrapper program that
 * speaks a small line protocol with the judge on its standard input and output; `Interactor` below
 * is the judge's side, so playGame (server/judge/interactor.ts) plays with it exactly as with a
 * built-in interactor, forwarding lines between it and the player's sandbox.
 *
 * The protocol, one JSON value per line after a one-letter tag:
 *   judge → interactor: the test input (a JSON string); then `>"line"` for each line the player
 *     wrote, or `.` once the player's output ended.
 *   interactor → judge: `S"line"` a line for the player; `R` it waits for the player's next line;
 *     `V{"verdict":"AC"|"WA","message":…,"said"?:…}` its verdict, last.
 * Anything else, a crash, a loop past its CPU limit or an end without a verdict is the judge's
 * failure: the game is IE with a sentence saying what the interactor did.
 */
import type { Compiler } from '../compile/types';
import { MODULE_PARAMS } from '../compile/module-params';
import type { InteractorModule } from '../package-format/interactor-files';
import type { Interactor, InteractorIO, InteractorVerdict, Limits } from '../problems/types';
import { interactorBudgetMs } from '../rules/limits';
import { createSandbox, DEFAULT_OUTPUT_LIMIT, type Sandbox } from '../sandbox';
import type { LiveStdin, RunResult } from '../sandbox/types';
import { english, saidOf } from '../text/messages';

/**
 * The interactor's sandbox, per game: 2 s + 5 × the time limit of CPU time (the sandbox counts its
 * own CPU exactly, so it needs none of the 10 s floor a built-in interactor gets for sharing the
 * judge thread's wall clock), 512 MiB, the judge's output limit.
 */
export const interactorCpuMs = (problem: Pick<Limits, 'timeMs'>) => Math.min(interactorBudgetMs(problem), 2_000 + 5 * problem.timeMs);
export function interactorLimits(problem: Pick<Limits, 'timeMs'>): { timeMs: number; memoryMb: number; outputBytes: number } {
  return { timeMs: interactorCpuMs(problem), memoryMb: 512, outputBytes: DEFAULT_OUTPUT_LIMIT };
}

/**
 * SG Judge's own modules an interactor may import (as the built-in ones do): `said`/`english` of
 * server/text/messages give a verdict its message id, which the judge turns into words here; the
 * types module is types only.
 */
const SHIMS = `{
  'server/text/messages': {
    said: (id, ...args) => ({ id: String(id), args: args.map(String) }),
    english: (s) => (s && typeof s === 'object' ? [s.id, ...(s.args || [])].join(' ') : String(s)),
  },
  'server/problems/types': {},
}`;

/** Assembles the wrapper program from the compiled modules (each `(async function (exports, require, …) {…})`). */
function wrapperProgram(entry: string, compiled: Map<string, string>): string {
  const sources = [...compiled].map(([name, js]) => `${JSON.stringify(name)}: ${js}`).join(',\n');
  return `(async function (${MODULE_PARAMS.join(', ')}) {
'use strict';
const __nodeRequire = require;
const __sources = {
${sources}
};
const __shims = ${SHIMS};
const __cache = Object.create(null);
function __resolve(from, spec) {
  const parts = from.split('/').slice(0, -1);
  for (const p of spec.split('/')) { if (p === '..') parts.pop(); else if (p !== '.' && p !== '') parts.push(p); }
  const base = parts.join('/');
  const stem = base.replace(/\\.(js|mjs)$/, '');
  for (const c of [base, base + '.ts', base + '.mts', base + '.js', base + '.mjs', stem + '.ts', stem + '.mts', base + '/index.ts', base + '/index.js']) if (Object.hasOwn(__sources, c)) return c;
  return null;
}
function __requireFrom(from) {
  return (spec) => {
    spec = String(spec);
    for (const k of Object.keys(__shims)) if (spec === k || spec.endsWith('/' + k) || spec.endsWith('/' + k + '.ts') || spec.endsWith('/' + k + '.js')) return __shims[k];
    if (spec.startsWith('./') || spec.startsWith('../')) {
      const name = __resolve(from, spec);
      if (name === null) throw new Error("Cannot find module '" + spec + "' imported by " + from + ': an interactor may import only the modules beside it under output_validators/');
      return __load(name);
    }
    return __nodeRequire(spec);
  };
}
function __load(name) {
  if (__cache[name]) return __cache[name].module.exports;
  const module = { exports: {} };
  __cache[name] = { module, done: null };
  __cache[name].done = __sources[name](module.exports, __requireFrom(name), module, '/' + name, '/');
  return module.exports;
}
const __lines = __nodeRequire('readline').createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const __say = (s) => process.stdout.write(s + '\\n');
const __first = await __lines.next();
if (__first.done) process.exit(0);
const __input = JSON.parse(__first.value);
let __ended = false;
const __io = {
  send(line) { __say('S' + JSON.stringify(String(line))); },
  async read() {
    if (__ended) return null;
    __say('R');
    const next = await __lines.next();
    if (next.done || next.value === '.') { __ended = true; return null; }
    return JSON.parse(next.value.slice(1));
  },
};
const __entry = __load(${JSON.stringify(entry)});
for (const name of Object.keys(__cache)) await __cache[name].done;
const __exports = __cache[${JSON.stringify(entry)}].module.exports;
const __interact = typeof __exports.interact === 'function' ? __exports.interact : __exports.default && __exports.default.interact;
if (typeof __interact !== 'function') throw new Error('the interactor module exports no interact(input, io)');
const __verdict = await __interact(__input, __io);
__say('V' + JSON.stringify(__verdict === undefined ? null : __verdict));
process.exit(0);
})`;
}

/** An error whose text is the sentence alone (playGame shows a stack when there is one). */
function failure(sentence: string): Error {
  const e = new Error(sentence);
  e.stack = sentence;
  return e;
}

const clip = (s: string, n = 120) => (s.length > n ? `${s.slice(0, n)}…` : s);

export interface SandboxedInteractor {
  interactor: Interactor;
  close(): Promise<void>;
}

/**
 * The judge's side of a stored interactor: compiled on the first game, one sandbox kept for it
 * until `close`. Games are played one after another (a game still winding down in the
 * interactor's sandbox is waited for before the next starts).
 */
export function sandboxedInteractor(modules: { entry: string; files: InteractorModule[] }, problem: Pick<Limits, 'timeMs'>, compiler: Compiler): SandboxedInteractor {
  let ready: Promise<{ sandbox: Sandbox } | { error: string }> | null = null;
  let sandbox: Sandbox | null = null;
  let previous: Promise<unknown> = Promise.resolve();
  const limits = interactorLimits(problem);

  const start = async (): Promise<{ sandbox: Sandbox } | { error: string }> => {
    const compiled = new Map<string, string>();
    for (const f of modules.files) {
      // Type-checked as a whole it would need its imports' declarations; parsed and emitted is enough
      // for code the judge runs in a sandbox and judges by its behaviour.
      const r = await compiler.compile(f.language === 'typescript' ? `// @ts-nocheck\n${f.source}` : f.source, f.language);
      if (!r.ok) return { error: `the interactor's ${f.name} does not compile: ${r.diagnostics.split('\n')[0]}` };
      compiled.set(f.name, r.js);
    }
    sandbox = await createSandbox();
    await sandbox.load(wrapperProgram(modules.entry, compiled), limits);
    return { sandbox };
  };

  const interact = async (input: string, io: InteractorIO): Promise<InteractorVerdict> => {
    ready ??= start();
    const got = await ready;
    if ('error' in got) throw failure(got.error);
    const box = got.sandbox;
    if (!box.play) throw failure('this sandbox cannot run an interactor');
    await previous.catch(() => {});
    let stdin: LiveStdin | null = null;
    let verdict: InteractorVerdict | null = null;
    let broken: string | null = null;
    let partial = '';
    let reading = false;
    const stop = (why: string) => {
      broken ??= why;
      stdin?.end();
    };
    const onLine = (line: string) => {
      if (broken !== null || verdict !== null) return void (broken ??= `it wrote after its verdict: "${clip(line)}"`);
      const tag = line[0];
      const rest = line.slice(1);
      if (tag === 'R' && rest === '' && !reading) {
        reading = true;
        // The player computes now, not the interactor: its sandbox's wall net does not count it.
        stdin?.busy?.(true);
        io.read().then(
          (l) => {
            reading = false;
            stdin?.busy?.(false);
            stdin?.write(l === null ? '.\n' : `>${JSON.stringify(l)}\n`);
          },
          (e: unknown) => stop(e instanceof Error ? e.message : String(e)),
        );
        return;
      }
      let value: unknown;
      try {
        value = tag === 'S' || tag === 'V' ? JSON.parse(rest) : undefined;
      } catch {
        value = undefined;
      }
      if (tag === 'S' && typeof value === 'string') return io.send(value);
      if (tag === 'V') {
        const v = verdictOf(value);
        if (v) verdict = v;
        else stop(`its verdict is not {"verdict": "AC" or "WA", "message": "…"}: ${clip(rest)}`);
        stdin?.end();
        return;
      }
      stop(`it broke the judge's protocol, writing "${clip(line)}" (an interactor talks to the player only through io.send and io.read; console.log is not for the player)`);
    };
    const game = box.play({
      connect(s) {
        stdin = s;
        s.write(`${JSON.stringify(input)}\n`);
      },
      output(text) {
        partial += text;
        for (let at = partial.indexOf('\n'); at >= 0; at = partial.indexOf('\n')) {
          const line = partial.slice(0, at);
          partial = partial.slice(at + 1);
          onLine(line);
        }
      },
    });
    previous = game;
    const run = await game;
    if (partial) onLine(partial);
    if (verdict && broken === null && run.status === 'ok') return verdict;
    throw failure(broken ?? runFailure(run, limits.timeMs));
  };

  // Compiled and started before the game (playGame calls it), and the game before waits out its end.
  const prepare = async (): Promise<void> => {
    ready ??= start();
    await ready;
    await previous.catch(() => {});
  };

  return {
    interactor: { interact, prepare },
    close: async () => {
      await previous.catch(() => {});
      await sandbox?.close();
    },
  };
}

/** What the interactor's own run says about it, as a sentence. */
function runFailure(run: RunResult, budgetMs: number): string {
  const first = (run.message ?? run.stderr ?? '').split('\n').find((l) => l.trim() !== '') ?? '';
  switch (run.status) {
    case 'tle':
      return `it ran past its ${budgetMs} ms of CPU time and was stopped (${clip(first, 200)})`;
    case 're':
      return `it threw: ${clip(first, 300)}`;
    case 'mle':
      return `it used more memory than its sandbox allows (${clip(first, 200)})`;
    case 'ole':
      return `it wrote more output than its sandbox allows`;
    case 'ok':
      return 'it ended without giving its verdict';
    default:
      return `its sandbox failed (${run.status}): ${clip(first, 200)}`;
  }
}

/** A verdict from the sandbox's JSON; its message made words here when it carries a known message id. */
function verdictOf(value: unknown): InteractorVerdict | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as { verdict?: unknown; message?: unknown; said?: unknown };
  if (v.verdict !== 'AC' && v.verdict !== 'WA') return null;
  const said = saidOf(v.said);
  if (said) return { verdict: v.verdict, message: english(said), said };
  return { verdict: v.verdict, message: typeof v.message === 'string' ? v.message.slice(0, 4000) : '' };
}
