/**
 * Fair turns between people, across every kind of job (docs/security.md, "Fair turns"): the next
 * free thread goes to the waiting person served longest ago, so a flood of any kind, or of several
 * kinds, from one person, or from a handful of accounts that keep work queued, costs another person
 * at most the job already running. Someone returning from idle was served longer ago than everyone
 * who kept work queued, so they get the next free thread. A person the queue has never seen counts
 * as served just before the last person served: ahead of whoever was served last, behind everyone
 * served earlier, so accounts made only to queue work never jump ahead of a returning student. Among
 * one person's own jobs the shortest kind goes first (sample runs, custom invocations, submissions,
 * lab jobs, stress runs), and between people equally due the shorter job goes first. A kind that
 * reports what a finished job cost (a mistake map's CPU) has it charged as turns (`charge`).
 */
export interface Head {
  kind: string;
  id: number;
  person: string;
  /** The kind's order (lower first): among one person's jobs, and between people equally due. */
  priority: number;
  /** Long jobs never take the last idle thread (see kinds/stress.ts). */
  long: boolean;
  /** Background jobs (rejudges) go only when nothing else that may go now waits. */
  background?: boolean;
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
  /** When each person last got a thread, as a count of threads handed out. */
  private readonly lastServed = new Map<string, number>();
  private handedOut = 0;

  /** The job that gets the next thread, or undefined when nothing waiting may take it now. */
  choose({ heads, running, runningCap, longAllowed }: Choice): Head | undefined {
    for (const h of heads) if (!this.lastServed.has(h.person)) this.lastServed.set(h.person, this.handedOut - 0.5);
    const allowed = heads.filter((h) => longAllowed || !h.long);
    // A rejudge's item waits behind every other job that could take the thread now.
    const foreground = allowed.filter((h) => !h.background);
    const eligible = foreground.length > 0 ? foreground : allowed;
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
        const a = this.lastServed.get(h.person)!;
        const b = this.lastServed.get(best.person)!;
        if (a < b || (a === b && (h.priority < best.priority || (h.priority === best.priority && h.id < best.id)))) best = h;
      }
    }
    return best;
  }

  /**
   * A finished job of the person cost `ms` of CPU (a mistake map): every TURN_MS of it past the
   * first counts as one more turn taken, so the person waits behind that many other people's jobs,
   * as if the work had been that many ordinary jobs (at most MAX_CHARGED_TURNS).
   */
  charge(person: string, ms: number): void {
    const turns = Math.min(MAX_CHARGED_TURNS, Math.floor(ms / TURN_MS));
    if (turns <= 0) return;
    const last = this.lastServed.get(person) ?? this.handedOut;
    this.lastServed.set(person, Math.max(last, this.handedOut) + turns);
  }

  /** The person's job took a thread. */
  served(head: Head): void {
    this.lastServed.set(head.person, ++this.handedOut);
    // Memory stays bounded: the people served longest ago are forgotten first (seen again, they count as new).
    if (this.lastServed.size > MAX_REMEMBERED) {
      const oldest = [...this.lastServed].sort((x, y) => x[1] - y[1]).slice(0, this.lastServed.size - MAX_REMEMBERED / 2);
      for (const [person] of oldest) this.lastServed.delete(person);
    }
  }
}

/** CPU one turn stands for when a job's cost is charged (about an ordinary submission's). */
export const TURN_MS = 1_000;
/** Most turns one job is charged (its person still gets a thread when nobody else waits). */
export const MAX_CHARGED_TURNS = 30;

/** People whose last turn is remembered (far more than a class; the oldest are forgotten first). */
const MAX_REMEMBERED = 10_000;
