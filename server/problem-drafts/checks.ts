/**
 * A draft's checks, run in a judge thread through the real compiler and sandbox (the teacher's
 * reference, generator and wrong solutions are untrusted code like any submission): the reference
 * writes the answers the teacher left out, then every solution is judged on every test and must get
 * the verdict it is filed under. A lab draft's brute force is checked on the small tests, and a
 * predicted wrong solution that survives the tests gets a test of the states where it differs from
 * the fast reference (found by its formula), after which it is judged again.
 */
import type { Compiler } from '../compile/types';
import type { ScriptLanguage } from '../languages/types';
import { decideTestVerdict } from '../judge/test-verdict';
import type { Verdict } from '../judge/verdicts';
import type { PackageSubmission, PackageTest, SubmissionFolder } from '../package-format/parse';
import { draftTableFindings, errorsOf, generatorFindings, type DraftRow } from '../package-format/verify';
import { DEFAULT_OUTPUT_LIMIT, type Sandbox } from '../sandbox/types';
import { MAX_CASES, type DraftPackage } from './draft-package';
import { differingStates } from './lab-draft';
import { formulaFunction } from './sg-formula';

/** A row of the draft's table (`verdict` null while it has not run; `failedTest` 1-based over samples then secret tests). */
export type CheckRow = DraftRow;

export interface CheckOutcome {
  rows: CheckRow[];
  /** Every reason the draft cannot be published, as sentences; empty when it can. */
  reasons: string[];
  /** Tests added to kill wrong solutions that survived, by name. */
  added: string[];
}

export interface CheckDeps {
  compiler: Compiler;
  sandbox: Sandbox;
}

const EXPECTED: Record<SubmissionFolder, Verdict> = { accepted: 'AC', wrong_answer: 'WA', time_limit_exceeded: 'TLE', run_time_error: 'RE' };

type Judged = { verdict: Verdict; failedTest: number | null; message: string | null };

/** One program on the tests in order, stopped at the first failure (as the judge does). */
async function judge(source: string, language: ScriptLanguage, tests: { input: string; answer: string }[], draft: DraftPackage, deps: CheckDeps, firstIndex = 1): Promise<Judged> {
  const compiled = await deps.compiler.compile(source, language);
  if (!compiled.ok) return { verdict: 'CE', failedTest: null, message: compiled.diagnostics };
  try {
    await deps.sandbox.load(compiled.js, { ...draft.pkg.limits, outputBytes: DEFAULT_OUTPUT_LIMIT });
    for (let i = 0; i < tests.length; i++) {
      const run = await deps.sandbox.run(tests[i]!.input);
      const { verdict, checkerMessage } = decideTestVerdict(run, tests[i]!.answer);
      if (verdict !== 'AC') return { verdict, failedTest: firstIndex + i, message: checkerMessage ?? run.message };
    }
    return { verdict: 'AC', failedTest: null, message: null };
  } finally {
    deps.sandbox.release();
  }
}

/**
 * The reference's answers to the tests named in `unanswered` (they hold an empty answer until
 * then): null when it wrote them all, else the sentence saying where it failed.
 */
async function writeAnswers(draft: DraftPackage, unanswered: Set<string>, deps: CheckDeps): Promise<string | null> {
  const reference = draft.pkg.submissions.accepted[0];
  if (!reference?.source) return 'There is no reference solution to write the answers.';
  const compiled = await deps.compiler.compile(reference.source, reference.language === 'javascript' ? 'javascript' : 'typescript');
  if (!compiled.ok) return `The reference does not compile:\n${compiled.diagnostics.slice(0, 2000)}`;
  try {
    await deps.sandbox.load(compiled.js, { ...draft.pkg.limits, outputBytes: DEFAULT_OUTPUT_LIMIT });
    for (const [group, tests] of [['sample', draft.pkg.samples], ['secret', draft.pkg.secret]] as const) {
      for (const t of tests) {
        if (!unanswered.has(`${group}/${t.name}`)) continue;
        const run = await deps.sandbox.run(t.input);
        if (run.status !== 'ok') return `The reference failed on ${group} test ${t.name} (${run.status}${run.message ? `: ${run.message}` : ''}), so it cannot write its answer.`;
        t.answer = run.stdout;
      }
    }
    return null;
  } finally {
    deps.sandbox.release();
  }
}

