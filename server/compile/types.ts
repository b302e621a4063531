import type { ScriptLanguage } from '../languages/types';

export type CompileResult =
  | { ok: true; js: string; /** warnings, if any (empty string when clean) */ diagnostics: string }
  | { ok: false; /** "line:col error TSxxxx: message" lines, as shown to the user */ diagnostics: string };

/**
 * Turns a TypeScript (type-checked) or JavaScript (only parsed) source into the JavaScript the
 * sandbox runs. Kept warm between calls. Every other language compiles through
 * server/languages/compile-program.ts.
 */
export interface Compiler {
  compile(source: string, language?: ScriptLanguage): Promise<CompileResult>;
  close(): Promise<void>;
}
