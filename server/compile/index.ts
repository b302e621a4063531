import ts from 'typescript';
import type { CompileResult, Compiler } from './types';

/**
 * Provisional compiler (transpile only, no type check) so the rest of the judge can run end to end.
 * Replaced by the warm type-checking compiler.
 */
export function createCompiler(): Compiler {
  return {
    async compile(source: string): Promise<CompileResult> {
      const out = ts.transpileModule(source, {
        compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS, esModuleInterop: true, moduleDetection: ts.ModuleDetectionKind.Force },
        reportDiagnostics: true,
      });
      const errors = (out.diagnostics ?? []).filter((d) => d.category === ts.DiagnosticCategory.Error);
      if (errors.length > 0) {
        return { ok: false, diagnostics: errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n') };
      }
      return { ok: true, js: `(async () => {\n${out.outputText}\n})().catch((e) => { console.error(e); process.exit(1); });`, diagnostics: '' };
    },
    async close() {},
  };
}
