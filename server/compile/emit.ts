import type TS from 'typescript';
import { typescript } from '../platform/lazy-typescript';
import { EMIT_OPTIONS, SOLUTION_FILE } from './config';
import { MODULE_PARAMS } from './module-params';

const ts = typescript();

/**
 * Emits CommonJS and wraps it as `(async function (exports, require, ...) { ... })`, so top-level
 * `await` works and the sandbox can call the program in each fresh context. The wrapper opens on
 * the first line (the "use strict" line), so JavaScript line numbers match the inline source map.
 */
export function emitProgram(source: string): string {
  const out = ts.transpileModule(source, { compilerOptions: EMIT_OPTIONS, fileName: SOLUTION_FILE });
  return `(async function (${MODULE_PARAMS.join(', ')}) {${out.outputText}\n})`;
}
