import type { YamlValue } from './yaml';

/**
 * problem.yaml's `constants` (2025-09): names mapped to an int, a float or a string, each
 * `{{NAME}}` in the package's Markdown statements, validators, included code, example submissions
 * and test_group.yaml replaced by its value (`\constant{NAME}` in a LaTeX statement), never in
 * test data or problem.yaml itself; a `{{name}}` no constant names is left as it is. BAPCtools
 * also gives a constant as a map, `value` and string variants (`{{NAME.INT}}`), read the same way.
 * Bounded: at most 200 names of 256 characters each, and a file grows by at most 1 MiB.
 */
export type Constants = Map<string, string>;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAX_NAMES = 200;
const MAX_VALUE = 256;
const MAX_GROWTH = 1024 * 1024;
const TAG = /\{\{([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)\}\}/g;
const LATEX = /\\constant\{([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)\}/g;

const scalar = (v: YamlValue | undefined): string | null => (typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : null);

export function readConstants(v: YamlValue | undefined, notes: string[]): Constants {
  const out: Constants = new Map();
  if (v === undefined || v === null) return out;
  if (typeof v !== 'object' || Array.isArray(v)) {
    notes.push('problem.yaml: constants is not a map of names to values: ignored.');
    return out;
  }
  const skipped: string[] = [];
  for (const [name, value] of Object.entries(v)) {
    if (out.size >= MAX_NAMES) {
      notes.push(`problem.yaml: more than ${MAX_NAMES} constants; the rest are not substituted.`);
      break;
    }
    const variants: [string, YamlValue][] = value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [['value', value]];
    if (!NAME.test(name) || !variants.some(([k]) => k === 'value')) {
      skipped.push(name);
      continue;
    }
    for (const [sub, variant] of variants) {
      const text = scalar(variant);
      if (!NAME.test(sub) || text === null || text.length > MAX_VALUE) {
        skipped.push(`${name}.${sub}`);
        continue;
      }
      out.set(`${name}.${sub}`, text);
      if (sub === 'value') out.set(name, text);
    }
  }
  if (skipped.length) notes.push(`problem.yaml: constants ${skipped.slice(0, 4).map((s) => s.slice(0, 40)).join(', ')} are not a name with an int, float or string of at most ${MAX_VALUE} characters: not substituted.`);
  return out;
}

/** `{{NAME}}` replaced (or LaTeX's `\constant{NAME}`), up to MAX_GROWTH more characters; a tag no constant names stays. */
export function substituteConstants(text: string, constants: Constants, latex = false): { text: string; cut: boolean } {
  if (!constants.size || !text.includes(latex ? '\\constant{' : '{{')) return { text, cut: false };
  let growth = 0;
  let cut = false;
  const replaced = text.replace(latex ? LATEX : TAG, (tag: string, name: string) => {
    const value = constants.get(name);
    if (value === undefined || cut) return tag;
    growth += value.length - tag.length;
    if (growth > MAX_GROWTH) {
      cut = true;
      return tag;
    }
    return value;
  });
  return { text: replaced, cut };
}

/** The files whose constant sequences are replaced, by path in the package. */
export function takesConstants(rel: string): 'tags' | 'latex' | null {
  if (/^(problem_)?statement\/[^/]+\.md$/.test(rel)) return 'tags';
  if (/^(problem_)?statement\/[^/]+\.tex$/.test(rel)) return 'latex';
  if (/^(input_validators|input_format_validators|output_validators?|include)\//.test(rel)) return 'tags';
  if (/^submissions\/[^/]+\/./.test(rel)) return 'tags';
  if (/^data\/(.+\/)?test_group\.yaml$/.test(rel)) return 'tags';
  return null;
}
