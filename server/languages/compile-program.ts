/**
 * Any language's source to a CompiledProgram, decided once by the registry: TypeScript and
 * JavaScript through the judge's warm TypeScript compiler (its own thread, bounded), every native
 * language through its toolchain in the sandbox with the program cache.
 */
import { refuseSource } from '../compile/source-limit';
import type { Compiler } from '../compile/types';
import { compileNative } from './native-compile';
import type { ProgramCompileResult } from './program';
import { isScriptLanguage } from './registry';
import { toolchainFor } from './toolchains';
import type { LanguageId } from './types';

export async function compileProgram(compiler: Compiler, source: string, language: LanguageId = 'typescript'): Promise<ProgramCompileResult> {
  if (isScriptLanguage(language)) {
    const c = await compiler.compile(source, language);
    return c.ok ? { ok: true, program: { kind: 'js', js: c.js }, diagnostics: c.diagnostics } : c;
  }
  const refused = refuseSource(source);
  if (refused) return { ok: false, diagnostics: refused };
  // Unavailable here (detection said so): the judge's failure, IE, never a compilation error.
  const toolchain = await toolchainFor(language);
  const c = await compileNative(toolchain, source);
  return c.ok ? { ok: true, program: { kind: 'native', language, native: c.program }, diagnostics: c.diagnostics, cached: c.cached } : { ok: false, diagnostics: c.diagnostics };
}
