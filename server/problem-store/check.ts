import type { Compiler } from '../compile/types';
import type { OutputCheck } from '../judge/output-check';
import { compareWithOptions } from './checker-options';
import { outputValidator } from './output-validator';
import type { StoredChecker } from './types';

/** A stored problem's output check, ready to judge with; `close` frees the validator's sandbox. */
export function checkOf(checker: StoredChecker, compiler: Compiler): { check: OutputCheck; close(): Promise<void> } {
  if (checker.kind === 'validator') return outputValidator(checker.source, checker.language, compiler);
  const { options } = checker;
  return {
    check: async (test, output) => {
      const r = compareWithOptions(test.expected, output, options);
      return { verdict: r.ok ? 'AC' : 'WA', message: r.message, ...(r.said && { said: r.said }) };
    },
    close: async () => {},
  };
}
