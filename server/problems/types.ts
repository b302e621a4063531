import type * as fc from 'fast-check';
import type { Said } from '../text/messages';

/** Generator sizes, smallest first. `tiny` and `small` are meant for brute-force cross-checks. */
export type Size = 'tiny' | 'small' | 'medium' | 'max';
export const SIZES: readonly Size[] = ['tiny', 'small', 'medium', 'max'];

export interface Limits {
  /** CPU time per test, milliseconds. */
  timeMs: number;
  /** Memory per test, MiB. */
  memoryMb: number;
}

export type Validation = { ok: true } | { ok: false; line: number; message: string };

/** How many random tests of each size the stored test set holds. */
export interface GeneratedTests {
  size: Size;
  count: number;
}

/**
 * A problem package: data plus small pure functions. Everything the judge knows about a problem
 * comes from here (and the files beside `index.ts`); the judge has no per-problem special cases.
 *
 * `I` is the structured form of one input file (e.g. `{ cases: number[][] }`): generators produce
 * it, `format` turns it into the exact input text.
 */
export interface ProblemPackage<I = unknown> {
  slug: string;
  title: { en: string; zh: string };
  /** Credit to the original source, e.g. "SDOI2009 E&D (Luogu P2148)". */
  source: string;
  limits: Limits;
  /** Output comparison; every problem of this set compares tokens. */
  checker: 'tokens';
  /**
   * Random valid inputs of a size, as a fast-check arbitrary: deterministic from fast-check's seed,
   * and shrinkable towards smaller inputs that stay valid.
   */
  arbitrary(size: Size): fc.Arbitrary<I>;
  /** The exact input text (canonical format, ends with a newline). */
  format(input: I): string;
  /** Checks an input text against every constraint and the exact format. */
  validate(text: string): Validation;
  /** Sizes at which `reference/<slug>/brute` is fast enough to run on every generated case. */
  bruteSizes: readonly Size[];
  /** Hand-made edge cases stored as tests, beside samples and random tests (deterministic). */
  edgeCases(): I[];
  /** Random tests stored per size (seeded from the slug, so they are the same on every machine). */
  generated: readonly GeneratedTests[];
  /** Malformed or out-of-range inputs the validator must reject, each with the reason. */
  invalidInputs: readonly { input: string; why: string }[];
  /**
   * Interactive problem: the program plays against `reference/<slug>/interactor.ts`, which reads
   * the test's input and judges the dialogue; the reference's `solve` gives only the stored
   * "expected" text (e.g. which side wins), and `reference/<slug>/player.ts` is the fast player.
   */
  interactive?: boolean;
}

/** The interactor's view of the program: lines to its standard input, lines from its output. */
export interface InteractorIO {
  /** Sends one line (a newline is added) to the program at once. */
  send(line: string): void;
  /** The program's next output line without its line end; null once it ended (or closed stdout). */
  read(): Promise<string | null>;
}

export interface InteractorVerdict {
  verdict: 'AC' | 'WA';
  /** Shown to the user: why the answer is wrong, or a short summary of a won game. */
  message: string;
  /** The message as an id and arguments (server/text/messages.ts), so a Chinese page says it by id. */
  said?: Said;
  /**
   * For the teacher only (a package interactor's feedback/judgemessage.txt, which may name the
   * answer): shown on the submission page to the problem's teacher, never to the student.
   */
  judgeMessage?: string;
}

/**
 * `reference/<slug>/interactor.ts`: trusted code run by the judge, outside the sandbox. An imported
 * package's interactor has the same form but runs in a sandbox of its own (problem-store/sandboxed-interactor.ts).
 */
export interface Interactor {
  /** `test.answer`: the test's answer file (a package's interactor is given it; a built-in one needs none). */
  interact(input: string, io: InteractorIO, test?: { answer: string }): Promise<InteractorVerdict>;
  /**
   * The format's rule (problemtools, DOMjudge): a wrong answer the interactor gives *before* the
   * program ended stands over the program's own TLE, RE, MLE or OLE. Without it (the judge's own
   * interactors), the program's failure outranks what the interactor said.
   */
  validatorFirst?: boolean;
  /**
   * Gets ready before a game starts (a stored package's interactor compiles and starts its
   * sandbox), so that time is neither the player's wait nor the interactor's computing.
   */
  prepare?(): Promise<void>;
}

/** A reference solver module: `reference/<slug>/fast.ts` and `reference/<slug>/brute.ts`. */
export interface ReferenceSolver {
  solve(input: string): string;
}

export function definePackage<I>(pkg: ProblemPackage<I>): ProblemPackage<I> {
  return pkg;
}
