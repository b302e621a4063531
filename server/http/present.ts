import { verdictName, verdictRow, verdictText, type Verdict } from '../judge/verdicts';
import type { SubmissionStatus } from '../storage/submissions';

/** How a submission's state reads on Codeforces: "In queue", "Running on test 7", "Accepted"... */
export function statusText(s: { status: SubmissionStatus; verdict: Verdict | null; failedTest: number | null; currentTest: number | null }): string {
  switch (s.status) {
    case 'queued':
      return 'In queue';
    case 'compiling':
      return 'Compiling';
    case 'running':
      return s.currentTest === null ? 'Running' : `Running on test ${s.currentTest}`;
    case 'done':
      return verdictText(s.verdict ?? 'IE', s.failedTest);
  }
}

/** CSS class for the colour: green for Accepted, red for rejections, grey while waiting. */
export function statusClass(s: { status: SubmissionStatus; verdict: Verdict | null }): string {
  if (s.status !== 'done' || s.verdict === null) return 'verdict-waiting';
  return verdictClass(s.verdict);
}

/** The verdict table's CSS class for it (green, red, or dark red for the judge's own failure). */
export function verdictClass(v: Verdict): string {
  return verdictRow(v).css;
}

export function testVerdictText(v: Verdict): string {
  return verdictName(v);
}

export function formatTimestamp(ms: number | null): string {
  if (ms === null) return '';
  const d = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function isoTimestamp(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
