import { describe, expect, it } from 'vitest';
import { computeBoard, labelOf, resolverOrder, type BoardAttempt, type BoardPerson, type BoardRound } from '../../server/contests/board';

/**
 * A round worked out by hand: three problems, ICPC rules, 120 minutes, the last 30 frozen.
 *
 *   alice: A WA 10', A CE 12', A AC 15' (2 tries: 15 + 20 = 35); B AC 40' (40)      → 2 solved, 75
 *   bob:   A AC 5'; B WA 20', WA 30', AC 50' (50 + 40 = 90); C AC 95' (frozen)     → 3 solved, 190 live
 *                                                                                   → 2 solved, 95 frozen
 *   carol: C IE 8' (no try), C WA 60'; A AC 70'                                     → 1 solved, 70
 */
const round: BoardRound = { problems: ['nim', 'kayles', 'wythoff'], rules: 'icpc', minutes: 120, freezeMinutes: 30 };
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
];
const END = 120 * 60_000;

function summary(board: ReturnType<typeof computeBoard>): string[] {
  return board.rows.map(
    (r) =>
      `${r.rank} ${r.name}${r.virtual ? ' (virtual)' : ''} ${r.solved}/${r.penalty} ` +
      r.cells.map((c) => `${c.label}:${c.state}${c.tries}${c.minutes === null ? '' : '@' + c.minutes}${c.first ? '*' : ''}`).join(' '),
  );
}

describe('the contest board', () => {
  it('ranks the live board by solved, then penalty (20 per earlier rejected try; CE and IE are not tries)', () => {
    const board = computeBoard(round, people, attempts, { elapsedMs: END, seeThroughFreeze: true });
    expect(board.frozen).toBe(false);
    expect(summary(board)).toEqual([
      '1 bob 3/190 A:solved1@5* B:solved3@50 C:solved1@95*',
      '2 alice 2/75 A:solved2@15 B:solved1@40* C:none0',
      '3 carol 1/70 A:solved1@70 B:none0 C:rejected1',
    ]);
  });

  it('shows tries after the freeze as pending to those who may not see through it', () => {
    const board = computeBoard(round, people, attempts, { elapsedMs: END, seeThroughFreeze: false });
    expect(board.frozen).toBe(true);
    expect(summary(board)).toEqual([
      '1 alice 2/75 A:solved2@15 B:solved1@40* C:none0',
      '2 bob 2/95 A:solved1@5* B:solved3@50 C:pending1',
      '3 carol 1/70 A:solved1@70 B:none0 C:rejected1',
    ]);
    expect(resolverOrder(board)).toEqual([{ name: 'bob', problem: 'wythoff' }]);
    // Before the freeze starts nothing is hidden.
    expect(computeBoard(round, people, attempts, { elapsedMs: 89 * 60_000, seeThroughFreeze: false }).frozen).toBe(false);
  });

  it('ranks practice rounds by solved, then the last solve time, with no penalty', () => {
    const board = computeBoard({ ...round, rules: 'practice' }, people, attempts, { elapsedMs: END, seeThroughFreeze: true });
    expect(summary(board).map((s) => s.split(' ').slice(0, 3).join(' '))).toEqual(['1 bob 3/0', '2 alice 2/0', '3 carol 1/0']);
    const tied = computeBoard(
      { ...round, rules: 'practice', freezeMinutes: 0 },
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
      '1 alice 2/75 A:solved2@15 B:solved1@40* C:none0',
      '2 vic (virtual) 1/3 A:solved1@3 B:rejected1 C:none0',
      '3 bob 1/5 A:solved1@5* B:rejected2 C:none0',
      '4 carol 0/0 A:none0 B:none0 C:none0',
    ]);
  });

  it('labels problems A … Z, then AA', () => {
    expect([0, 1, 25, 26, 27].map(labelOf)).toEqual(['A', 'B', 'Z', 'AA', 'AB']);
  });
});
