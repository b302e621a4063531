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
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import type TypeScript from 'typescript';
import { INSTALL_CACHE_DIR, keepFile } from './install-cache';

const requireHere = createRequire(import.meta.url);

let ts: typeof TypeScript | null = null;

export function typescript(): typeof TypeScript {
  ts ??= load();
  return ts;
}

/** The installed TypeScript's version, read without loading it. */
export function typescriptVersion(): string {
  return (JSON.parse(readFileSync(requireHere.resolve('typescript/package.json'), 'utf8')) as { version: string }).version;
}

function load(): typeof TypeScript {
  const file = requireHere.resolve('typescript');
  // Per TypeScript and Node version: V8 refuses a cache made by another.
  const cache = path.join(INSTALL_CACHE_DIR, `typescript-${typescriptVersion()}-${process.version}.v8cache`);
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
    setTimeout(() => keepFile(cache, script.createCachedData()), 0).unref();
  }
  return module.exports as typeof TypeScript;
}
