import type TS from 'typescript';
import { typescript } from '../platform/lazy-typescript';

const ts = typescript();

/** Most diagnostics kept in a compile output: the first ones are the ones worth reading. */
export const MAX_DIAGNOSTICS = 50;
/** Most bytes kept in a compile output (UTF-8), the closing "… and N more" line aside. */
export const MAX_DIAGNOSTIC_BYTES = 16 * 1024;

function formatOne(d: TS.Diagnostic): string {
  const category = ts.DiagnosticCategory[d.category].toLowerCase();
  const text = ts.flattenDiagnosticMessageText(d.messageText, '\n  ');
  if (d.file && d.start !== undefined) {
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${line + 1}:${character + 1} ${category} TS${d.code}: ${text}`;
  }
  return `${category} TS${d.code}: ${text}`;
}

/**
 * "line:col error TSxxxx: message", with 1-based positions in the user's file, one per line: the
 * first MAX_DIAGNOSTICS of them within MAX_DIAGNOSTIC_BYTES, then "… and 1,234 more diagnostics".
 * Capped here, where it is made, so no caller stores, sends or renders more (a 60 KiB source could
 * otherwise yield megabytes).
 */
export function formatDiagnostics(diagnostics: readonly TS.Diagnostic[]): string {
  const lines: string[] = [];
  let bytes = 0;
  for (const d of diagnostics) {
    if (lines.length >= MAX_DIAGNOSTICS) break;
    let line = formatOne(d);
    const size = Buffer.byteLength(line, 'utf8') + 1;
    if (bytes + size > MAX_DIAGNOSTIC_BYTES) {
      // One very long message (a huge type, say) is cut rather than dropped when it is the first.
      if (lines.length > 0) break;
      line = `${Buffer.from(line, 'utf8').subarray(0, MAX_DIAGNOSTIC_BYTES).toString('utf8').replace(/\uFFFD+$/, '')} …`;
    }
    lines.push(line);
    bytes += size;
  }
  const rest = diagnostics.length - lines.length;
  if (rest > 0) lines.push(`… and ${rest.toLocaleString('en-US')} more diagnostic${rest === 1 ? '' : 's'}`);
  return lines.join('\n');
}
