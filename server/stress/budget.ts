import type { RunResult } from '../sandbox/types';

/** Judge CPU one stress run may use: the solution's CPU time plus the judge's own work per case. */
export const STRESS_CPU_BUDGET_MS = 60_000;

/**
 * A stress run's CPU budget. A run that spends it stops taking new cases and ends as passed so far,
 * with a note, not as a failure: a slow but correct program is not wrong, it just cannot have a
 * judge thread for hours.
 */
export class StressBudget {
  private usedMs = 0;

  constructor(private readonly limitMs = STRESS_CPU_BUDGET_MS) {}

  /** The solution's CPU time over runs just finished. */
  chargeRuns(runs: readonly RunResult[]): void {
    for (const r of runs) this.usedMs += r.timeMs;
  }

  /** CPU time the judge thread itself spent on the run (generating cases, asking the references): CPU, so a busy machine does not spend the budget. */
  chargeJudge(ms: number): void {
    this.usedMs += ms;
  }

  used(): number {
    return this.usedMs;
  }

  exhausted(): boolean {
    return this.usedMs >= this.limitMs;
  }

  /** What a run stopped by the budget says instead of "passed N cases". */
  static note(cases: number): string {
    return `budget exhausted after ${cases} cases`;
  }
}
