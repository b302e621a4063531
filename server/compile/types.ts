export type CompileResult =
  | { ok: true; js: string; /** warnings, if any (empty string when clean) */ diagnostics: string }
  | { ok: false; /** "line:col error TSxxxx: message" lines, as shown to the user */ diagnostics: string };

/** Turns a TypeScript submission into the JavaScript the sandbox runs. Kept warm between calls. */
export interface Compiler {
  compile(source: string): Promise<CompileResult>;
  close(): Promise<void>;
}
