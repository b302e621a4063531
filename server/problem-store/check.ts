import type { Compiler } from '../compile/types';
import type { OutputCheck } from '../judge/output-check';
import type { Interactor, Limits } from '../problems/types';
import { compareWithOptions } from './checker-options';
import { outputValidator } from './output-validator';
import { programOutputCheck } from './program-check';
import { programInteractor } from './program-interactor';
import { sandboxedInteractor } from './sandboxed-interactor';
import type { StoredChecker } from './types';

export interface StoredCheck {
  check: OutputCheck;
  /** Interactive problems: the package's interactor in its own sandbox (judging plays games with it; `check` is not asked). */
  interactor?: Interactor;
  /** Frees the validator's or the interactor's sandbox. */
  close(): Promise<void>;
}

/** A stored problem's output check, ready to judge with; `limits` (the problem's) size an interactor's budget. */
export function checkOf(checker: StoredChecker, compiler: Compiler, limits: Pick<Limits, 'timeMs'> = { timeMs: 1000 }): StoredCheck {
  if (checker.kind === 'validator') return outputValidator(checker.source, checker.language, compiler);
  if (checker.kind === 'program') return { check: programOutputCheck(checker, checker.args, checker.passes), close: async () => {} };
  if (checker.kind === 'interactor' || checker.kind === 'interactor-program') {
    const { interactor, close } = checker.kind === 'interactor' ? sandboxedInteractor(checker, limits, compiler) : programInteractor(checker, checker.args, limits);
    return { check: async () => ({ verdict: 'IE', message: 'an interactive problem is judged by its interactor, not by comparing outputs' }), interactor, close };
  }
  const { options } = checker;
  return {
    check: async (test, output) => {
      const r = compareWithOptions(test.expected, output, options);
      return { verdict: r.ok ? 'AC' : 'WA', message: r.message, ...(r.said && { said: r.said }) };
    },
    close: async () => {},
  };
}
