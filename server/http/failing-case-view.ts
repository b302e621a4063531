// The submission page's "case k of T" for a wrong answer: which case of a multi-case test holds the
// first difference, and that case's input lines, marked in the input shown.
import { caseLayoutOf, failingCase, type FailingCase } from '../problems/case-layout';
import type { CaseLayout } from '../problems/case-layout';
import type { FailureTextKind, SubmissionTestRow } from '../storage/submissions';

type Previews = Pick<SubmissionTestRow, 'inputPreview' | 'expectedPreview' | 'outputPreview' | 'dialoguePreview'>;

/**
 * The failing case, from the stored texts; null for a problem without a case layout, and when a
 * text is shown only in part (the case could lie in the part not kept).
 */
export function caseOfDifference(slug: string, t: Previews, full: Map<FailureTextKind, { length: number }>, stored?: (slug: string) => CaseLayout | undefined): FailingCase | null {
  const layout = caseLayoutOf(slug, stored);
  if (!layout || t.dialoguePreview !== null) return null;
  const whole = (kind: FailureTextKind, text: string | null): text is string => text !== null && (full.get(kind)?.length ?? text.length) <= text.length;
  if (!whole('input', t.inputPreview) || !whole('expected', t.expectedPreview) || !whole('output', t.outputPreview)) return null;
  return failingCase(layout, t.inputPreview, t.expectedPreview, t.outputPreview);
}

/** The input text cut around the case's lines, so the page can mark them. */
export function splitAtCase(text: string, c: FailingCase): { before: string; lines: string; after: string } {
  const lines = text.split('\n');
  const cut = (n: number) => lines.slice(0, n).join('\n').length + (n > 0 ? 1 : 0);
  const start = cut(c.firstInputLine - 1);
  const end = cut(c.lastInputLine);
  return { before: text.slice(0, start), lines: text.slice(start, end), after: text.slice(end) };
}
