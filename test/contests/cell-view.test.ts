import { describe, expect, it } from 'vitest';
import { cellView } from '../../server/http/contest-pages';

/** The board page's cell words, one per state the board computes (the freeze's pending included). */
describe('a board cell on the page', () => {
  it('reads +n with the minute, −n, ?n or nothing', () => {
    const base = { problem: 'nim', label: 'A', minutes: null, first: false };
    expect(cellView({ ...base, state: 'solved', tries: 1, minutes: 7, first: true })).toEqual({ text: '+', minutes: 7, state: 'solved', first: true });
    expect(cellView({ ...base, state: 'solved', tries: 3, minutes: 42 })).toEqual({ text: '+2', minutes: 42, state: 'solved', first: false });
    expect(cellView({ ...base, state: 'rejected', tries: 3 })).toEqual({ text: '−3', minutes: null, state: 'rejected', first: false });
    expect(cellView({ ...base, state: 'pending', tries: 2 })).toEqual({ text: '?2', minutes: null, state: 'pending', first: false });
    expect(cellView({ ...base, state: 'none', tries: 0 })).toEqual({ text: '', minutes: null, state: 'none', first: false });
  });
});
