import { describe, expect, it } from 'vitest';
import { loadProblem } from '../../server/problems/registry';
import { smallestAllowed, textSteps } from '../../server/stress/text-steps';

describe('textual shrink steps', () => {
  it('remove a whole game (lowering the count), a pile (lowering n), and lower numbers, on nim', async () => {
    const nim = await loadProblem('nim');
    const valid = (s: string) => nim.pkg.validate(s).ok;
    const input = '2\n2\n1 6\n1\n3\n';
    const steps = [...textSteps(input, valid)];
    const by = (kind: string) => steps.filter((s) => s.kind === kind).map((s) => s.input);
    expect(by('remove-lines')).toEqual(expect.arrayContaining(['1\n1\n3\n', '1\n2\n1 6\n']));
    expect(by('remove-element')).toEqual(expect.arrayContaining(['2\n1\n6\n1\n3\n', '2\n1\n1\n1\n3\n']));
    expect(by('lower-min')).toContain('2\n2\n1 0\n1\n3\n');
    expect(by('lower-half')).toContain('2\n2\n1 3\n1\n3\n');
    expect(by('lower-one')).toContain('2\n2\n1 5\n1\n3\n');
    // Every step is a valid input, listed once, and never the input itself.
    for (const s of steps) expect(nim.pkg.validate(s.input)).toEqual({ ok: true });
    expect(new Set(steps.map((s) => s.input)).size).toBe(steps.length);
    expect(steps.map((s) => s.input)).not.toContain(input);
  });

  it('remove a character of a word', async () => {
    const flip = await loadProblem('flip-game');
    const steps = [...textSteps('1\n++-+\n', (s) => flip.pkg.validate(s).ok)].filter((s) => s.kind === 'remove-char').map((s) => s.input);
    expect(steps).toEqual(expect.arrayContaining(['1\n+-+\n', '1\n+++\n']));
  });

  it('find the smallest value the validator allows', () => {
    expect(smallestAllowed(10, (v) => v >= 3)).toBe(3);
    expect(smallestAllowed(3, (v) => v >= 3)).toBeNull();
    expect(smallestAllowed(0, (v) => v >= -5)).toBe(-5);
  });
});
