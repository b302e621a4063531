import { describe, expect, it } from 'vitest';
import { solve as brute } from '../../reference/anti-nim/brute';
import { solve as fast } from '../../reference/anti-nim/fast';
import { describeProblem } from './harness';

describeProblem('anti-nim');

describe('anti-nim: the misère cases', () => {
  it('only ones: John wins exactly with an even number of piles (brute force up to 12 piles)', () => {
    const cases = Array.from({ length: 12 }, (_, i) => `${i + 1}\n${Array<string>(i + 1).fill('1').join(' ')}`);
    const input = `12\n${cases.join('\n')}\n`;
    const expected = Array.from({ length: 12 }, (_, i) => ((i + 1) % 2 === 0 ? 'John' : 'Brother')).join('\n') + '\n';
    expect(brute(input)).toBe(expected);
    expect(fast(input)).toBe(expected);
  });

  it('agrees with the brute force on every position of up to 4 piles of at most 7 stones', () => {
    const cases: string[] = [];
    const rec = (prefix: number[]) => {
      if (prefix.length > 0) cases.push(`${prefix.length}\n${prefix.join(' ')}`);
      if (prefix.length === 4) return;
      for (let v = prefix.at(-1) ?? 1; v <= 7; v++) rec([...prefix, v]);
    };
    rec([]);
    for (let i = 0; i < cases.length; i += 500) {
      const chunk = cases.slice(i, i + 500);
      const input = `${chunk.length}\n${chunk.join('\n')}\n`;
      expect(fast(input)).toBe(brute(input));
    }
  });
});
