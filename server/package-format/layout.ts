import type { Verdict } from '../judge/verdicts';

/**
 * What each version of the problem package format names differently. A problem.yaml without
 * `problem_format_version` is legacy, by the format's own rule; "2023-07-draft" and "2023-07" are
 * one version; "2025-09" (and its "-draft") reads as 2023-07 where it does not differ.
 */
export type FormatVersion = 'legacy' | '2023-07' | '2025-09';

export function formatVersionOf(declared: unknown): FormatVersion | null {
  if (declared === undefined || declared === null || declared === 'legacy') return 'legacy';
  if (declared === '2023-07-draft' || declared === '2023-07') return '2023-07';
  if (declared === '2025-09-draft' || declared === '2025-09') return '2025-09';
  return null;
}

/** The statement folder of each version (the other one is read too, with a note). */
export const STATEMENT_DIR: Record<FormatVersion, string> = { legacy: 'problem_statement', '2023-07': 'statement', '2025-09': 'statement' };
/** The output validator's folder: legacy allows several, 2023-07 exactly one program. */
export const OUTPUT_VALIDATOR_DIR: Record<FormatVersion, string> = { legacy: 'output_validators', '2023-07': 'output_validator', '2025-09': 'output_validator' };
/** testdata.yaml's name (2025-09 renames it). */
export const GROUP_CONFIG: Record<FormatVersion, string[]> = { legacy: ['testdata.yaml'], '2023-07': ['testdata.yaml'], '2025-09': ['test_group.yaml', 'testdata.yaml'] };

/**
 * What a submission folder says about the verdict the judge must give. `AC`..`RE`: exactly that
 * verdict; `not AC`: any rejection (rejected/, partially_accepted/ on a pass-fail judge);
 * `AC or TLE`: slow_accepted/ (too slow for a safe limit, still correct); `any`: the folder says
 * nothing a pass-fail judge can check (mixed/, brute_force/, DOMjudge's multiple/, …), a note.
 */
export type Expectation = Verdict | 'not AC' | 'AC or TLE' | 'any';

export const FOLDER_EXPECTATION: Record<string, Expectation> = {
  accepted: 'AC',
  wrong_answer: 'WA',
  time_limit_exceeded: 'TLE',
  run_time_error: 'RE',
  compiler_error: 'CE',
  output_limit: 'OLE',
  rejected: 'not AC',
  partially_accepted: 'not AC',
  slow_accepted: 'AC or TLE',
  // DOMjudge's: no output at all is a wrong answer there.
  no_output: 'WA',
};

/** The folders each version names itself; others are read with a note. */
export const KNOWN_SUBMISSION_FOLDERS: Record<FormatVersion, string[]> = {
  legacy: ['accepted', 'partially_accepted', 'wrong_answer', 'time_limit_exceeded', 'run_time_error'],
  '2023-07': ['accepted', 'rejected', 'wrong_answer', 'time_limit_exceeded', 'run_time_error', 'brute_force'],
  '2025-09': ['accepted', 'rejected', 'wrong_answer', 'time_limit_exceeded', 'run_time_error', 'brute_force'],
};

export function expectationOf(folder: string): Expectation {
  return FOLDER_EXPECTATION[folder] ?? 'any';
}

/** Whether a verdict meets what the folder expects. */
export function meets(expected: Expectation, got: Verdict): boolean {
  if (expected === 'any') return true;
  if (expected === 'not AC') return got !== 'AC' && got !== 'IE';
  if (expected === 'AC or TLE') return got === 'AC' || got === 'TLE';
  // Kattis reports a program over its memory limit as a run-time error: run_time_error/ holds those too.
  if (expected === 'RE') return got === 'RE' || got === 'MLE';
  return got === expected;
}

/** The format's time multipliers and their defaults, by version. */
export const TIME_DEFAULTS: Record<FormatVersion, { acToTimeLimit: number; timeLimitToTle: number }> = {
  legacy: { acToTimeLimit: 5, timeLimitToTle: 2 },
  '2023-07': { acToTimeLimit: 2, timeLimitToTle: 1.5 },
  '2025-09': { acToTimeLimit: 2, timeLimitToTle: 1.5 },
};
