import { verdictName } from '../judge/verdicts';
import type { Lang } from './statements';
import { translatePhrase } from './ui-text';
import type { StressRunRow } from '../storage/stress-runs';

/** One line saying where a stress run is, for the problem page's list of runs. */
export function stressRunState(r: Pick<StressRunRow, 'status' | 'result' | 'casesRun' | 'cases' | 'counterexample' | 'size' | 'seed'> & { shrinkSteps?: number | null }, lang: Lang = 'en'): string {
  const t = (text: string, ...args: unknown[]): string => translatePhrase(text, lang, args);
  const size = t(r.size);
  if (r.status === 'queued') return t('in queue ({0} {1} case(s), seed {2})', r.cases, size, r.seed);
  // While a failing case is shrunk, "0 / 1000 cases" would read as no progress at all.
  if (r.status === 'running' && r.shrinkSteps !== null && r.shrinkSteps !== undefined) return t('shrinking a failing case (size {0}, seed {1})', size, r.seed);
  if (r.status === 'running') return t('running: {0} / {1} cases (size {2}, seed {3})', r.casesRun, r.cases, size, r.seed);
  switch (r.result) {
    case 'passed':
      return t('passed {0} case(s) (size {1}, seed {2})', r.casesRun, size, r.seed);
    case 'failed':
      return t('{0} on random case {1} (size {2}, seed {3})', t(r.counterexample ? verdictName(r.counterexample.verdict) : 'failed'), (r.counterexample?.caseIndex ?? 0) + 1, size, r.seed);
    case 'cancelled':
      return t('cancelled after {0} of {1} case(s) (size {2}, seed {3})', r.casesRun, r.cases, size, r.seed);
    default:
      return t('could not complete ({0} {1} case(s), seed {2})', r.cases, size, r.seed);
  }
}
