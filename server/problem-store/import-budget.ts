/**
 * What one import may spend running a package's programs. Without it nothing bounded solutions ×
 * tests × limit: 200 looping solutions held a judge thread for 220 s. The input validators and the
 * solution table draw on one budget; once it is spent nothing more of the package runs, and the
 * import report says so in a sentence (a row not run says why).
 */
export interface ImportBounds {
  /** Solutions run, in the table's order (accepted first); the rest are listed as not run. */
  solutions: number;
  /** CPU time of every run together (validators and solutions), ms. */
  cpuMs: number;
  /** Wall time from the first run (compiles, loads and waits for a core included), ms. */
  wallMs: number;
}

export const IMPORT_BOUNDS: ImportBounds = { solutions: 40, cpuMs: 60_000, wallMs: 180_000 };

export class ImportBudget {
  private cpuMs = 0;
  private solutionsRun = 0;
  private skipped = 0;
  private readonly startedAt = performance.now();
  /** The first bound reached, as the sentence the import report gives (null while within). */
  private spentBy: string | null = null;

  constructor(readonly bounds: ImportBounds = IMPORT_BOUNDS) {}

  /** Counts a run's CPU time; false once the budget is spent (the caller stops there). */
  charge(run: { timeMs: number }): boolean {
    this.cpuMs += Number.isFinite(run.timeMs) && run.timeMs > 0 ? run.timeMs : 0;
    return !this.spent();
  }

  /** True once any bound is reached (checked before every run). */
  spent(): boolean {
    if (this.spentBy) return true;
    const wall = performance.now() - this.startedAt;
    if (this.cpuMs >= this.bounds.cpuMs) this.spentBy = `${seconds(this.bounds.cpuMs)} of CPU time`;
    else if (wall >= this.bounds.wallMs) this.spentBy = `${seconds(this.bounds.wallMs)} of wall time`;
    return this.spentBy !== null;
  }

  /** Whether one more solution may run; counts it when it may. */
  takeSolution(): boolean {
    if (this.spent()) return false;
    if (this.solutionsRun >= this.bounds.solutions) return false;
    this.solutionsRun++;
    return true;
  }

  /** Why a row was not run (or, with `stopped`, not to the end), for its note; counted for the report. */
  whyNotRun(stopped?: string): string {
    this.skipped++;
    const why = this.spentBy ? `the import's budget of ${this.spentBy} was spent` : `an import runs at most ${this.bounds.solutions} solutions`;
    return `not run: ${why}${stopped ? ` (${stopped})` : ''}`;
  }

  /** The import report's sentence, or null when nothing was left unrun for the budget. */
  report(): string | null {
    const skipped = this.skipped;
    if (!skipped && !this.spentBy) return null;
    const what = this.spentBy
      ? `The import's budget of ${this.spentBy} running the package's programs was spent`
      : `An import runs at most ${this.bounds.solutions} of a package's solutions`;
    return `${what}: ${skipped} solution(s) were not run (or not to the end) and are listed as not run; their verdicts are not known.`;
  }
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
