import { createBoundedCompiler } from '../compile/bounded-compiler';
import type { Compiler } from '../compile/types';
import { judgeOne as judgeInput } from '../judge/judge-one';
import type { Verdict } from '../judge/verdicts';
import { expectationOf, meets } from '../package-format/layout';
import type { PackageTest, ParsedPackage, SubmissionFolder } from '../package-format/parse';
import { compileProgram } from '../languages/compile-program';
import { loadCompiled } from '../languages/program-sandbox';
import { isNativePackageLanguage, NATIVE_ID, nativeUnavailable } from './native-languages';
import type { LanguageId } from '../languages/types';
import { LANGUAGE_NAME } from '../package-format/programs';
import { DEFAULT_OUTPUT_LIMIT, type Sandbox } from '../sandbox';
import { createProgramSandbox } from '../languages/program-sandbox';
import { checkOf, type StoredCheck } from './check';
import { ImportBudget } from './import-budget';
import { MAX_TIME_MS, checkerOf } from './package-data';
import type { SolutionReport, StoredChecker } from './types';
import { weigh, type RunSoFar, type SubmissionRule } from '../package-format/submissions-yaml';

/** The four folders with one exact verdict (drafts write these). */
export const EXPECTED: Record<SubmissionFolder, Verdict> = { accepted: 'AC', wrong_answer: 'WA', time_limit_exceeded: 'TLE', run_time_error: 'RE' };
const MARK: Record<Verdict, string> = { AC: '.', WA: 'W', TLE: 'T', MLE: 'M', RE: 'R', CE: 'C', OLE: 'O', IE: 'I' };

export interface RunSolutionsOptions {
  compiler?: Compiler;
  sandbox?: Sandbox;
  /** The checker to judge with (default: the package's own, as storePackage would store it). */
  checker?: StoredChecker;
  /** Each row as it is finished (the CLI prints them as they come). */
  onRow?: (row: SolutionReport) => void;
  /** What the table may spend (an import's, shared with its input validators; default: a fresh IMPORT_BOUNDS one). */
  budget?: ImportBudget;
}

export interface SolutionTable {
  rows: SolutionReport[];
  /** The time limit the rows were judged with (the package's, or computed from the accepted runs). */
  timeMs: number;
  /** How it was decided, for the report. */
  timeNote: string | null;
}

/** The package's tests in judging order: samples, then the secret ones. */
export function packageTests(pkg: ParsedPackage): PackageTest[] {
  return [...pkg.samples, ...pkg.secret];
}

/** Accepted first (a computed time limit needs their times), then the other folders in name order. */
function folderOrder(pkg: ParsedPackage): string[] {
  // The four exact folders in the format's order (wrong answers before the slow ones, which cost a
  // whole limit each), then any other folder by name.
  const known = Object.keys(EXPECTED);
  const rank = (f: string) => (known.includes(f) ? known.indexOf(f) : known.length);
  const rest = Object.keys(pkg.submissions).filter((f) => f !== 'accepted').sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
  return ['accepted', ...rest];
}

/**
 * The package's solution table: every submission in a language the judge runs, compiled and run
 * in the sandbox on every test (stopping at its first failure, as the judge does), its verdict
 * compared with what its folder says; others are listed as "not judged: Java". When the package
 * gives no time limit (legacy), the accepted ones run first under the judge's largest limit and
 * the limit is their slowest time × the format's multiplier, rounded up to its resolution.
 */
export async function runPackageSolutions(pkg: ParsedPackage, opts: RunSolutionsOptions = {}): Promise<SolutionReport[]> {
  return (await runSolutionTable(pkg, opts)).rows;
}

