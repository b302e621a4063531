import type { NativeProgram } from './native-runner';
import type { LanguageId } from './types';

/**
 * A compiled program, as the judge hands it to a sandbox: JavaScript for the JS sandbox (TypeScript
 * and JavaScript sources), or a native program (C++, Python) for the contained native runner. Which
 * sandbox runs it is decided by this tag alone (program-sandbox.ts).
 */
export type CompiledProgram = { kind: 'js'; js: string } | { kind: 'native'; language: LanguageId; native: NativeProgram };

export type ProgramCompileResult =
  | { ok: true; program: CompiledProgram; /** warnings, if any (empty when clean) */ diagnostics: string; /** a native compile the cache already had */ cached?: boolean }
  | { ok: false; diagnostics: string };
