/**
 * Every verdict in one table, and the one rule for combining causes that happen in the same run
 * (a program over its time limit that is also over memory, an output flood that also times out, a
 * game the interactor lost but whose program also ran out of time). The judge, the sandbox process
 * and its worker thread all decide with `worstOf`/`worstStatus`; the sandbox's two threads get this
 * file inlined into their sources at build time (server/sandbox/build.ts), so it imports nothing.
 */

/** Verdict codes, in display order: a contract of the HTTP API and the CLI. */
export const VERDICTS = ['AC', 'WA', 'TLE', 'MLE', 'RE', 'CE', 'OLE', 'IE'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** How a run ended as the sandbox reports it: a verdict the checker has not looked at yet (`ok`). */
export type RunStatus = 'ok' | 'tle' | 'mle' | 're' | 'ole' | 'ie';

export interface VerdictRow {
  code: Verdict;
  /** Position in lists and filters (0 first). */
  order: number;
  /** The words users see (as on Codeforces), in English and in Chinese: every page, event and CSV reads these. */
  name: string;
  zh: string;
  /** The CSS class that colours it (public/style.css), and that colour in words. */
  css: 'verdict-accepted' | 'verdict-rejected' | 'verdict-failed';
  colour: 'green' | 'red' | 'dark red, italic';
  /**
   * Precedence: when several causes hold at once, the highest rank is the verdict. The judge's own
   * failure outranks everything (nothing else it measured can be trusted); then memory (a program
   * over memory is also slowed by it, and its time says little), time, output (a flood that also
   * times out was slow before it was long), a crash, and last what the checker or interactor says
   * about an output the run finished cleanly. CE never meets a run.
   */
  rank: number;
  /** The sandbox's name for it, when a run can end that way. */
  status: RunStatus | null;
  /** How a run gets it. */
  how: string;
  /**
   * Whether it is a try in standings and on the problem list: only a judged program counts, as on
   * Codeforces; a compilation error or the judge's own failure is no try (and no penalty).
   */
  countsAsTry: boolean;
}

export const VERDICT_TABLE: readonly VerdictRow[] = [
  { code: 'AC', order: 0, name: 'Accepted', zh: '答案正确', css: 'verdict-accepted', colour: 'green', rank: 0, status: 'ok', how: 'the run ended cleanly inside every limit and the checker (or interactor) accepted its output', countsAsTry: true },
  { code: 'WA', order: 1, name: 'Wrong answer', zh: '答案错误', css: 'verdict-rejected', colour: 'red', rank: 1, status: null, how: 'the run ended cleanly inside every limit but the checker (or interactor) rejected its output', countsAsTry: true },
  { code: 'TLE', order: 2, name: 'Time limit exceeded', zh: '超出时间限制', css: 'verdict-rejected', colour: 'red', rank: 5, status: 'tle', how: 'CPU time over the limit, or wall time over the wall clock (idle), or running on after its end', countsAsTry: true },
  { code: 'MLE', order: 3, name: 'Memory limit exceeded', zh: '超出内存限制', css: 'verdict-rejected', colour: 'red', rank: 6, status: 'mle', how: 'resident growth over the limit (confirmed by the heap or past the ceiling), out of heap, or killed by the out-of-memory killer', countsAsTry: true },
  { code: 'RE', order: 4, name: 'Runtime error', zh: '运行错误', css: 'verdict-rejected', colour: 'red', rank: 3, status: 're', how: 'an uncaught error, a non-zero exit code, a stack overflow, or the sandbox process dying otherwise', countsAsTry: true },
  { code: 'CE', order: 5, name: 'Compilation error', zh: '编译错误', css: 'verdict-rejected', colour: 'red', rank: 2, status: null, how: 'the compiler reported an error: no test runs', countsAsTry: false },
  { code: 'OLE', order: 6, name: 'Output limit exceeded', zh: '输出超限', css: 'verdict-rejected', colour: 'red', rank: 4, status: 'ole', how: 'more standard output than the output cap', countsAsTry: true },
  { code: 'IE', order: 7, name: 'Judgement failed', zh: '评测失败', css: 'verdict-failed', colour: 'dark red, italic', rank: 7, status: 'ie', how: 'the judge itself failed (sandbox, interactor, storage): never something the program did', countsAsTry: false },
];

const ROW = Object.fromEntries(VERDICT_TABLE.map((r) => [r.code, r])) as Record<Verdict, VerdictRow>;
const STATUS_VERDICT: Record<RunStatus, Verdict> = { ok: 'AC', tle: 'TLE', mle: 'MLE', re: 'RE', ole: 'OLE', ie: 'IE' };

export function isVerdict(v: unknown): v is Verdict {
  return typeof v === 'string' && (VERDICTS as readonly string[]).includes(v);
}

export function verdictRow(v: Verdict): VerdictRow {
  return ROW[v];
}

/** The verdicts that count as a try (see `countsAsTry`), for the queries' `IN (...)` lists. */
export const TRY_VERDICTS: readonly Verdict[] = VERDICT_TABLE.filter((r) => r.countsAsTry).map((r) => r.code);

export function verdictName(v: Verdict): string {
  return ROW[v].name;
}

/** The words Codeforces users know: "Accepted", "Wrong answer on test 3", "Compilation error". */
export function verdictText(v: Verdict, failedTest: number | null): string {
  if (v === 'AC' || v === 'CE' || failedTest === null) return ROW[v].name;
  return `${ROW[v].name} on test ${failedTest}`;
}

/** The verdict a run's status stands for before any checker looks at it (`ok` counts as AC). */
export function statusVerdict(s: RunStatus): Verdict {
  return STATUS_VERDICT[s];
}

/** A cause that holds, or a falsy value for one that does not. */
type Cause<T> = T | false | null | undefined;

/** The verdict among the causes that hold, by rank; AC when none does. */
export function worstOf(...causes: Cause<Verdict>[]): Verdict {
  let worst: Verdict = 'AC';
  for (const c of causes) if (c && ROW[c].rank > ROW[worst].rank) worst = c;
  return worst;
}

/** `worstOf` for the sandbox's statuses; `ok` when no cause holds. */
export function worstStatus(...causes: Cause<RunStatus>[]): RunStatus {
  let worst: RunStatus = 'ok';
  for (const c of causes) if (c && ROW[STATUS_VERDICT[c]].rank > ROW[STATUS_VERDICT[worst]].rank) worst = c;
  return worst;
}
