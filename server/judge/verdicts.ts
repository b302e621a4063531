/** Verdict codes: a contract of the HTTP API and the CLI. */
export const VERDICTS = ['AC', 'WA', 'TLE', 'MLE', 'RE', 'CE', 'OLE', 'IE'] as const;
export type Verdict = (typeof VERDICTS)[number];

export function isVerdict(v: unknown): v is Verdict {
  return typeof v === 'string' && (VERDICTS as readonly string[]).includes(v);
}

const NAMES: Record<Verdict, string> = {
  AC: 'Accepted',
  WA: 'Wrong answer',
  TLE: 'Time limit exceeded',
  MLE: 'Memory limit exceeded',
  RE: 'Runtime error',
  CE: 'Compilation error',
  OLE: 'Output limit exceeded',
  IE: 'Judgement failed',
};

export function verdictName(v: Verdict): string {
  return NAMES[v];
}

/** The words Codeforces users know: "Accepted", "Wrong answer on test 3", "Compilation error". */
export function verdictText(v: Verdict, failedTest: number | null): string {
  if (v === 'AC' || v === 'CE' || failedTest === null) return NAMES[v];
  return `${NAMES[v]} on test ${failedTest}`;
}
