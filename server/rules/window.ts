/**
 * The time window of a homework set, a contest round and one person's virtual round, decided in one
 * place for every reader (the boards, the policy, the tool permissions, the pages, the CSV and the
 * tagging of new submissions): the phase, where tries count from, the end, and the freeze.
 *
 * A set: submissions from its opening time on count (`countsFrom`); one from before it does not (it
 * still shows in the whole-class table); a set without an opening time counts everything and its
 * minutes run from when it was made. A solve after `endsAt` (the closing time) is late.
 *
 * A round: tries from its start until its end (`endsAt`: the planned end, or "end now" if that came
 * first) are the round's. The freeze begins at a stored absolute time (`freezeAt`, as DOMjudge's
 * `freezetime` and Hydro's `lockAt`): extending the round never moves it, and ending the round early
 * never moves it either, so a try the contestants saw is never hidden again; a round ended before its
 * freeze simply has none. A virtual round is the same round shifted to the person's own start.
 */
export type Phase = 'before' | 'running' | 'over';

/** A set's phase as its JSON and pages have always spelled it (`phase-closed` is a CSS class too). */
export const SET_PHASE_WORD: Record<Phase, 'not-open' | 'open' | 'closed'> = { before: 'not-open', running: 'open', over: 'closed' };

export interface Window {
  kind: 'set' | 'round' | 'virtual';
  phase: Phase;
  /** Submissions before this (ms) do not count; null: all count. */
  countsFrom: number | null;
  /** Where a cell's minutes are measured from (ms). */
  minutesFrom: number;
  /** A set: the closing time (a solve after it is late); a round: its end (a try after it is not the round's). Null: never. */
  endsAt: number | null;
  /** The freeze's start (ms, absolute); null: no freeze (or the round ended before it). */
  freezeAt: number | null;
  /** The freeze has begun and the teacher has not unfrozen the board: contestants see later tries as pending. */
  frozen: boolean;
  /** The teacher unfroze the board after the round. */
  unfrozen: boolean;
  /** Students see it (a set: everything but before its opening). */
  visibleToStudents: boolean;
}

export interface SetTimes {
  opensAt: number | null;
  closesAt: number | null;
  createdAt: number;
}

export interface RoundTimes {
  startsAt: number;
  /** The planned length (extending changes it). */
  minutes: number;
  /** "End now", when the teacher used it. */
  endedAt: number | null;
  /** The stored freeze start, absolute (ms). */
  freezeAt: number | null;
  unfrozenAt: number | null;
}

const MINUTE = 60_000;

function phaseAt(now: number, from: number | null, end: number | null): Phase {
  if (from !== null && now < from) return 'before';
  return end !== null && now >= end ? 'over' : 'running';
}

export function setWindow(set: SetTimes, now: number): Window {
  // A set's closing minute still belongs to it: a solve at exactly closesAt is on time.
  const phase: Phase = set.opensAt !== null && now < set.opensAt ? 'before' : set.closesAt !== null && now > set.closesAt ? 'over' : 'running';
  return {
    kind: 'set',
    phase,
    countsFrom: set.opensAt,
    minutesFrom: set.opensAt ?? set.createdAt,
    endsAt: set.closesAt,
    freezeAt: null,
    frozen: false,
    unfrozen: false,
    visibleToStudents: phase !== 'before',
  };
}

/** The moment a round is over: its planned end, or "end now" if that came first. */
function roundEnd(c: RoundTimes): number {
  const planned = c.startsAt + c.minutes * MINUTE;
  return c.endedAt === null ? planned : Math.min(planned, c.endedAt);
}

function shifted(c: RoundTimes, kind: 'round' | 'virtual', start: number, now: number): Window {
  const end = roundEnd(c);
  const offset = start - c.startsAt;
  // A freeze the round never reached (ended before it) is none.
  const freezeAt = c.freezeAt !== null && c.freezeAt < end ? c.freezeAt + offset : null;
  const unfrozen = c.unfrozenAt !== null;
  return {
    kind,
    phase: phaseAt(now, start, end + offset),
    countsFrom: start,
    minutesFrom: start,
    endsAt: end + offset,
    freezeAt,
    frozen: freezeAt !== null && now >= freezeAt && !unfrozen,
    unfrozen,
    visibleToStudents: now >= start,
  };
}

export function roundWindow(c: RoundTimes, now: number): Window {
  return shifted(c, 'round', c.startsAt, now);
}

/** One person's virtual round: the real round's length and freeze, from their own start. */
export function virtualWindow(c: RoundTimes, startedAt: number, now: number): Window {
  return shifted(c, 'virtual', startedAt, now);
}

/** The freeze a round's form asks for ("the last N minutes") as the stored absolute time. */
export function freezeAtOf(startsAt: number, minutes: number, freezeMinutes: number): number | null {
  return freezeMinutes > 0 ? startsAt + Math.max(0, minutes - freezeMinutes) * MINUTE : null;
}

/** Minutes from `from` to `at`, whole and never negative (a solve before a set was made is minute 0). */
export function minutesBetween(from: number, at: number): number {
  return Math.max(0, Math.floor((at - from) / MINUTE));
}
