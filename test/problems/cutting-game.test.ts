import { describe, expect, it } from 'vitest';
import { loadReference } from '../../server/problems/registry';
import { describeProblem } from './harness';

describeProblem('cutting-game');

describe('cutting-game pitfall: "never leave a 1×k sheet" against the literal rule', () => {
  it('the fast solver agrees with the literal multiset search on every sheet up to 10 × 10', async () => {
    const fast = await loadReference('cutting-game', 'fast');
    const brute = await loadReference('cutting-game', 'brute');
    const lines: string[] = [];
    for (let n = 2; n <= 10; n++) for (let m = 2; m <= 10; m++) lines.push(`${n} ${m}`);
    const input = lines.join('\n') + '\n';
    const expected = brute.solve(input);
    expect(fast.solve(input)).toBe(expected);
    // The losing sheets up to 10 × 10, as the literal search finds them.
    const losing = lines.filter((_, i) => expected.trim().split('\n')[i] === 'LOSE');
    expect(losing).toEqual(['2 2', '2 3', '2 7', '3 2', '3 3', '3 7', '7 2', '7 3', '7 7']);
  });
});
