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
    // problemtools' rule: the trailing whitespace is compared too.
    expect(compareWithOptions('1 2\n', '1 2', opts('space_change_sensitive'))).toMatchObject({ ok: false, message: 'whitespace differs after token 2: expected "\\n", found ""' });
    expect(compareWithOptions('1 2\n', '1 2\n', opts('space_change_sensitive')).ok).toBe(true);
    expect(compareWithOptions('1 2\n', '1\n2\n', opts('')).ok).toBe(true);
    expect(compareWithOptions('1 2\n', '1 2 3\n', opts('')).message).toMatch(/extra output: token 3/);
  });

  it('reads any float spelling C reads, and inf and nan, with absolute or relative tolerance', () => {
    const tol = opts('float_tolerance 1E-6');
    // DOMjudge's fltcmp example: spellings, infinities, NaN.
    expect(compareWithOptions('1.0\n0.50000000001\n3.333333333E-1\n', '1\n0.5\n0.3333333333\n', tol).ok).toBe(true);
    expect(compareWithOptions('0.25 2E-1\n', '2.5e-1 0x1.999999999999ap-3\n', tol).ok).toBe(true);
    expect(compareWithOptions('inf 0 NaN\n', 'Infinity -0.0000001 nan\n', tol).ok).toBe(true);
    expect(compareWithOptions('inf\n', '-inf\n', tol).ok).toBe(false);
    expect(compareWithOptions('inf\n', '1e308\n', tol).ok).toBe(false);
    expect(compareWithOptions('NaN\n', '0\n', tol).ok).toBe(false);
    expect(compareWithOptions('1.0\n', '1.0abc\n', tol).ok).toBe(false);
    // Absolute OR relative: 1e6 vs 1e6+0.5 is within 1e-6 relative (0.5 <= 1), not absolute.
    expect(compareWithOptions('1000000\n', '1000000.5\n', opts('float_absolute_tolerance 1e-6 float_relative_tolerance 1e-6')).ok).toBe(true);
    expect(compareWithOptions('1000000\n', '1000000.5\n', opts('float_absolute_tolerance 1e-6')).ok).toBe(false);
    // Tolerance only for answer tokens that are floats: words stay words, case-insensitive by default.
    expect(compareWithOptions('YES 0.5\n', 'yes 0.5000001\n', tol).ok).toBe(true);
    expect(opts('float_tolerance 0x1p-10').absoluteTolerance).toBe(2 ** -10);
  });

  it('with only case_sensitive it is the judge\'s own token checker, message for message', () => {
    for (const [a, b] of [['1 2\n', '1 3\n'], ['Alice\n', 'Bob\n'], ['1\n', ''], ['What a pity!\n', 'What a shame!\n']] as const) {
      expect(compareWithOptions(a, b, opts('case_sensitive'))).toEqual(compareTokens(a, b));
    }
  });
});
