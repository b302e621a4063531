import { describe, expect, it } from 'vitest';
import { solve as brute } from '../../reference/northcott/brute';
import { solve as fast } from '../../reference/northcott/fast';
import { describeProblem } from './harness';

describeProblem('northcott');

const board = (m: number, rows: [number, number][]) => `${rows.length} ${m}\n${rows.map(([t, j]) => `${t} ${j}\n`).join('')}`;

describe('northcott: moving away is useless, against the literal partizan game', () => {
  it('every pair of rows on a board of width 5 (both pieces anywhere, Tom on either side)', () => {
    const cells: [number, number][] = [];
    for (let t = 1; t <= 5; t++) for (let j = 1; j <= 5; j++) if (t !== j) cells.push([t, j]);
    let input = '';
    for (const a of cells) for (const b of cells) input += board(5, [a, b]);
    expect(fast(input)).toBe(brute(input));
  });

  it('a single row: Tom wins exactly when the pieces do not touch, wherever they stand', () => {
    const rows: [number, number][] = [[1, 2], [2, 1], [3, 4], [1, 3], [3, 1], [2, 6], [6, 1]];
    const input = rows.map((r) => board(6, [r])).join('');
    const expected = rows.map(([t, j]) => (Math.abs(t - j) > 1 ? 'I WIN!' : 'BAD LUCK!')).join('\n') + '\n';
    expect(brute(input)).toBe(expected);
    expect(fast(input)).toBe(expected);
  });
});
