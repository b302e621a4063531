import type TS from 'typescript';
import { typescript } from '../platform/lazy-typescript';

const ts = typescript();

/** "line:col error TSxxxx: message", with 1-based positions in the user's file, one per line. */
export function formatDiagnostics(diagnostics: readonly TS.Diagnostic[]): string {
  return diagnostics
    .map((d) => {
      const category = ts.DiagnosticCategory[d.category].toLowerCase();
      const text = ts.flattenDiagnosticMessageText(d.messageText, '\n  ');
      if (d.file && d.start !== undefined) {
        const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
        return `${line + 1}:${character + 1} ${category} TS${d.code}: ${text}`;
      }
      return `${category} TS${d.code}: ${text}`;
    })
    .join('\n');
}
