import { describe, expect, it } from 'vitest';
import { solve as brute } from '../../reference/every-sg/brute';
import { solve as fast } from '../../reference/every-sg/fast';
import { describeProblem } from './harness';

describeProblem('every-sg');

const file = (cases: [number, number][][]) => cases.map((games) => `${games.length}\n${games.map(([p, q]) => `${p} ${q}\n`).join('')}`).join('');

describe('every-sg: step counts, against the literal game played in every pair at once', () => {
  it('two pairs won in one move each are a win (an XOR of win/lose says otherwise)', () => {
    const input = file([[[1, 1], [1, 1]], [[2, 4], [3, 3]]]);
    expect(brute(input)).toBe('MM\nMM\n');
    expect(fast(input)).toBe('MM\nMM\n');
  });

  it('a pair won in one move loses to a lost pair that lasts two turns', () => {
    const input = file([[[1, 1], [3, 2]], [[4, 4], [2, 3]]]);
    expect(brute(input)).toBe('GG\nGG\n');
    expect(fast(input)).toBe('GG\nGG\n');
  });

  it('(2, 7) lasts three turns: the winner stops at (2, 3), since (1, 2) would be a win for the opponent', () => {
    // Alone it is MM's; beside (3, 2) (lost, two turns) the longest pair is still MM's; beside a lost
    // pair of four turns, (5, 8), GG wins.
    const input = file([[[2, 7]], [[2, 7], [3, 2]], [[2, 7], [5, 8]]]);
    expect(brute(input)).toBe('MM\nMM\nGG\n');
    expect(fast(input)).toBe('MM\nMM\nGG\n');
  });

  it('fast agrees with the literal game on every two pairs with piles up to 7', () => {
    const pairs: [number, number][] = [];
    for (let p = 1; p <= 7; p++) for (let q = 1; q <= 7; q++) pairs.push([p, q]);
    const cases: [number, number][][] = [];
    for (const a of pairs) for (const b of pairs) cases.push([a, b]);
    for (let i = 0; i < cases.length; i += 100) {
      const input = file(cases.slice(i, i + 100));
      expect(fast(input)).toBe(brute(input));
    }
  });
});
