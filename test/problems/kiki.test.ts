import { describe, expect, it } from 'vitest';
import { solve as brute } from '../../reference/kiki/brute';
import { solve as fast } from '../../reference/kiki/fast';
import { describeProblem } from './harness';

describeProblem('kiki');

describe('kiki: beyond the random sizes', () => {
  it('fast agrees with the win/lose table on every board up to 80 x 80', () => {
    const boards: string[] = [];
    for (let n = 1; n <= 80; n++) for (let m = 1; m <= 80; m++) boards.push(`${n} ${m}\n`);
    const input = `${boards.join('')}0 0\n`;
    expect(fast(input)).toBe(brute(input));
  });

  it('answers only the boards before the closing 0 0, three tokens for a loss', () => {
    expect(fast('1 1\n2000 1999\n0 0\n')).toBe('What a pity!\nWonderful!\n');
  });
});
