import type { Verdict } from '../judge/verdicts';
import { parseYaml, YamlError, type YamlMap, type YamlValue } from './yaml';

/**
 * submissions/submissions.yaml (2025-09): expectations for the package's submissions, by glob
 * patterns over their paths under submissions/ (`*` within one name, brace expansion
 * `{a,b}`, a pattern matching a submission or its folder), each a map of `permitted` (every test
 * case's verdict among these), `required` (at least one among these) and `message` (in at least
 * one judge message), optionally under test case globs (`sample`, `secret/*-hard`) that narrow
 * them to those tests. The default folders' own rules hold unless the file names the folder
 * itself, whose keys then replace them; every other matching pattern adds its rules.
 */
export type SpecVerdict = 'AC' | 'WA' | 'TLE' | 'RTE';

export interface SubmissionRule {
  /** Test case globs (brace-expanded) the rule holds for; null: every test. */
  tests: string[] | null;
  permitted?: SpecVerdict[];
  required?: SpecVerdict[];
  message?: string;
}

export interface SubmissionMeta {
  rules: SubmissionRule[];
  /** The rules as one line for the solution table. */
  text: string;
  language?: string;
  entrypoint?: string;
  modelSolution?: boolean;
}

interface Entry {
  key: string;
  patterns: string[];
  rules: SubmissionRule[];
  language?: string;
  entrypoint?: string;
  modelSolution?: boolean;
}

export interface SubmissionsYaml {
  entries: Entry[];
  /** Default folders whose rules the file replaces, by folder. */
  overrides: Map<string, Entry>;
}

/** The format's default folders and their rules. */
export const DEFAULT_RULES: Record<string, SubmissionRule> = {
  accepted: { tests: null, permitted: ['AC'] },
  rejected: { tests: null, required: ['RTE', 'TLE', 'WA'] },
  wrong_answer: { tests: null, permitted: ['AC', 'WA'], required: ['WA'] },
  time_limit_exceeded: { tests: null, permitted: ['AC', 'TLE'], required: ['TLE'] },
  run_time_error: { tests: null, permitted: ['AC', 'RTE'], required: ['RTE'] },
  brute_force: { tests: null, permitted: ['AC', 'RTE', 'TLE'], required: ['RTE', 'TLE'] },
};

const RULE_KEYS = new Set(['permitted', 'required', 'message', 'score', 'use_for_time_limit']);
const META_KEYS = new Set(['language', 'entrypoint', 'authors', 'model_solution']);
const VERDICTS = new Set<string>(['AC', 'WA', 'TLE', 'RTE']);
/** Bounds: the file is at most 64 KiB (yaml.ts); these keep its matching cheap whatever it holds. */
const MAX_ENTRIES = 500;
const MAX_EXPANSIONS = 2000;
const MAX_PATTERN = 300;

