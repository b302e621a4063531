import type TS from 'typescript';
import { typescript } from '../platform/lazy-typescript';
import { refuseSource } from './source-limit';
import { formatDiagnostics } from './diagnostics';
import { emitProgram } from './emit';
import { compileJavaScript } from './javascript';
import { WarmChecker } from './program-host';
import type { ScriptLanguage } from '../languages/types';
import type { CompileResult, Compiler } from './types';

const ts = typescript();

export { CHECK_OPTIONS, EMIT_OPTIONS, MAX_SOURCE_BYTES } from './config';

/**
 * A warm TypeScript compiler: type errors are compilation errors, as on LeetCode. The first
 * compilation parses the declaration files (about 2 s); later ones reuse them. Compiling is
 * synchronous CPU work, so callers that must stay responsive run it in a worker thread.
 */
export function createCompiler(): Compiler {
  let checker: WarmChecker | null = new WarmChecker();
  return {
    async compile(source: string, language: ScriptLanguage = 'typescript'): Promise<CompileResult> {
      if (!checker) throw new Error('compiler is closed');
      const refused = refuseSource(source);
      if (refused) return { ok: false, diagnostics: refused };
      if (language === 'javascript') return compileJavaScript(source);
      const diagnostics = checker.check(source);
      const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
      if (errors.length > 0) return { ok: false, diagnostics: formatDiagnostics(errors) };
      return { ok: true, js: emitProgram(source), diagnostics: formatDiagnostics(diagnostics) };
    },
    async close() {
      checker = null;
    },
  };
}
