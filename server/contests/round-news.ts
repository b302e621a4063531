/**
 * A round's news inside this process: a question asked, answered or an announcement made is
 * published here by the one function that stores it (server/http/contest-routes.ts, `contestCore`),
 * and every open round or problem page of that round hears it (server/http/round-live.ts), which
 * then decides what each viewer may read of it. Only ids travel: the text is read from the database.
 */
type Listener = (message: number) => void;

export class RoundNews {
  private readonly listeners = new Map<number, Set<Listener>>();

  /** Hears the round's news until the returned function is called. */
  subscribe(contest: number, fn: Listener): () => void {
    let set = this.listeners.get(contest);
    if (!set) this.listeners.set(contest, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0) this.listeners.delete(contest);
    };
  }

  publish(contest: number, message: number): void {
    for (const fn of [...(this.listeners.get(contest) ?? [])]) fn(message);
  }
}

/** The process's one bus: every route that stores a message and every stream share it. */
export const roundNews = new RoundNews();