export async function runSolutionTable(pkg: ParsedPackage, opts: RunSolutionsOptions = {}): Promise<SolutionTable> {
  // A compiler thread of its own, time-bounded: the HTTP process never loads TypeScript itself.
  const compiler = opts.compiler ?? createBoundedCompiler();
  const sandbox = opts.sandbox ?? (await createProgramSandbox());
  const checker = opts.checker ?? checkerOf(pkg).checker;
  const computed = pkg.timeRule?.kind === 'from accepted';
  let limits = { ...pkg.limits, ...(computed && { timeMs: MAX_TIME_MS }) };
  const stored = checkOf(checker, compiler, limits);
  const tests = packageTests(pkg);
  // Each test's name under data/, as submissions.yaml's test globs name them.
  const paths = [...pkg.samples.map((t) => `sample/${t.name}`), ...pkg.secret.map((t) => `secret/${t.name}`)];
  const budget = opts.budget ?? new ImportBudget();
  const rows: SolutionReport[] = [];
  let timeNote: string | null = null;
  try {
    for (const folder of folderOrder(pkg)) {
      if (folder !== 'accepted' && computed && timeNote === null) ({ limits, timeNote } = computeLimit(pkg, rows, limits));
      // An accepted submission that fails refuses the import: the others are not worth their runs then.
      const refused = folder !== 'accepted' && rows.some((r) => r.folder === 'accepted' && r.got !== null && !r.ok);
      for (const s of pkg.submissions[folder] ?? []) {
        const row: SolutionReport = { folder, name: s.name, language: s.language, expected: expectationOf(folder), got: null, failedTest: null, tests: '-'.repeat(tests.length), maxTimeMs: 0, ok: false, note: null, ...(s.rulesText !== undefined && { rules: s.rulesText }) };
        if (refused) row.note = 'not run: an accepted submission failed, so the import is refused';
        else if (s.language === 'other') row.languageName = s.languageName ?? 'unknown';
        else if (s.files && s.files.length > 1) row.note = `not judged: ${LANGUAGE_NAME[s.language]} in ${s.files.length} files (the judge compiles one file)`;
        else if (!budget.takeSolution()) row.note = budget.whyNotRun();
        else {
          const native = isNativePackageLanguage(s.language) ? s.language : null;
          const why = native && nativeUnavailable(native);
          if (why) row.note = `not judged: ${LANGUAGE_NAME[s.language]} (${why})`;
          else await judgeProgram(row, s.source!, native ? NATIVE_ID[native] : (s.language as 'typescript' | 'javascript'), tests, limits, { compiler, sandbox, check: stored.check, interactor: stored.interactor, budget }, s.rules && { rules: s.rules, paths });
        }
        if (row.got === null && !row.note) row.note = `not judged: ${row.languageName ?? 'unknown language'}`;
        rows.push(row);
        opts.onRow?.(row);
      }
    }
    if (computed && timeNote === null) ({ limits, timeNote } = computeLimit(pkg, rows, limits));
  } finally {
    await stored.close();
    if (!opts.sandbox) await sandbox.close();
    else sandbox.release();
    if (!opts.compiler) await compiler.close();
  }
  return { rows, timeMs: limits.timeMs, timeNote };
}

/** The format's rule for a package without a time limit: slowest accepted × multiplier, rounded up. */
function computeLimit(pkg: ParsedPackage, rows: SolutionReport[], limits: { timeMs: number; memoryMb: number }): { limits: { timeMs: number; memoryMb: number }; timeNote: string } {
  const rule = pkg.timeRule?.kind === 'from accepted' ? pkg.timeRule : { multiplier: 5, resolution: 1 };
  const accepted = rows.filter((r) => r.folder === 'accepted' && r.got === 'AC');
  if (!accepted.length) return { limits: { ...limits, timeMs: pkg.limits.timeMs }, timeNote: `Time limit: no accepted submission ran here to compute it from, so ${pkg.limits.timeMs} ms is taken.` };
  const slowest = Math.max(...accepted.map((r) => r.maxTimeMs));
  const res = rule.resolution * 1000;
  const timeMs = Math.min(MAX_TIME_MS, Math.max(res, Math.ceil((slowest * rule.multiplier) / res) * res));
  return {
    limits: { ...limits, timeMs },
    timeNote: `Time limit: ${timeMs} ms, computed as the format says: the slowest accepted submission took ${slowest} ms, × ${rule.multiplier}, rounded up to ${rule.resolution} s.`,
  };
}

function settle(row: SolutionReport, verdict: Verdict, failedTest: number | null, message: string | null, marks: string, maxTimeMs: number, tests: PackageTest[]): void {
  row.got = verdict;
  row.failedTest = failedTest;
  row.maxTimeMs = maxTimeMs;
  row.tests = marks.padEnd(tests.length, '-');
  if (failedTest !== null) row.note = `test ${failedTest} (${tests[failedTest - 1]?.name ?? '?'}): ${(message ?? verdict).split('\n')[0]!.slice(0, 300)}`;
  row.ok = meets(row.expected, verdict);
}

