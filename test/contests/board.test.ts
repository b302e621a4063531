import { describe, expect, it } from 'vitest';
import { computeBoard, labelOf, rankSetRows, resolverSteps, type BoardAttempt, type BoardPerson, type BoardRound } from '../../server/contests/board';
import { RULES } from '../../server/rules/round-rules';

/**
 * A round worked out by hand: three problems, ICPC rules, 120 minutes, the last 30 frozen.
 *
 *   alice: A WA 10', A CE 12', A AC 15' (1 rejected: 15 + 20 = 35); B AC 40' (40)   → 2 solved, 75
 *   bob:   A AC 5'; B WA 20', WA 30', AC 50' (50 + 40 = 90); C AC 95' (frozen)     → 3 solved, 190 live
 *                                                                                   → 2 solved, 95 frozen
 *   carol: C IE 8' (no try), C WA 60'; A AC 70'; C WA 100' (frozen)                 → 1 solved, 70
 *
 * A cell's `tries` are its counted rejected tries (before the solve), as on every board and CSV.
 */
const MIN = 60_000;
const round: BoardRound = { problems: ['nim', 'kayles', 'wythoff'], rules: 'icpc', lengthMs: 120 * MIN, freezeMs: 90 * MIN };
const people: BoardPerson[] = [
  { key: '1', name: 'alice', displayName: 'Alice', virtual: false },
  { key: '2', name: 'bob', displayName: 'Bob', virtual: false },
  { key: '3', name: 'carol', displayName: 'Carol', virtual: false },
];
let id = 0;
const at = (who: string, problem: string, verdict: string, minutes: number, seconds = 30): BoardAttempt => ({
  who,
  problem,
  verdict,
  submission: ++id,
  elapsedMs: minutes * 60_000 + seconds * 1000,
});
const attempts: BoardAttempt[] = [
  at('1', 'nim', 'WA', 10),
  at('1', 'nim', 'CE', 12),
  at('1', 'nim', 'AC', 15),
  at('1', 'kayles', 'AC', 40),
  at('2', 'nim', 'AC', 5),
  at('2', 'kayles', 'WA', 20),
  at('2', 'kayles', 'WA', 30),
  at('2', 'kayles', 'AC', 50),
  at('2', 'wythoff', 'AC', 95),
  at('3', 'wythoff', 'IE', 8),
  at('3', 'wythoff', 'WA', 60),
  at('3', 'nim', 'AC', 70),
  at('3', 'wythoff', 'WA', 100),
];
const END = 120 * 60_000;

function summary(board: ReturnType<typeof computeBoard>): string[] {
  return board.rows.map(
    (r) =>
      `${r.rank} ${r.name}${r.virtual ? ' (virtual)' : ''} ${r.solved}/${r.penalty} ` +
      r.cells.map((c) => `${c.label}:${c.state}${c.tries}${c.pending ? `?${c.pending}` : ''}${c.minutes === null ? '' : '@' + c.minutes}${c.first ? '*' : ''}`).join(' '),
  );
}

