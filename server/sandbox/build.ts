import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { z } from 'zod';
import { CHECKOUT_ROOT, INSTALL_CACHE_DIR, keepFile } from '../platform/install-cache';
import { typescript, typescriptVersion } from '../platform/lazy-typescript';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface SandboxSources {
  /** The sandbox process's main thread (run with `node -e`). */
  host: string;
  /** Its worker thread (run with `new Worker(source, { eval: true })`). */
  worker: string;
  /** The in-context runtime: a script evaluating to `install(host, nodeVersion)`. */
  runtime: string;
}

function transpile(source: string, fileName: string): string {
  const ts = typescript();
  return ts.transpileModule(source, {
    fileName,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, esModuleInterop: true, removeComments: true },
  }).outputText;
}

/** The files a build read, each with the SHA-256 of its content: what a cached build is checked against. */
type Inputs = Record<string, string>;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
let reading: Inputs | null = null;
function read(file: string): string {
  const text = readFileSync(file, 'utf8');
  if (reading) reading[inputName(file)] = sha256(text);
  return text;
}

/**
 * An input as the cache names it: relative to the checkout (its packages included), so that a
 * copy of the checkout using these packages (the tests start one) finds the build its identical
 * files make, rather than building and keeping its own over it; a file outside the checkout by
 * its absolute path, which the reader refuses (a build of another checkout's files).
 */
function inputName(file: string): string {
  return file.startsWith(CHECKOUT_ROOT) ? path.relative(CHECKOUT_ROOT, file) : file;
}

/** The file an input names in this checkout, or null when it names none (absolute, or outside it). */
function inputFile(name: string): string | null {
  return path.isAbsolute(name) || name.split(/[\\/]/).includes('..') ? null : path.join(CHECKOUT_ROOT, name);
}

/**
 * The built-ins the runtime's code mentions, bound once as locals of the bundle: a global lookup in
 * a vm context goes through interceptors and costs about a microsecond.
 */
function builtinNames(code: string): string[] {
  const names = vm.runInNewContext('Object.getOwnPropertyNames(globalThis)') as string[];
  return Array.from(names).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && !['eval', 'console', 'globalThis'].includes(n) && new RegExp(`(^|[^\\w$.])${n}($|[^\\w$])`).test(code));
}

/**
 * Bundles the runtime (its TypeScript modules and the npm packages it uses) into one script with
 * a tiny CommonJS loader, so it can be evaluated in each fresh context. Everything in it is strict
 * code, so no stack frame of it can be reached through `caller`.
 */