const allTests = (d: DraftPackage): PackageTest[] => [...d.pkg.samples, ...d.pkg.secret];

export async function runDraftChecks(draft: DraftPackage, unanswered: Set<string>, deps: CheckDeps, onRow: (rows: CheckRow[]) => void = () => {}): Promise<CheckOutcome> {
  const added: string[] = [];
  if (unanswered.size) {
    const failed = await writeAnswers(draft, unanswered, deps);
    if (failed) return { rows: [], reasons: [failed], added };
  }
  const solutions: { sub: PackageSubmission; folder: SubmissionFolder }[] = [];
  for (const folder of Object.keys(EXPECTED) as SubmissionFolder[]) {
    for (const sub of draft.pkg.submissions[folder]) if (sub.source !== null) solutions.push({ sub, folder });
  }
  const rows: CheckRow[] = solutions.map(({ sub, folder }) => ({ name: `${folder}/${sub.name}`, expected: EXPECTED[folder], verdict: null, failedTest: null }));
  const brute = draft.lab && draft.extra.find((f) => f.path === 'brute.ts');
  const small = brute ? allTests(draft).filter((t) => t.input.split('\n').slice(1).filter(Boolean).every((n) => Number(n) <= draft.lab!.bruteMax)) : [];
  if (brute) rows.push({ name: `sg-judge/brute.ts (the ${small.length} tests with heaps up to ${draft.lab!.bruteMax})`, expected: 'AC', verdict: null, failedTest: null });
  const report = () => onRow(rows.map((r) => ({ ...r })));
  report();
  for (let i = 0; i < solutions.length; i++) {
    const { sub } = solutions[i]!;
    const j = await judge(sub.source!, sub.language === 'javascript' ? 'javascript' : 'typescript', allTests(draft), draft, deps);
    rows[i] = { ...rows[i]!, verdict: j.verdict, failedTest: j.failedTest };
    report();
  }
  if (brute) {
    const j = await judge(brute.text, 'typescript', small, draft, deps);
    rows[solutions.length] = { ...rows[solutions.length]!, verdict: j.verdict, failedTest: j.failedTest };
    report();
  }

  // A predicted wrong solution the tests miss: a test of the states where it is wrong, then again.
  const fastRow = rows.findIndex((r) => r.expected === 'AC' && r.name.startsWith('accepted/'));
  for (let i = 0; i < solutions.length; i++) {
    const row = rows[i]!;
    const formula = draft.lab?.wrong.find((w) => `wrong_answer/${w.name}` === row.name)?.formula;
    if (row.expected !== 'WA' || row.verdict !== 'AC' || !formula || fastRow < 0) continue;
    const truth = formulaFunction(draft.lab!.fast);
    const states = differingStates(formulaFunction(formula), truth, draft.lab!.min, draft.lab!.maxN, MAX_CASES);
    if (!states.length) continue;
    const name = `${String(draft.pkg.secret.length + 1).padStart(2, '0')}-kills-${row.name.slice('wrong_answer/'.length).replace(/\.ts$/, '')}`;
    const test: PackageTest = { name, input: `${states.length}\n${states.join('\n')}\n`, answer: states.map((n) => `${truth(n)}\n`).join('') };
    draft.pkg.secret.push(test);
    added.push(name);
    const index = allTests(draft).length;
    const fast = solutions[fastRow]!.sub;
    const again = await judge(fast.source!, 'typescript', [test], draft, deps, index);
    if (again.verdict !== 'AC') rows[fastRow] = { ...rows[fastRow]!, verdict: again.verdict, failedTest: again.failedTest };
    const wrong = await judge(solutions[i]!.sub.source!, 'typescript', [test], draft, deps, index);
    rows[i] = { ...row, verdict: wrong.verdict, failedTest: wrong.failedTest };
    report();
  }

  // The verifier's parts (server/package-format/verify/): the solution table, then the generator.
  const reference = draft.pkg.submissions.accepted.some((s) => s.source !== null);
  const reasons = errorsOf([...draftTableFindings(rows, reference), ...(await generatorFindings(draft.generator, deps.compiler))]);
  return { rows, reasons, added };
}
