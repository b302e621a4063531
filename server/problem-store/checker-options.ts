import { checkResult, compareTokens, type CheckResult } from '../judge/checker';
import { said } from '../text/messages';

/**
 * The problem package format's default output validator, as its `validator_flags` set it: tokens
 * compared case-insensitively unless `case_sensitive`, whitespace amounts ignored unless
 * `space_change_sensitive`, and a token of the answer that reads as a number accepted within
 * `float_absolute_tolerance` or `float_relative_tolerance` (`float_tolerance` sets both).
 * With none of them (but `case_sensitive`), this is the judge's own token checker, message for message.
 */
export interface TokenOptions {
  caseSensitive: boolean;
  spaceChangeSensitive: boolean;
  /** null: floats compared as text. */
  absoluteTolerance: number | null;
  relativeTolerance: number | null;
}

export const FORMAT_DEFAULT_OPTIONS: TokenOptions = { caseSensitive: false, spaceChangeSensitive: false, absoluteTolerance: null, relativeTolerance: null };

/** Reads `validator_flags` ("float_tolerance 1e-6 case_sensitive"); unknown words are returned as faults. */
export function parseValidatorFlags(flags: string): { options: TokenOptions; faults: string[] } {
  const options = { ...FORMAT_DEFAULT_OPTIONS };
  const faults: string[] = [];
  const words = flags.trim().split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === 'case_sensitive') options.caseSensitive = true;
    else if (w === 'space_change_sensitive') options.spaceChangeSensitive = true;
    else if (w === 'float_tolerance' || w === 'float_absolute_tolerance' || w === 'float_relative_tolerance') {
      const value = words[i + 1] === undefined ? null : parseFloatToken(words[i + 1]!);
      if (value === null || !Number.isFinite(value) || value < 0) {
        faults.push(`problem.yaml: validator_flags "${w}" needs a non-negative number after it.`);
        continue;
      }
      i++;
      if (w !== 'float_relative_tolerance') options.absoluteTolerance = value;
      if (w !== 'float_absolute_tolerance') options.relativeTolerance = value;
    } else faults.push(`problem.yaml: validator_flags "${w.slice(0, 40)}" is not a flag of the default validator.`);
  }
  return { options, faults };
}

/**
 * A token as C's `sscanf("%lf")` reads it, wholly (the format's validators are C++): decimal with
 * optional point and exponent, hexadecimal (`0x1.8p3`), `inf`/`infinity` and `nan`/`nan(…)` in any
 * case, with a sign. null when the token is not a float.
 */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const HEX = /^([+-]?)0[xX]((?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+))(?:[pP]([+-]?\d+))?$/;
const SPECIAL = /^([+-]?)(inf|infinity|nan(?:\([0-9A-Za-z_]*\))?)$/i;

export function parseFloatToken(t: string): number | null {
  if (DECIMAL.test(t)) return Number(t);
  const special = SPECIAL.exec(t);
  if (special) return special[2]!.toLowerCase().startsWith('nan') ? NaN : special[1] === '-' ? -Infinity : Infinity;
  const hex = HEX.exec(t);
  if (hex) {
    const [int = '', frac = ''] = hex[2]!.split('.');
    let v = parseInt(int || '0', 16);
    for (let i = 0; i < frac.length; i++) v += parseInt(frac[i]!, 16) / 16 ** (i + 1);
    v *= 2 ** Number(hex[3] ?? 0);
    return hex[1] === '-' ? -v : v;
  }
  return null;
}

export function compareWithOptions(expected: string, got: string, o: TokenOptions): CheckResult {
  const exact = o.caseSensitive && o.absoluteTolerance === null && o.relativeTolerance === null;
  if (exact && !o.spaceChangeSensitive) return compareTokens(expected, got);
  const a = expected.match(/\S+/g) ?? [];
  const b = got.match(/\S+/g) ?? [];
  // The whitespace before each token and after the last: with space_change_sensitive it must be
  // the same run for run, leading and trailing runs too (problemtools' rule).
  const sa = expected.split(/\S+/);
  const sb = got.split(/\S+/);
  for (let k = 0; k <= a.length; k++) {
    if (o.spaceChangeSensitive && k < sb.length && sa[k] !== sb[k]) {
      return { ok: false, message: `whitespace differs ${k === 0 ? 'before the first token' : `after token ${k}`}: expected ${JSON.stringify(sa[k])}, found ${JSON.stringify(sb[k])}` };
    }
    if (k === a.length) break;
    if (k >= b.length) return checkResult(false, said('checker.output-ended', k + 1, clip(a[k]!)));
    if (!sameToken(a[k]!, b[k]!, o)) return checkResult(false, said('checker.token-differs', k + 1, clip(a[k]!), clip(b[k]!)));
  }
  if (b.length > a.length) return checkResult(false, said('checker.extra-output', a.length + 1, clip(b[a.length]!)));
  return checkResult(true, said('checker.ok', a.length));
}

/**
 * With a tolerance, a token of the answer that reads as a float asks for a float: within the
 * absolute or the relative tolerance (either suffices); NaN matches NaN, an infinity the same
 * infinity (DOMjudge's rule; problemtools compares inf and nan as words). Otherwise words compare
 * case-insensitively unless case_sensitive.
 */
function sameToken(want: string, got: string, o: TokenOptions): boolean {
  const x = o.absoluteTolerance !== null || o.relativeTolerance !== null ? parseFloatToken(want) : null;
  if (x !== null) {
    const y = parseFloatToken(got);
    if (y === null) return false;
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) && Number.isNaN(y);
    if (!Number.isFinite(x) || !Number.isFinite(y)) return x === y;
    const diff = Math.abs(x - y);
    return (o.absoluteTolerance !== null && diff <= o.absoluteTolerance) || (o.relativeTolerance !== null && diff <= o.relativeTolerance * Math.abs(x));
  }
  return o.caseSensitive ? want === got : want.toLowerCase() === got.toLowerCase();
}

function clip(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}