function bundleRuntime(): string {
  const modules = new Map<string, { code: string; deps: Record<string, string> }>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    const isTs = file.endsWith('.ts');
    const source = read(file);
    const code = isTs ? transpile(source, file) : source;
    const deps: Record<string, string> = {};
    modules.set(file, { code, deps });
    for (const m of code.matchAll(/\brequire\((['"])([\w@./-]+)\1\)/g)) {
      const spec = m[2]!;
      let target: string;
      if (spec.startsWith('.')) {
        const base = path.resolve(path.dirname(file), spec);
        target = isTs ? `${base.replace(/\.js$/, '')}.ts` : createRequire(file).resolve(spec);
      } else {
        // `buffer` and `events` name Node built-ins too; the trailing slash asks for the npm package.
        target = createRequire(file).resolve(isBuiltin(spec) ? `${spec}/` : spec);
      }
      deps[spec] = target;
      visit(target);
    }
  };
  const entry = path.join(here, 'runtime', 'index.ts');
  visit(entry);
  const ids = new Map([...modules.keys()].map((file, i) => [file, i]));
  const defs = [...modules.entries()]
    .map(([file, { code, deps }]) => {
      const depIds = Object.fromEntries(Object.entries(deps).map(([spec, target]) => [spec, ids.get(target)]));
      return `[function (exports, require, module) {\n${code}\n}, ${JSON.stringify(depIds)}]`;
    })
    .join(',\n');
  return `(function () {
'use strict';
const { ${builtinNames(defs).join(', ')} } = globalThis;
const defs = [${defs}];
const cache = [];
// A lazy module may first be loaded after the program replaced Function.prototype.call.
const __apply = Reflect.apply;
function load(id) {
  const hit = cache[id];
  if (hit !== undefined) return hit.exports;
  const def = defs[id];
  const module = { exports: {} };
  cache[id] = module;
  __apply(def[0], module.exports, [module.exports, (spec) => load(def[1][spec]), module]);
  return module.exports;
}
return load(${ids.get(entry)}).install;
})()`;
}

/**
 * A host-side file (the sandbox process's main thread or its worker) with the modules it imports
 * by relative path inlined: those files are started from source text, so they cannot load files.
 * Node built-ins stay ordinary `require` calls.
 */
function bundleThread(file: string): string {
  const code = transpile(read(file), path.basename(file));
  const locals = [...code.matchAll(/\brequire\((['"])(\.[\w./-]+)\1\)/g)].map((m) => m[2]!);
  if (locals.length === 0) return code;
  const defs = [...new Set(locals)].map((spec) => {
    const target = path.resolve(path.dirname(file), `${spec.replace(/\.js$/, '')}.ts`);
    const inlined = transpile(read(target), path.basename(target));
    // One level only: a module inlined here imports nothing of ours (its own import would fail at run time).
    if (/\brequire\((['"])\./.test(inlined)) throw new Error(`${target}: a module inlined into the sandbox's threads may import only Node built-ins`);
    return `${JSON.stringify(spec)}: (() => { const module = { exports: {} }; (function (exports, module) {\n${inlined}\n})(module.exports, module); return module.exports; })()`;
  });
  return `const __local = { ${defs.join(',\n')} };\n${code.replace(/\brequire\((['"])(\.[\w./-]+)\1\)/g, (_m, _q, spec: string) => `__local[${JSON.stringify(spec)}]`)}`;
}

let built: SandboxSources | null = null;

/** The JavaScript of the sandbox's three parts, built once per judge process (or thread). */
export function sandboxSources(): SandboxSources {
  built ??= cachedSources(DEFAULT_CACHE);
  return built;
}

/** Builds the three parts from source, and lists the files read. */
export function buildSources(): { sources: SandboxSources; inputs: Inputs } {
  reading = {};
  try {
    const sources = { host: bundleThread(path.join(here, 'host', 'host.ts')), worker: bundleThread(path.join(here, 'host', 'worker.ts')), runtime: bundleRuntime() };
    return { sources, inputs: reading };
  } finally {
    reading = null;
  }
}

/**
 * Building costs a second or two of CPU (loading TypeScript, transpiling the runtime) in every
 * thread that starts a sandbox: three or more per server start. The build is kept beside the
 * installed packages (node_modules/.cache, writable only by whoever installed them, never by the
 * sandbox's user) and used again only when every file it read is unchanged, byte for byte, and
 * the Node.js version (which decides the bundle's list of built-ins) and TypeScript's are the same.
 */
const DEFAULT_CACHE = path.join(INSTALL_CACHE_DIR, `sandbox-${process.version}.json`);

const CacheFile = z.object({
  node: z.string(),
  typescript: z.string(),
  inputs: z.record(z.string(), z.string()),
  sources: z.object({ host: z.string(), worker: z.string(), runtime: z.string() }),
});

/** The cached build when it is still what a build would give; a new build (then cached) otherwise. */
export function cachedSources(cacheFile: string): SandboxSources {
  try {
    const cached = CacheFile.parse(JSON.parse(readFileSync(cacheFile, 'utf8')));
    // Built from files of this checkout, as they are now (a node_modules shared with another
    // checkout holds its build: its files, read here at the same places in this one, must match).
    const unchanged = Object.entries(cached.inputs).every(([name, hash]) => {
      const file = inputFile(name);
      return file !== null && sha256(readFileSync(file, 'utf8')) === hash;
    });
    if (unchanged && cached.node === process.version && cached.typescript === typescriptVersion() && Object.keys(cached.inputs).length > 0) return cached.sources;
  } catch {
    // No cache yet, or one that cannot be read: build.
  }
  const { sources, inputs } = buildSources();
  keepFile(cacheFile, JSON.stringify({ node: process.version, typescript: typescriptVersion(), inputs, sources }));
  return sources;
}
