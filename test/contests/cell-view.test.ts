import { describe, expect, it } from 'vitest';
import { cellView } from '../../server/http/contest-pages';
import type { BoardCell } from '../../server/contests/board';
import { RULES } from '../../server/rules/round-rules';

/** The board page's cell words, one per state the board computes (the freeze's pending included). */
describe('a board cell on the page', () => {
  it('reads +n with the minute, −n, ?n or nothing', () => {
    const base = { problem: 'nim', label: 'A', minutes: null, first: false, pending: 0 };
    const cell = (c: Omit<BoardCell, 'text'>): BoardCell => ({ ...c, text: RULES.icpc.cellText(c) });
    expect(cellView(cell({ ...base, state: 'solved', tries: 0, minutes: 7, first: true }))).toEqual({ text: '+', minutes: 7, state: 'solved', first: true });
    expect(cellView(cell({ ...base, state: 'solved', tries: 2, minutes: 42 }))).toEqual({ text: '+2', minutes: 42, state: 'solved', first: false });
    expect(cellView(cell({ ...base, state: 'rejected', tries: 3 }))).toEqual({ text: '−3', minutes: null, state: 'rejected', first: false });
    expect(cellView(cell({ ...base, state: 'pending', tries: 0, pending: 2 }))).toEqual({ text: '?2', minutes: null, state: 'pending', first: false });
    expect(cellView(cell({ ...base, state: 'pending', tries: 1, pending: 2 }))).toEqual({ text: '−1 ?2', minutes: null, state: 'pending', first: false });
    expect(cellView(cell({ ...base, state: 'none', tries: 0 }))).toEqual({ text: '', minutes: null, state: 'none', first: false });
  });
});
