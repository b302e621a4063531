import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CASE_LAYOUTS, failingCase } from '../../server/problems/case-layout';
import { DIALOGUE_LAYOUTS, numberMoves } from '../../server/problems/dialogue-moves';
import { ROOT } from '../helpers/server';

const sample = (slug: string, ext: 'in' | 'ans') => readFileSync(join(ROOT, 'problems', slug, 'samples', `1.${ext}`), 'utf8');

describe('case layouts', () => {
  it('fit the first sample of every problem they name: T cases of their line counts', () => {
    for (const [slug, layout] of Object.entries(CASE_LAYOUTS)) {
      const input = sample(slug, 'in');
      const expected = sample(slug, 'ans');
      // The right answer differs nowhere; the last answer line changed is found in the last case.
      expect(failingCase(layout, input, expected, expected), slug).toBeNull();
      const t = Number(input.split('\n')[0]);
      const wrong = expected.replace(/\S+\s*$/, 'wrong\n');
      const c = failingCase(layout, input, expected, wrong);
      expect(c, slug).toEqual({ index: t, of: t, firstInputLine: 2 + (t - 1) * layout.inputLinesPerCase, lastInputLine: 1 + t * layout.inputLinesPerCase });
    }
  });

  it('finds a two-line answer by its case (split-game) and names none when the shape does not fit', () => {
    const layout = CASE_LAYOUTS['split-game']!;
    const input = sample('split-game', 'in');
    const expected = sample('split-game', 'ans');
    const lines = expected.split('\n');
    lines[2] = '0 1 1';
    expect(failingCase(layout, input, expected, lines.join('\n'))).toMatchObject({ index: 2, of: 2, firstInputLine: 4, lastInputLine: 5 });
    // An input not of T cases of two lines each: no guess.
    expect(failingCase(layout, input.replace(/\n$/, '\n\n'), expected, 'x')).toBeNull();
    expect(failingCase(layout, `9\n${input}`, expected, 'x')).toBeNull();
  });
});

describe('dialogue move numbers', () => {
  const layout = DIALOGUE_LAYOUTS['subtraction-game']!;

  it('numbers the sample game as the interactor counts, the header and the end unnumbered', () => {
    const lines = numberMoves(layout, '< 6 1 2\n> First\n> 2 1\n< 3 2\n> 6 1\n< 5 1\n> 1 1\n< 0 0\n');
    expect(lines.map((l) => l.move)).toEqual([null, null, 1, 2, 3, 4, 5, null]);
  });

  it('counts each side on its own, so a program writing ahead keeps its moves numbered', () => {
    const lines = numberMoves(layout, '< 6 1 2\n> Second\n> \n< 2 1\n> 3 2\n> 6 1\n< 5 1\n< -1 -1\n');
    expect(lines.map((l) => l.move)).toEqual([null, null, null, 1, 2, 4, 3, null]);
  });
});