/** `a{b,c}{d,e}` → abd abe acd ace; alternatives trimmed; at most `budget.left` in all, else null. */
export function expandBraces(pattern: string, budget: { left: number }): string[] | null {
  const open = pattern.indexOf('{');
  if (open < 0) return --budget.left < 0 ? null : [pattern];
  let depth = 0;
  let close = -1;
  for (let i = open; i < pattern.length; i++) {
    if (pattern[i] === '{') depth++;
    else if (pattern[i] === '}' && --depth === 0) {
      close = i;
      break;
    }
  }
  if (close < 0) return --budget.left < 0 ? null : [pattern];
  const inner = pattern.slice(open + 1, close);
  const alternatives: string[] = [];
  depth = 0;
  let start = 0;
  for (let i = 0; i <= inner.length; i++) {
    const c = inner[i];
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if ((c === ',' && depth === 0) || i === inner.length) {
      alternatives.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  const out: string[] = [];
  for (const a of alternatives) {
    const rest = expandBraces(`${pattern.slice(0, open)}${a}${pattern.slice(close + 1)}`, budget);
    if (!rest) return null;
    out.push(...rest);
  }
  return out;
}

/** `*` matches within one name (never `/`); everything else is itself. */
export function globMatches(pattern: string, path: string): boolean {
  const re = new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`);
  return re.test(path);
}

/** A path and every folder above it ("secret/g/1" → secret, secret/g, secret/g/1). */
function withParents(path: string): string[] {
  const parts = path.split('/');
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}

const verdictsOf = (v: YamlValue | undefined, where: string, notes: string[]): SpecVerdict[] | undefined => {
  if (v === undefined) return undefined;
  const list = (Array.isArray(v) ? v : [v]).map((x) => String(x).trim());
  const bad = list.filter((x) => !VERDICTS.has(x));
  if (bad.length) notes.push(`submissions/submissions.yaml: ${where} names ${bad.slice(0, 3).join(', ')}, not a verdict of the format (AC, WA, TLE, RTE): left out.`);
  return list.filter((x): x is SpecVerdict => VERDICTS.has(x));
};

export function readSubmissionsYaml(text: string, notes: string[]): SubmissionsYaml | null {
  let yaml: YamlMap;
  try {
    yaml = parseYaml(text);
  } catch (e) {
    notes.push(`submissions/submissions.yaml cannot be read (${e instanceof YamlError ? e.message : String(e)}): the folders' own expectations are used.`);
    return null;
  }
  const budget = { left: MAX_EXPANSIONS };
  const entries: Entry[] = [];
  const overrides = new Map<string, Entry>();
  const unused = new Set<string>();
  for (const [key, value] of Object.entries(yaml).slice(0, MAX_ENTRIES)) {
    if (!value || typeof value !== 'object' || Array.isArray(value) || key.length > MAX_PATTERN) {
      notes.push(`submissions/submissions.yaml: "${key.slice(0, 60)}" is not a pattern with a map of expectations: left out.`);
      continue;
    }
    const patterns = expandBraces(key.trim(), budget);
    if (!patterns) {
      notes.push(`submissions/submissions.yaml expands to more than ${MAX_EXPANSIONS} patterns: the rest is left out.`);
      break;
    }
    const rules: SubmissionRule[] = [];
    const ruleOf = (m: YamlMap, tests: string[] | null, where: string): SubmissionRule | null => {
      const r: SubmissionRule = { tests };
      const permitted = verdictsOf(m.permitted, where, notes);
      const required = verdictsOf(m.required, where, notes);
      if (permitted) r.permitted = permitted;
      if (required) r.required = required;
      if (typeof m.message === 'string' && m.message !== '') r.message = m.message.slice(0, 1000);
      if (m.score !== undefined) unused.add('score (a pass/fail judge gives none)');
      if (m.use_for_time_limit !== undefined) unused.add('use_for_time_limit');
      return r.permitted || r.required || r.message ? r : null;
    };
    const top = ruleOf(value, null, key);
    if (top) rules.push(top);
    for (const [sub, v] of Object.entries(value)) {
      if (RULE_KEYS.has(sub) || META_KEYS.has(sub)) continue;
      if (!v || typeof v !== 'object' || Array.isArray(v)) continue;
      const tests = expandBraces(sub.trim().slice(0, MAX_PATTERN), budget);
      if (!tests) break;
      const r = ruleOf(v, tests, `${key}: ${sub}`);
      if (r) rules.push(r);
    }
    const entry: Entry = {
      key,
      patterns,
      rules,
      ...(typeof value.language === 'string' && { language: value.language }),
      ...(typeof value.entrypoint === 'string' && { entrypoint: value.entrypoint }),
      ...(typeof value.model_solution === 'boolean' && { modelSolution: value.model_solution }),
    };
    // The name of a default folder replaces that folder's rules (the keys it gives; the others stay).
    if (DEFAULT_RULES[key.trim()]) overrides.set(key.trim(), entry);
    else entries.push(entry);
  }
  if (Object.keys(yaml).length > MAX_ENTRIES) notes.push(`submissions/submissions.yaml has more than ${MAX_ENTRIES} patterns: the rest is left out.`);
  if (unused.size) notes.push(`submissions/submissions.yaml: ${[...unused].join(', ')} read, not used here.`);
  return { entries, overrides };
}

/** Whether the file says anything of a folder's submissions (a custom folder it names is one the package means). */
export function namesFolder(file: SubmissionsYaml, folder: string): boolean {
  return file.overrides.has(folder) || file.entries.some((e) => e.patterns.some((p) => globMatches(p, folder) || globMatches(p.split('/')[0]!, folder)));
}

/** The rules a submission (folder/name under submissions/) must meet, or null when nothing says more than its folder. */
export function metaFor(file: SubmissionsYaml, folder: string, name: string): SubmissionMeta | null {
  const path = `${folder}/${name}`;
  const rules: SubmissionRule[] = [];
  const meta: Omit<SubmissionMeta, 'rules' | 'text'> = {};
  const take = (e: Entry) => {
    if (e.language !== undefined) meta.language = e.language;
    if (e.entrypoint !== undefined) meta.entrypoint = e.entrypoint;
    if (e.modelSolution !== undefined) meta.modelSolution = e.modelSolution;
  };
  const base = DEFAULT_RULES[folder];
  const override = file.overrides.get(folder);
  if (base) {
    const top = override?.rules.find((r) => r.tests === null);
    rules.push({ tests: null, ...(top?.permitted ?? base.permitted ? { permitted: top?.permitted ?? base.permitted } : {}), ...(top?.required ?? base.required ? { required: top?.required ?? base.required } : {}), ...(top?.message && { message: top.message }) });
    if (override) {
      rules.push(...override.rules.filter((r) => r.tests !== null));
      take(override);
    }
  }
  const matched = file.entries.filter((e) => e.patterns.some((p) => withParents(path).some((q) => globMatches(p, q))));
  for (const e of matched) {
    rules.push(...e.rules);
    take(e);
  }
  if (!matched.length && !override) return null;
  return { rules, text: describeRules(rules, meta.modelSolution), ...meta };
}

function describeRules(rules: SubmissionRule[], model?: boolean): string {
  const one = (r: SubmissionRule) =>
    [r.tests ? `${r.tests.slice(0, 3).join(',')}${r.tests.length > 3 ? ',…' : ''}:` : '', r.permitted && `permitted ${r.permitted.join(' ')}`, r.required && `required ${r.required.join(' ')}`, r.message && `message "${r.message.slice(0, 30)}"`]
      .filter(Boolean)
      .join(' ');
  const text = [...rules.map(one), ...(model ? ['model solution'] : [])].join('; ') || 'any';
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

/** The format's verdict names: a run-time error, an exhausted memory and an output over its limit are all RTE there. */
export function specVerdict(v: Verdict): SpecVerdict | null {
  if (v === 'AC' || v === 'WA' || v === 'TLE') return v;
  if (v === 'RE' || v === 'MLE' || v === 'OLE') return 'RTE';
  return null;
}

export interface RunSoFar {
  /** Each test's path under data/ ("sample/1", "secret/g/2"), in judging order. */
  tests: string[];
  /** The verdicts of the tests run so far (a prefix of `tests`) and each one's judge message. */
  verdicts: Verdict[];
  messages: (string | null)[];
}

/** Whether the rules are met by the run so far, and whether running more tests could still change that. */
export function weigh(rules: SubmissionRule[], run: RunSoFar): { ok: boolean; undecided: boolean } {
  let ok = true;
  let undecided = false;
  for (const r of rules) {
    const idx = run.tests.map((t, i) => i).filter((i) => r.tests === null || r.tests.some((p) => withParents(run.tests[i]!).some((q) => globMatches(p, q))));
    const ran = idx.filter((i) => i < run.verdicts.length);
    const unrun = idx.length > ran.length;
    const got = ran.map((i) => specVerdict(run.verdicts[i]!));
    if (r.permitted && got.some((v) => v === null || !r.permitted!.includes(v))) return { ok: false, undecided: false };
    // A rule narrowed to some tests is checked on all of them; one for every test stops at the
    // first failure, as the judge does.
    if (r.permitted && r.tests !== null && unrun) undecided = true;
    if (r.required && !got.some((v) => v !== null && r.required!.includes(v))) {
      ok = false;
      if (unrun) undecided = true;
    }
    if (r.message && !ran.some((i) => run.messages[i]?.includes(r.message!))) {
      ok = false;
      if (unrun) undecided = true;
    }
  }
  return { ok, undecided };
}
