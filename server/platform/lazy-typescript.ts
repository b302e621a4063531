/**
 * The TypeScript compiler (9 MB of CommonJS), loaded on first use and compiled from V8's code
 * cache. Loaded through Node's module loader it costs a judge thread 0.8–1.2 s at start: the
 * TypeScript hooks that run our own sources (tsx) scan every required file for module syntax and
 * Node reads it for a source map, and an `import` of it first parses the whole file to tell its
 * format. Here it is read and compiled as the CommonJS loader would (same wrapper, a `require`
 * from its own directory for Node's built-ins), with a code cache kept beside the installed
 * packages: about 0.15 s.
 *
 * The modules that only transpile their own code for the sandbox (its runtime, the lab's driver)
 * run in judge threads that most often find that code built already, and must not pay for
 * loading it at start: hence lazily.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import type TypeScript from 'typescript';

const here = path.dirname(fileURLToPath(import.meta.url));
const requireHere = createRequire(import.meta.url);

let ts: typeof TypeScript | null = null;

export function typescript(): typeof TypeScript {
  ts ??= load();
  return ts;
}

/** Where the code cache is kept: per TypeScript and Node version (V8 refuses a cache of another). */
function cacheFile(version: string): string {
  return path.resolve(here, '..', '..', 'node_modules', '.cache', 'sg-judge', `typescript-${version}-${process.version}.v8cache`);
}

function load(): typeof TypeScript {
  const file = requireHere.resolve('typescript');
  const version = (JSON.parse(readFileSync(path.join(path.dirname(file), '..', 'package.json'), 'utf8')) as { version: string }).version;
  const cache = cacheFile(version);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cache);
  } catch {
    // first load on this install: made below
  }
  const source = readFileSync(file, 'utf8');
  // The CommonJS loader's wrapper, so line and column numbers in TypeScript's own stack traces are its file's.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData });
  const module = { exports: {} as unknown };
  const wrapper = script.runInThisContext() as (e: unknown, r: NodeJS.Require, m: { exports: unknown }, f: string, d: string) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
  if (cachedData === undefined || script.cachedDataRejected) {
    // Made once the caller's first compilation has run (a timer fires after the task that loaded
    // it), so the functions a type check compiles lazily are in the cache too.
    setTimeout(() => keepCache(script, cache), 0).unref();
  }
  return module.exports as typeof TypeScript;
}

function keepCache(script: vm.Script, cache: string): void {
  try {
    mkdirSync(path.dirname(cache), { recursive: true });
    // Written whole, then renamed: threads starting together never read half a file.
    const partial = `${cache}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, script.createCachedData());
    renameSync(partial, cache);
  } catch {
    // A read-only install compiles it every time, as Node's loader would.
  }
}
