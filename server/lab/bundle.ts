/**
 * Builds the program the sandbox runs for a student's game: the compiled game (first, so its
 * source map still points at the right lines), the compiled conjecture, and the lab's driver with
 * the search, transpiled from server/lab/*.ts and joined by a tiny CommonJS loader.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODULE_PARAMS } from '../compile/module-params';
// Loaded on the first lab job, not when a judge thread starts (most never run one).
import { typescript } from '../platform/lazy-typescript';

const here = path.dirname(fileURLToPath(import.meta.url));
const HEADER = `(async function (${MODULE_PARAMS.join(', ')}) {`;

function transpile(file: string): string {
  const ts = typescript();
  return ts.transpileModule(readFileSync(file, 'utf8'), {
    fileName: file,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, removeComments: true },
  }).outputText;
}

/** The driver and the lab modules it requires (relative imports only), as one expression. */
function driverScript(): string {
  const modules = new Map<string, { code: string; deps: Record<string, string> }>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    const code = transpile(file);
    const deps: Record<string, string> = {};
    modules.set(file, { code, deps });
    for (const m of code.matchAll(/\brequire\((['"])(\.[\w./-]+)\1\)/g)) {
      const target = `${path.resolve(path.dirname(file), m[2]!).replace(/\.(ts|js)$/, '')}.ts`;
      deps[m[2]!] = target;
      visit(target);
    }
  };
  const entry = path.join(here, 'sandbox-driver.ts');
  visit(entry);
  const ids = new Map([...modules.keys()].map((f, i) => [f, i]));
  const defs = [...modules.values()]
    .map(({ code, deps }) => `[function (exports, require, module) {\n${code}\n}, ${JSON.stringify(Object.fromEntries(Object.entries(deps).map(([s, t]) => [s, ids.get(t)])))}]`)
    .join(',\n');
  return `(function () {
'use strict';
const defs = [${defs}];
const cache = [];
function load(id) {
  if (cache[id]) return cache[id].exports;
  const module = { exports: {} };
  cache[id] = module;
  defs[id][0].call(module.exports, module.exports, (spec) => load(defs[id][1][spec]), module);
  return module.exports;
}
return load(${ids.get(entry)});
})()`;
}

let driver: string | null = null;

/**
 * One program: `gameJs` and `conjectureJs` are compiler outputs (`(async function (exports, …) {…})`),
 * either may be null. The program reads a DriverRequest on standard input.
 */
export function labProgram(gameJs: string | null, conjectureJs: string | null): string {
  driver ??= driverScript();
  return `${HEADER}const __labGame = ${gameJs ?? 'null'};
const __labConjecture = ${conjectureJs ?? 'null'};
const __lab = ${driver};
await __lab.main(__labGame, __labConjecture, require);
})`;
}
