import type TS from 'typescript';
import { typescript } from '../platform/lazy-typescript';
import { EMIT_OPTIONS } from './config';
import { formatDiagnostics } from './diagnostics';
import { MODULE_PARAMS } from './module-params';
import type { CompileResult } from './types';

const ts = typescript();

/** The file name JavaScript solutions get in messages and stack traces. */
export const JS_SOLUTION_FILE = 'solution.js';

/**
 * Plain JavaScript: parsed (a syntax error is a compilation error, with its position) but never
 * type-checked, then emitted exactly as TypeScript solutions are, so `import`, `require` and
 * top-level `await` behave the same in the sandbox.
 */
export function compileJavaScript(source: string): CompileResult {
  const out = ts.transpileModule(source, {
    // As Node runs a CommonJS .js file: sloppy mode unless the file has import/export (then it is a
    // module and strict), so contest habits such as `for (i = 0; ...)` without a declaration work.
    compilerOptions: { ...EMIT_OPTIONS, allowJs: true, moduleDetection: ts.ModuleDetectionKind.Auto, alwaysStrict: false },
    fileName: JS_SOLUTION_FILE,
    reportDiagnostics: true,
  });
  const errors = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (errors.length > 0) return { ok: false, diagnostics: formatDiagnostics(errors) };
  return { ok: true, js: `(async function (${MODULE_PARAMS.join(', ')}) {${out.outputText}\n})`, diagnostics: '' };
}
