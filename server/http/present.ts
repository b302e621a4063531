import { verdictName, verdictRow, type Verdict } from '../judge/verdicts';
import type { SubmissionStatus } from '../storage/submissions';
import { english, said, type Said } from '../text/messages';

type StatusOf = { status: SubmissionStatus; verdict: Verdict | null; failedTest: number | null; currentTest: number | null };

/** How a submission's state reads on Codeforces ("In queue", "Running on test 7", "Accepted"...), as a message id. */
export function statusSaid(s: StatusOf): Said {
  switch (s.status) {
    case 'queued':
      return said('status.queued');
    case 'compiling':
      return said('status.compiling');
    case 'running':
      return s.currentTest === null ? said('status.running') : said('status.running-on-test', s.currentTest);
    case 'done': {
      const v = s.verdict ?? 'IE';
      // The same rule as verdictText (the command line's words): AC and CE name no test.
      return v === 'AC' || v === 'CE' || s.failedTest === null ? said(`verdict.${v}`) : said(`verdict.${v}.on-test`, s.failedTest);
    }
  }
}

/** The status line in English (the API's and the CSV's words). */
export function statusText(s: StatusOf): string {
  return english(statusSaid(s));
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
