import { said } from '../text/messages';

/**
 * Which built-in problems are still being built. The judge listens before its problem packages
 * are built (main.ts builds them in the background), so pages, the submit routes and the health
 * API ask here: a problem being built is shown as such and takes no submission, sample run or
 * stress run until its tests are stored (they are stored in one transaction, all or nothing).
 * Empty (every problem ready) in any process that does not build problems at start-up.
 */
const building = new Set<string>();
let startedAt = 0;

export const problemReadiness = {
  /** The packages about to be built; called before the server listens. */
  startBuilding(slugs: readonly string[]): void {
    startedAt = performance.now();
    for (const s of slugs) building.add(s);
  },
  /** A package's build ended (stored, or skipped with a warning). */
  settled(slug: string): void {
    building.delete(slug);
  },
  isBuilding(slug: string): boolean {
    return building.has(slug);
  },
  buildingSlugs(): string[] {
    return [...building].sort();
  },
  /** Seconds since startBuilding, for the readiness line. */
  seconds(): number {
    return (performance.now() - startedAt) / 1000;
  },
};

/** The sentence of a refused submission, sample run or stress run (HTTP 503). */
export const STILL_BUILDING = said('error.still-building');
