import { createBoundedCompiler } from '../compile/bounded-compiler';
import type { ScriptLanguage } from '../languages/types';
import type { Compiler } from '../compile/types';
import { judgeOne as judgeInput } from '../judge/judge-one';
import type { Verdict } from '../judge/verdicts';
import type { PackageTest, ParsedPackage, SubmissionFolder } from '../package-format/parse';
import { createSandbox, DEFAULT_OUTPUT_LIMIT, type Sandbox } from '../sandbox';
import { checkOf, type StoredCheck } from './check';
import { ImportBudget } from './import-budget';
import { checkerOf } from './package-data';
import type { SolutionReport, StoredChecker } from './types';

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

/** The package's tests in judging order: samples, then the secret ones. */
export function packageTests(pkg: ParsedPackage): PackageTest[] {
  return [...pkg.samples, ...pkg.secret];
}

/**
 * The package's solution table: every TypeScript or JavaScript file under submissions/<folder>/
 * compiled and run in the sandbox on every test (stopping at its first failure, as the judge
 * does), its verdict compared with the folder's; other languages are listed as kept, not run.
 */
export async function runPackageSolutions(pkg: ParsedPackage, opts: RunSolutionsOptions = {}): Promise<SolutionReport[]> {
  // A compiler thread of its own, time-bounded: the HTTP process never loads TypeScript itself.
  const compiler = opts.compiler ?? createBoundedCompiler();
  const sandbox = opts.sandbox ?? (await createSandbox());
  const checker = opts.checker ?? checkerOf(pkg).checker;
  const { check, interactor, close } = checkOf(checker, compiler, pkg.limits);
  const tests = packageTests(pkg);
  const budget = opts.budget ?? new ImportBudget();
  const rows: SolutionReport[] = [];
  try {
    for (const folder of Object.keys(EXPECTED) as SubmissionFolder[]) {
      for (const s of pkg.submissions[folder] ?? []) {
        const row: SolutionReport = { folder, name: s.name, language: s.language, expected: EXPECTED[folder], got: null, failedTest: null, tests: '-'.repeat(tests.length), maxTimeMs: 0, ok: false, note: null };
        if (s.language === 'other' || s.source === null) {
          row.note = 'kept, not run (only TypeScript and JavaScript are run)';
        } else if (!budget.takeSolution()) {
          row.note = budget.whyNotRun();
        } else {
          await judgeOne(row, s.source, s.language, tests, pkg.limits, { compiler, sandbox, check, interactor, budget });
        }
        rows.push(row);
        opts.onRow?.(row);
      }
    }
  } finally {
    await close();
    if (!opts.sandbox) await sandbox.close();
    else sandbox.release();
    if (!opts.compiler) await compiler.close();
  }
  return rows;
}

async function judgeOne(
  row: SolutionReport,
  source: string,
  language: ScriptLanguage,
  tests: PackageTest[],
  limits: { timeMs: number; memoryMb: number },
  deps: { compiler: Compiler; sandbox: Sandbox; check: StoredCheck['check']; interactor?: StoredCheck['interactor']; budget: ImportBudget },
): Promise<void> {
  const compiled = await deps.compiler.compile(source, language);
  if (!compiled.ok) {
    row.got = 'CE';
    row.note = compiled.diagnostics.split('\n')[0] ?? 'does not compile';
    row.ok = row.expected === 'CE';
    return;
  }
  await deps.sandbox.load(compiled.js, { ...limits, outputBytes: DEFAULT_OUTPUT_LIMIT });
  let marks = '';
  for (const [i, test] of tests.entries()) {
    // The judge's own "run one input and judge it": a game with the interactor, or a run and its check.
    const { verdict, message, run } = await judgeInput(deps.sandbox, test.input, test.answer, limits, deps.interactor, deps.check);
    row.maxTimeMs = Math.max(row.maxTimeMs, run.timeMs);
    marks += MARK[verdict];
    const within = deps.budget.charge(run);
    if (verdict !== 'AC') {
      row.got = verdict;
      row.failedTest = i + 1;
      row.note = `test ${i + 1} (${test.name}): ${(message ?? verdict).split('\n')[0]!.slice(0, 300)}`;
      break;
    }
    // The import's budget is spent: this solution's verdict is not known, and nothing more runs.
    if (!within && i < tests.length - 1) {
      row.note = deps.budget.whyNotRun(`stopped after test ${i + 1}`);
      row.tests = marks.padEnd(tests.length, '-');
      return;
    }
  }
  row.got ??= 'AC';
  row.tests = marks.padEnd(tests.length, '-');
  row.ok = row.got === row.expected;
}

/** The table as the CLI prints it, one line per solution. */
export function formatSolutionRow(r: SolutionReport): string {
  const mark = r.got === null ? 'kept' : r.ok ? 'ok  ' : 'FAIL';
  const got = r.got === null ? 'not run' : r.failedTest === null ? r.got : `${r.got} on ${r.failedTest}`;
  return `  ${mark} ${`${r.folder}/${r.name}`.padEnd(40)} ${r.tests.length > 60 ? `${r.tests.slice(0, 60)}…` : r.tests}  expected ${r.expected.padEnd(3)} got ${got}${r.note && !r.ok ? ` — ${r.note}` : ''}`;
}
