import { describe, expect, it } from 'vitest';
import { solve as brute } from '../../reference/bash-game/brute';
import { solve as fast } from '../../reference/bash-game/fast';
import { describeProblem } from './harness';

describeProblem('bash-game');

describe('bash-game: beyond the random sizes', () => {
  it('fast agrees with the win/lose table for every n <= 1000 and m <= 60', () => {
    for (let m = 1; m <= 60; m++) {
      for (let n0 = 1; n0 <= 1000; n0 += 100) {
        const games = Array.from({ length: 100 }, (_, i) => `${n0 + i} ${m}`);
        const input = `100\n${games.join('\n')}\n`;
        expect(fast(input), `m = ${m}, n from ${n0}`).toBe(brute(input));
      }
    }
  });

  it('loses exactly on the multiples of m + 1 (HDU 1846 sample and the bounds)', () => {
    expect(fast('4\n1000 999\n999 1000\n1000 1\n999 1\n')).toBe('second\nfirst\nsecond\nfirst\n');
  });
});
