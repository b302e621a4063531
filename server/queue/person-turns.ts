/**
 * Fair turns between people, across every kind of job (docs/security.md, "Fair turns"). Each person
 * has a count of turn points; a job that takes a thread adds its kind's cost (a sample run 1, a
 * custom invocation 2, a submission, a stress-run slice or a lab job 3). The next thread goes to the
 * waiting person with the fewest points, so a flood of any kind, or of several kinds, from one
 * person costs another person at most the job already running.
 *
 * The counts are relative to the queue's clock: the points of the last person served. Someone who
 * was away (no work waiting or running) comes back one point below that clock, ahead of everyone who
 * kept work queued: a person returning from idle gets the next free thread, however many accounts
 * keep the queue full. Their own backlog then takes turns like anyone's.
 */
export interface Head {
  kind: string;
  id: number;
  person: string;
  /** The kind's order (lower first): among one person's jobs, and between people tied on points. */
  priority: number;
  cost: number;
  /** Long jobs never take the last idle thread (see kinds/stress.ts). */
  long: boolean;
}

export interface Choice {
  /** Every kind's oldest queued job per person. */
  heads: Head[];
  /** Jobs each person has on a thread now. */
  running: ReadonlyMap<string, number>;
  /** Threads one person may hold while someone else has work that could use one. */
  runningCap: number;
  /** Whether a long job may take a thread now. */
  longAllowed: boolean;
}

export class PersonTurns {
  private readonly points = new Map<string, number>();
  private clock = 0;

  /** The job that gets the next thread, or undefined when nothing waiting may take it now. */
  choose({ heads, running, runningCap, longAllowed }: Choice): Head | undefined {
    const eligible = heads.filter((h) => longAllowed || !h.long);
    this.forgetIdle(new Set([...heads.map((h) => h.person), ...[...running].filter(([, n]) => n > 0).map(([p]) => p)]));
    // Each person's own next job: the shortest kind first, then the oldest.
    const next = new Map<string, Head>();
    for (const h of eligible) {
      const mine = next.get(h.person);
      if (!mine || h.priority < mine.priority || (h.priority === mine.priority && h.id < mine.id)) next.set(h.person, h);
    }
    const people = [...next.values()];
    // A person at their cap of threads waits while anyone else could use the thread.
    const underCap = people.filter((h) => (running.get(h.person) ?? 0) < runningCap);
    const pool = underCap.length > 0 ? underCap : people;
    let best: Head | undefined;
    for (const h of pool) {
      if (!best) best = h;
      else {
        const a = this.pointsOf(h.person);
        const b = this.pointsOf(best.person);
        if (a < b || (a === b && (h.priority < best.priority || (h.priority === best.priority && h.id < best.id)))) best = h;
      }
    }
    return best;
  }

  /** Charges the person for the job that took a thread. */
  served(head: Head): void {
    const at = this.pointsOf(head.person);
    this.clock = Math.max(this.clock, at);
    this.points.set(head.person, at + head.cost);
  }

  /** A person's points, a returning one placed just ahead of everyone who kept work waiting. */
  private pointsOf(person: string): number {
    return Math.max(this.points.get(person) ?? -Infinity, this.clock - 1);
  }

  /** People with nothing waiting or running and no points above the clock need no memory. */
  private forgetIdle(active: Set<string>): void {
    for (const [person, p] of this.points) if (!active.has(person) && p <= this.clock) this.points.delete(person);
  }
}
