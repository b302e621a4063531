import type { RunResult } from '../sandbox/types';
import { compareTokens } from './checker';
import type { Verdict } from './verdicts';

/** The verdict of one test: the sandbox's account of the run first, then the checker. */
export function decideTestVerdict(run: RunResult, expected: string): { verdict: Verdict; checkerMessage: string | null } {
  switch (run.status) {
    case 'tle':
      return { verdict: 'TLE', checkerMessage: null };
    case 'mle':
      return { verdict: 'MLE', checkerMessage: null };
    case 'ole':
      return { verdict: 'OLE', checkerMessage: null };
    case 're':
      return { verdict: 'RE', checkerMessage: null };
    case 'ie':
      return { verdict: 'IE', checkerMessage: null };
    case 'ok': {
      const check = compareTokens(expected, run.stdout);
      return { verdict: check.ok ? 'AC' : 'WA', checkerMessage: check.message };
    }
  }
}
