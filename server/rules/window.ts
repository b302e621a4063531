/**
 * A set's time window, decided in one place for the routes, the queries and the pages: not open
 * yet, open, or closed. Later contest rounds add `frozen` (the board stops changing for viewers
 * before the end) and `final` (results published) as further phases of the same value.
 *
 * What counts in a set: submissions made from its opening time on (`opensAt`). A solve from
 * before the set opened does not count in the set (the student submits again); it still shows in
 * the whole-class table. A set without an opening time counts everything, and its minutes are
 * measured from when the set was made. A solve after `closesAt` counts as late, apart from on time.
 */
export type Phase = 'not-open' | 'open' | 'closed';

export interface Timed {
  opensAt: number | null;
  closesAt: number | null;
  createdAt: number;
}

export interface SetWindow {
  phase: Phase;
  /** Submissions before this (ms) do not count; null: all count. */
  countsFrom: number | null;
  /** Accepted after this (ms) is late; null: never late. */
  lateAfter: number | null;
  /** Where a cell's minutes are measured from. */
  minutesFrom: number;
  /** Students see the set (everything but not-open). */
  visibleToStudents: boolean;
}

export function windowOf(set: Timed, now: number): SetWindow {
  const phase: Phase = set.opensAt !== null && now < set.opensAt ? 'not-open' : set.closesAt !== null && now > set.closesAt ? 'closed' : 'open';
  return {
    phase,
    countsFrom: set.opensAt,
    lateAfter: set.closesAt,
    minutesFrom: set.opensAt ?? set.createdAt,
    visibleToStudents: phase !== 'not-open',
  };
}

/** Minutes from `from` to `at`, whole and never negative (a solve before a set was made is minute 0). */
export function minutesBetween(from: number, at: number): number {
  return Math.max(0, Math.floor((at - from) / 60_000));
}
