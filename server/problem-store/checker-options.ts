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
      const value = Number(words[i + 1]);
      if (words[i + 1] === undefined || !Number.isFinite(value) || value < 0) {
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

const FLOAT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export function compareWithOptions(expected: string, got: string, o: TokenOptions): CheckResult {
  const exact = o.caseSensitive && o.absoluteTolerance === null && o.relativeTolerance === null;
  if (exact && !o.spaceChangeSensitive) return compareTokens(expected, got);
  if (o.spaceChangeSensitive) {
    // Whitespace must match run for run; only the blanks after the last token may differ.
    const shape = (s: string) => s.replace(/\s+$/, '').split(/(\s+)/);
    const a = shape(expected);
    const b = shape(got);
    for (let k = 1; k < Math.min(a.length, b.length); k += 2) {
      if (a[k] !== b[k]) return { ok: false, message: `whitespace differs after token ${(k + 1) / 2}: expected ${JSON.stringify(a[k])}, found ${JSON.stringify(b[k])}` };
    }
  }
  const a = expected.split(/\s+/).filter(Boolean);
  const b = got.split(/\s+/).filter(Boolean);
  for (let k = 0; k < a.length; k++) {
    if (k >= b.length) return checkResult(false, said('checker.output-ended', k + 1, clip(a[k]!)));
    if (!sameToken(a[k]!, b[k]!, o)) return checkResult(false, said('checker.token-differs', k + 1, clip(a[k]!), clip(b[k]!)));
  }
  if (b.length > a.length) return checkResult(false, said('checker.extra-output', a.length + 1, clip(b[a.length]!)));
  return checkResult(true, said('checker.ok', a.length));
}

function sameToken(want: string, got: string, o: TokenOptions): boolean {
  if ((o.absoluteTolerance !== null || o.relativeTolerance !== null) && FLOAT.test(want)) {
    if (!FLOAT.test(got)) return false;
    const x = Number(want);
    const y = Number(got);
    const diff = Math.abs(x - y);
    return (o.absoluteTolerance !== null && diff <= o.absoluteTolerance) || (o.relativeTolerance !== null && diff <= o.relativeTolerance * Math.abs(x));
  }
  return o.caseSensitive ? want === got : want.toLowerCase() === got.toLowerCase();
}

function clip(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}