describe('the contest board', () => {
  it('ranks the live board by solved, then penalty (20 per earlier rejected try; CE and IE are not tries)', () => {
    const board = computeBoard(round, people, attempts, { elapsedMs: END, seeThroughFreeze: true });
    expect(board.frozen).toBe(false);
    expect(summary(board)).toEqual([
      '1 bob 3/190 A:solved0@5* B:solved2@50 C:solved0@95*',
      '2 alice 2/75 A:solved1@15 B:solved0@40* C:none0',
      '3 carol 1/70 A:solved0@70 B:none0 C:rejected2',
    ]);
    // The rules table writes every cell's text.
    expect(board.rows.map((r) => r.cells.map((c) => c.text))).toEqual([['+', '+2', '+'], ['+1', '+', ''], ['+', '', '−2']]);
  });

  it('shows tries after the freeze as pending to those who may not see through it', () => {
    const board = computeBoard(round, people, attempts, { elapsedMs: END, seeThroughFreeze: false });
    expect(board.frozen).toBe(true);
    expect(summary(board)).toEqual([
      '1 alice 2/75 A:solved1@15 B:solved0@40* C:none0',
      '2 bob 2/95 A:solved0@5* B:solved2@50 C:pending0?1',
      '3 carol 1/70 A:solved0@70 B:none0 C:pending1?1',
    ]);
    // "?1" counts only the try since the freeze; Carol's WA before it stays shown as one.
    expect(board.rows.map((r) => r.cells[2]!.text)).toEqual(['', '?1', '−1 ?1']);
    // Before the freeze starts nothing is hidden.
    expect(computeBoard(round, people, attempts, { elapsedMs: 89 * 60_000, seeThroughFreeze: false }).frozen).toBe(false);
  });

  it("never hides a contestant's own tries from themselves", () => {
    const mine = computeBoard(round, people, attempts, { elapsedMs: END, seeThroughFreeze: false, self: '2' });
    expect(mine.frozen).toBe(true);
    expect(summary(mine)).toEqual([
      '1 bob 3/190 A:solved0@5* B:solved2@50 C:solved0@95',
      '2 alice 2/75 A:solved1@15 B:solved0@40* C:none0',
      '3 carol 1/70 A:solved0@70 B:none0 C:pending1?1',
    ]);
    expect(mine.rows.map((r) => r.self)).toEqual([true, false, false]);
  });

  it('gives the resolver its whole reveal sequence: the lowest row first, ranks after each step', () => {
    const frozen = computeBoard(round, people, attempts, { elapsedMs: END, seeThroughFreeze: false });
    const live = computeBoard(round, people, attempts, { elapsedMs: END, seeThroughFreeze: true });
    const steps = resolverSteps('icpc', frozen, live);
    // Carol is last: her C first (still rejected, −2), then Bob's C, which takes him to the top.
    expect(steps.map((s) => [s.name, s.problem, s.cell.text, s.rows.map((r) => `${r.rank} ${r.name} ${r.solved}/${r.penalty}`)])).toEqual([
      ['carol', 'wythoff', '−2', ['1 alice 2/75', '2 bob 2/95', '3 carol 1/70']],
      ['bob', 'wythoff', '+', ['1 bob 3/190', '2 alice 2/75', '3 carol 1/70']],
    ]);
  });

  it('ranks a homework set by the same ranker: on-time solves, less time, more late solves, then the name', () => {
    const row = (displayName: string, onTime: number, minutes: number, late: number) => ({ id: 0, name: displayName, displayName, solved: onTime + late, onTime, late, minutes, cells: [] });
    expect(rankSetRows([row('d', 1, 5, 0), row('c', 2, 50, 0), row('b', 2, 10, 0), row('a', 2, 10, 1)]).map((r) => r.displayName)).toEqual(['a', 'b', 'c', 'd']);
    expect(RULES.homework.cellText({ state: 'solved', tries: 2, pending: 0, minutes: 3 })).toBe('✓+2');
  });

  it('ranks practice rounds by solved, then the last solve time, with no penalty', () => {
    const board = computeBoard({ ...round, rules: 'practice' }, people, attempts, { elapsedMs: END, seeThroughFreeze: true });
    expect(summary(board).map((s) => s.split(' ').slice(0, 3).join(' '))).toEqual(['1 bob 3/0', '2 alice 2/0', '3 carol 1/0']);
    const tied = computeBoard(
      { ...round, rules: 'practice', freezeMs: null },
      people,
      [at('1', 'nim', 'AC', 30, 10), at('2', 'nim', 'AC', 30, 50), at('3', 'nim', 'AC', 31)],
      { elapsedMs: END, seeThroughFreeze: false },
    );
    expect(tied.rows.map((r) => `${r.rank} ${r.name}`)).toEqual(['1 alice', '1 bob', '3 carol']);
  });

  it('interleaves a virtual contestant with the real board as it stood at the same elapsed minute', () => {
    const vic: BoardPerson = { key: 'v9', name: 'vic', displayName: 'Vic', virtual: true };
    const board = computeBoard(round, [...people, vic], [...attempts, at('v9', 'nim', 'AC', 3), at('v9', 'kayles', 'WA', 44)], {
      elapsedMs: 45 * 60_000,
      seeThroughFreeze: false,
    });
    expect(summary(board)).toEqual([
      '1 alice 2/75 A:solved1@15 B:solved0@40* C:none0',
      '2 vic (virtual) 1/3 A:solved0@3 B:rejected1 C:none0',
      '3 bob 1/5 A:solved0@5* B:rejected2 C:none0',
      '4 carol 0/0 A:none0 B:none0 C:none0',
    ]);
  });

  it('labels problems A … Z, then AA', () => {
    expect([0, 1, 25, 26, 27].map(labelOf)).toEqual(['A', 'B', 'Z', 'AA', 'AB']);
  });
});
