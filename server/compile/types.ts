export type CompileResult =
  | { ok: true; js: string; /** warnings, if any (empty string when clean) */ diagnostics: string }
  | { ok: false; /** "line:col error TSxxxx: message" lines, as shown to the user */ diagnostics: string };

/** The languages a solution may be written in; TypeScript is type-checked, JavaScript only parsed. */
export type Language = 'typescript' | 'javascript';
export const LANGUAGES: readonly Language[] = ['typescript', 'javascript'];

/** Turns a TypeScript submission into the JavaScript the sandbox runs. Kept warm between calls. */
export interface Compiler {
  compile(source: string, language?: Language): Promise<CompileResult>;
  close(): Promise<void>;
}