async function judgeProgram(
  row: SolutionReport,
  source: string,
  language: LanguageId,
  tests: PackageTest[],
  limits: { timeMs: number; memoryMb: number },
  deps: { compiler: Compiler; sandbox: Sandbox; check: StoredCheck['check']; interactor?: StoredCheck['interactor']; budget: ImportBudget },
  expectations?: { rules: SubmissionRule[]; paths: string[] },
): Promise<void> {
  const rules = expectations?.rules;
  // TypeScript and JavaScript by the judge's compiler, C++ and Python by their toolchains in the box.
  const compiled = await compileProgram(deps.compiler, source, language);
  if (!compiled.ok) {
    row.got = 'CE';
    row.note = compiled.diagnostics.split('\n')[0] ?? 'does not compile';
    row.ok = rules ? false : meets(row.expected, 'CE');
    return;
  }
  await loadCompiled(deps.sandbox, compiled.program, { ...limits, outputBytes: DEFAULT_OUTPUT_LIMIT });
  let marks = '';
  let maxTimeMs = 0;
  // submissions.yaml's rules: each test's verdict and judge message, to weigh them against.
  const sofar: RunSoFar = { tests: expectations?.paths ?? [], verdicts: [], messages: [] };
  let first: { verdict: Verdict; test: number; message: string | null } | null = null;
  for (const [i, test] of tests.entries()) {
    // The judge's own "run one input and judge it": a game with the interactor, or a run and its check.
    const { verdict, message, run, judgeMessage, passesMs } = await judgeInput(deps.sandbox, test.input, test.answer, limits, deps.interactor, deps.check);
    maxTimeMs = Math.max(maxTimeMs, run.timeMs);
    marks += MARK[verdict];
    // A multi-pass test costs the budget every pass it ran.
    const within = deps.budget.charge(passesMs !== undefined ? { timeMs: passesMs } : run);
    sofar.verdicts.push(verdict);
    sofar.messages.push(judgeMessage ?? null);
    // The table is the teacher's: a package's judgemessage.txt (its first line) is said beside the student's message.
    const said = judgeMessage ? `${message ?? verdict} (judgemessage.txt: ${judgeMessage.split('\n')[0]})` : message;
    if (verdict !== 'AC' && !first) first = { verdict, test: i + 1, message: said };
    if (rules) {
      // Past its first failure a submission runs on only while its rules are still undecided.
      const w = weigh(rules, sofar);
      if (first && !w.undecided) return settleRules(row, first, marks, maxTimeMs, tests, w.ok);
    } else if (verdict !== 'AC') return settle(row, verdict, i + 1, said, marks, maxTimeMs, tests);
    // The import's budget is spent: this solution's verdict is not known, and nothing more runs.
    if (!within && i < tests.length - 1) {
      row.note = deps.budget.whyNotRun(`stopped after test ${i + 1}`);
      row.maxTimeMs = maxTimeMs;
      row.tests = marks.padEnd(tests.length, '-');
      return;
    }
  }
  if (rules) return settleRules(row, first, marks, maxTimeMs, tests, weigh(rules, sofar).ok);
  settle(row, 'AC', null, null, marks, maxTimeMs, tests);
}

/** A row judged by submissions.yaml's rules: its verdict the first failure's (or AC), `ok` the rules'. */
function settleRules(row: SolutionReport, first: { verdict: Verdict; test: number; message: string | null } | null, marks: string, maxTimeMs: number, tests: PackageTest[], ok: boolean): void {
  settle(row, first?.verdict ?? 'AC', first?.test ?? null, first?.message ?? null, marks, maxTimeMs, tests);
  row.ok = ok;
}

/** The table as the CLI prints it, one line per solution. */
export function formatSolutionRow(r: SolutionReport): string {
  const mark = r.got === null ? 'kept' : r.ok ? 'ok  ' : 'FAIL';
  const got = r.got === null ? (r.note ?? 'not judged') : r.failedTest === null ? r.got : `${r.got} on ${r.failedTest}`;
  return `  ${mark} ${`${r.folder}/${r.name}`.padEnd(40)} ${r.tests.length > 60 ? `${r.tests.slice(0, 60)}…` : r.tests}  expected ${(r.rules ?? r.expected).padEnd(3)} got ${got}${r.note && r.got !== null && !r.ok ? ` — ${r.note}` : ''}`;
}
