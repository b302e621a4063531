import type { CaseLayout } from '../problems/case-layout';
import type { Expectation } from '../package-format/layout';
import type { PackageLanguage } from '../package-format/programs';
import type { Verdict } from '../judge/verdicts';
import type { TokenOptions } from './checker-options';
import type { InteractorModule } from '../package-format/interactor-files';
import type { NativePackageLanguage } from './native-languages';

/** One row of a package's solution table, as the import ran it. */
export interface SolutionReport {
  /** submissions/<folder>/: accepted, wrong_answer, … or any folder a real archive holds (mixed, rejected, …). */
  folder: string;
  /** The file's (or the program folder's) name under submissions/<folder>/. */
  name: string;
  language: PackageLanguage;
  /** The language's name when the judge does not run it ("Java"): listed as "not judged: Java". */
  languageName?: string;
  /** What the folder says the judge must answer (server/package-format/layout.ts): AC, WA, TLE, RE, "not AC", "AC or TLE", "any". */
  expected: Expectation;
  /** The judge's verdict (the first failing test's, or AC); null when not run (another language). */
  got: Verdict | null;
  failedTest: number | null;
  /** One character per test: '.' passed, the verdict's first letter, '-' not run. */
  tests: string;
  maxTimeMs: number;
  /** True when run and the verdict is the expected one. */
  ok: boolean;
  /** "kept, not run", or the first failure's message. */
  note: string | null;
  /** submissions/submissions.yaml's rules for it, as one line (then `ok` is theirs, not the folder's). */
  rules?: string;
}

/** How a stored problem compares an output with the answer. */
export type StoredChecker =
  | { kind: 'tokens'; options: TokenOptions }
  | { kind: 'validator'; name: string; language: 'typescript' | 'javascript'; source: string }
  /** The format's output validator program in C++ or Python (program-check.ts), with its arguments. */
  | {
      kind: 'program';
      path: string;
      language: NativePackageLanguage;
      files: { path: string; source: string }[];
      entry: string | null;
      testlib: boolean;
      args: string[];
      /** Multi-pass problems: limits.validation_passes, at most this many runs per test (absent: one). */
      passes?: number;
    }
  /** Interactive: the package's interactor modules, run in a sandbox of their own (sandboxed-interactor.ts). */
  | { kind: 'interactor'; entry: string; files: InteractorModule[] }
  /** Interactive: the format's interactor program in C++ or Python (program-interactor.ts), a testlib one too, with its arguments. */
  | { kind: 'interactor-program'; path: string; language: NativePackageLanguage; files: { path: string; source: string }[]; entry: string | null; testlib: boolean; args: string[] };

/** The stored_problems.package column: what the problem row and its tests do not hold. */
export interface StoredPackageData {
  format: 1;
  name: { en: string; zh?: string };
  source: string | null;
  license: string | null;
  type: string;
  validation: string;
  checker: StoredChecker;
  statementFormats: Record<string, 'md' | 'tex'>;
  /**
   * Every submission with its source (null for other languages: the name is kept) and what it got
   * at import; a program of several files (a folder) also with its files, so the export writes the
   * folder back as it came.
   */
  solutions: (SolutionReport & { source: string | null; files?: { path: string; source: string }[] })[];
  notes: string[];
  /** Input of T cases of fixed lines (a lab draft's): wrong answers name "case k of T". Absent: none. */
  caseLayout?: CaseLayout | null;
  /** problem.yaml's uuid as imported (absent: the export makes a stable one from the slug). */
  uuid?: string;
  /** problem.yaml's validator_flags as given (the checker holds them parsed). Absent: none. */
  validatorFlags?: string;
  /** Every file under input_validators/ as imported (path from the package root), for the export. */
  inputValidators?: { path: string; source: string }[];
  /** sg-judge/ files as imported (path under sg-judge/), for the export; the generator is its own column. */
  extra?: { path: string; text: string }[];
}

export class StoreRefused extends Error {
  constructor(readonly reasons: string[]) {
    super(reasons.join(' '));
  }
}
