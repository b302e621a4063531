import { describe, expect, it } from 'vitest';
import { compareTokens } from '../../server/judge/checker';
import { compareWithOptions, parseValidatorFlags } from '../../server/problem-store/checker-options';

const opts = (flags: string) => parseValidatorFlags(flags).options;

describe("the format's default output validator options", () => {
  it('reads validator_flags and refuses words it does not know', () => {
    expect(opts('float_tolerance 1e-6 case_sensitive')).toEqual({ caseSensitive: true, spaceChangeSensitive: false, absoluteTolerance: 1e-6, relativeTolerance: 1e-6 });
    expect(opts('float_absolute_tolerance 0.5')).toMatchObject({ absoluteTolerance: 0.5, relativeTolerance: null });
    expect(parseValidatorFlags('float_tolerance nope').faults[0]).toMatch(/needs a non-negative number/);
    expect(parseValidatorFlags('ignore_everything').faults[0]).toMatch(/is not a flag of the default validator/);
  });

  it('compares as the flags say: case, floats within tolerance, whitespace runs', () => {
    expect(compareWithOptions('Alice\n', 'alice\n', opts('')).ok).toBe(true);
    expect(compareWithOptions('Alice\n', 'alice\n', opts('case_sensitive')).ok).toBe(false);
    expect(compareWithOptions('1.0 2\n', '1.0000001 2\n', opts('float_tolerance 1e-6')).ok).toBe(true);
    expect(compareWithOptions('1.0\n', '1.01\n', opts('float_tolerance 1e-6'))).toMatchObject({ ok: false, message: 'token 1 differs: expected "1.0", found "1.01"' });
    expect(compareWithOptions('1000\n', '1000.5\n', opts('float_relative_tolerance 0.001')).ok).toBe(true);
    expect(compareWithOptions('1.0\n', 'x\n', opts('float_tolerance 1')).ok).toBe(false);
    expect(compareWithOptions('1 2\n', '1  2\n', opts('space_change_sensitive')).ok).toBe(false);
    expect(compareWithOptions('1 2\n', '1 2', opts('space_change_sensitive')).ok).toBe(true);
    expect(compareWithOptions('1 2\n', '1\n2\n', opts('')).ok).toBe(true);
    expect(compareWithOptions('1 2\n', '1 2 3\n', opts('')).message).toMatch(/extra output: token 3/);
  });

  it('with only case_sensitive it is the judge\'s own token checker, message for message', () => {
    for (const [a, b] of [['1 2\n', '1 3\n'], ['Alice\n', 'Bob\n'], ['1\n', ''], ['What a pity!\n', 'What a shame!\n']] as const) {
      expect(compareWithOptions(a, b, opts('case_sensitive'))).toEqual(compareTokens(a, b));
    }
  });
});
