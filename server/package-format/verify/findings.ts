/**
 * What the verifier says about a problem: one finding per sentence, tagged with the part of the
 * problem it is about (the parts of server/verify/index.ts) and how much it matters. The callers
 * keep their own reports: an `error` is a reason the import, the publish or the export is refused
 * (or a row marked FAIL), a `warning` something the judge does without but a teacher should fix,
 * a `note` how the judge read or ran something. The sentences are the callers' as they were.
 */
export const PARTS = ['config', 'statement', 'validators', 'data', 'submissions'] as const;
export type Part = (typeof PARTS)[number];
export type Severity = 'error' | 'warning' | 'note';

export interface Finding {
  part: Part;
  severity: Severity;
  text: string;
}

/** The findings of one part: `error(text)`, `warning(text)`, `note(text)`, and `soft(text)` (an error when strict, else a note). */
export function findingsOf(part: Part, strict = true) {
  const found: Finding[] = [];
  const add = (severity: Severity) => (text: string) => void found.push({ part, severity, text });
  return { found, error: add('error'), warning: add('warning'), note: add('note'), soft: add(strict ? 'error' : 'note') };
}

/** The sentences that refuse (errors), in order. */
export function errorsOf(findings: readonly Finding[]): string[] {
  return findings.filter((f) => f.severity === 'error').map((f) => f.text);
}

/** The sentences that are reported beside a success (warnings and notes), in order. */
export function notesOf(findings: readonly Finding[]): string[] {
  return findings.filter((f) => f.severity !== 'error').map((f) => f.text);
}
