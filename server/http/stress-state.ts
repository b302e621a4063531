import { verdictName } from '../judge/verdicts';
import type { StressRunRow } from '../storage/stress-runs';

/** One line saying where a stress run is, for the problem page's list of runs. */
export function stressRunState(r: Pick<StressRunRow, 'status' | 'result' | 'casesRun' | 'cases' | 'counterexample' | 'size' | 'seed'>): string {
  const what = `${r.cases} ${r.size} case(s), seed ${r.seed}`;
  if (r.status === 'queued') return `in queue (${what})`;
  if (r.status === 'running') return `running: ${r.casesRun} / ${r.cases} cases (size ${r.size}, seed ${r.seed})`;
  switch (r.result) {
    case 'passed':
      return `passed ${r.casesRun} case(s) (size ${r.size}, seed ${r.seed})`;
    case 'failed':
      return `${r.counterexample ? verdictName(r.counterexample.verdict) : 'failed'} on random case ${(r.counterexample?.caseIndex ?? 0) + 1} (size ${r.size}, seed ${r.seed})`;
    case 'cancelled':
      return `cancelled after ${r.casesRun} of ${r.cases} case(s) (size ${r.size}, seed ${r.seed})`;
    default:
      return `could not complete (${what})`;
  }
}
