import type { RunResult } from '../sandbox/types';

/** Most cases one run carries, whatever the validator allows (keeps one run's input and output small). */
export const MAX_CASES_PER_RUN = 256;

/**
 * How many cases each run of a batched stress run carries, so that the time limit still means
 * "per case" (docs/stress-testing.md says the rule to users):
 *  - the first runs carry 1 case;
 *  - after a round whose every run ended normally within a sixteenth of the time limit (CPU), the
 *    next runs carry twice as many;
 *  - after a round where a run used more than a quarter of the limit, or failed, they carry half
 *    as many (at least 1);
 *  - never more than the validator accepts (the problem's bound on T and on the input's size) nor
 *    MAX_CASES_PER_RUN.
 * A run's CPU time therefore stays near or under a quarter of the limit once the size settles: a
 * fast program gets runs of many cases, a slow one runs of one.
 */
export class BatchSize {
  private size = 1;
  private cap = MAX_CASES_PER_RUN;

  constructor(private readonly timeLimitMs: number) {}

  /** Cases the next run carries. */
  get casesPerRun(): number {
    return Math.min(this.size, this.cap);
  }

  /** The validator accepted only `n` cases in one input: no run carries more from now on. */
  capAt(n: number): void {
    this.cap = Math.max(1, Math.min(this.cap, n));
  }

  /** Adapts to a round of runs just finished. */
  after(runs: readonly RunResult[]): void {
    if (runs.length === 0) return;
    const cpu = Math.max(...runs.map((r) => r.timeMs));
    const failed = runs.some((r) => r.status !== 'ok');
    if (failed || cpu > this.timeLimitMs / 4) this.size = Math.max(1, Math.floor(this.casesPerRun / 2));
    else if (cpu <= this.timeLimitMs / 16) this.size = Math.min(this.cap, this.casesPerRun * 2);
  }
}
