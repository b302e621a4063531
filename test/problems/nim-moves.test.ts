import { describe, expect, it } from 'vitest';
import { solve as fast } from '../../reference/nim-moves/fast';
import { describeProblem } from './harness';

describeProblem('nim-moves');

describe('nim-moves: counts, not just win or lose', () => {
  it('counts one move per pile that holds the top bit of the XOR', () => {
    // 7 equal piles: XOR 7, every pile can be emptied. 1 2 3: XOR 0, a loss. 4 5 6 7 1: XOR 1,
    // only odd piles can drop their last bit: 5, 7 and 1.
    expect(fast('7\n7 7 7 7 7 7 7\n3\n1 2 3\n5\n4 5 6 7 1\n0\n')).toBe('7\n0\n3\n');
  });

  it('stops at the closing 0', () => {
    expect(fast('2\n1 2\n0\n')).toBe('1\n');
  });
});
