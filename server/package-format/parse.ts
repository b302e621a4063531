import { closeSync, lstatSync, opendirSync, readFileSync } from 'node:fs';
import type { ScriptLanguage } from '../languages/types';
import { basename, join } from 'node:path';
import type { CaseLayout } from '../problems/case-layout';
import { SLUG_PATTERN } from '../problems/registry';
import { checkPackage } from './check';
import { readInteractor, type InteractorRead } from './interactor-files';
import { parseYaml, type YamlMap } from './yaml';

/**
 * Reads a problem package folder (ICPC / Kattis format) into what the judge would store, with
 * bounds, refusing with every reason found. Reading only: nothing is written anywhere. The walk is
 * bounded before anything is parsed, so a package of a million files or a 50 MB test costs a
 * bounded listing and no reads; symbolic links are never followed.
 */
export interface PackageBounds {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
  maxDepth: number;
}

export const DEFAULT_BOUNDS: PackageBounds = {
  maxFiles: 10_000,
  maxFileBytes: 16 * 1024 * 1024,
  maxTotalBytes: 128 * 1024 * 1024,
  maxDepth: 8,
};

export interface PackageTest {
  /** The path under data/sample or data/secret without `.in`, e.g. "03-edge-2" or "group1/a". */
  name: string;
  input: string;
  answer: string;
}

export type SubmissionFolder = 'accepted' | 'wrong_answer' | 'time_limit_exceeded' | 'run_time_error';
export interface PackageSubmission {
  name: string;
  language: ScriptLanguage | 'other';
  source: string | null;
}

export interface ParsedPackage {
  shortName: string;
  /** problem.yaml's uuid, kept so an export writes it back. */
  uuid?: string;
  name: { en: string; zh?: string };
  source: string | null;
  license: string | null;
  type: string;
  validation: string;
  limits: { timeMs: number; memoryMb: number };
  statements: Record<string, string>;
  samples: PackageTest[];
  secret: PackageTest[];
  submissions: Record<SubmissionFolder, PackageSubmission[]>;
  hasOutputValidator: boolean;
  /** problem.yaml's validator_flags for the default output validator ("float_tolerance 1e-6"). */
  validatorFlags?: string;
  /** The one TypeScript or JavaScript output validator (a file under output_validators/), if any. */
  outputValidator?: { name: string; language: ScriptLanguage; source: string } | null;
  /** Interactive packages: the interactor in SG Judge's form, or why it cannot be run (absent: not interactive). */
  interactor?: InteractorRead | null;
  /**
   * Every file under input_validators/ (text): TypeScript and JavaScript ones are run over every
   * test input at import (server/problem-store/input-validators.ts), others kept and exported.
   */
  inputValidators?: { path: string; language: ScriptLanguage | 'other'; source: string }[];
  /** Each statement's format, by language (absent: Markdown). */
  statementFormats?: Record<string, 'md' | 'tex'>;
  /** What was assumed or left out, as sentences (defaults taken, files kept but not used). */
  notes: string[];
  /**
   * Files under sg-judge/ (path without that prefix, text): what the format has no place for,
   * kept so an export writes them back.
   */
  sgJudgeFiles?: { path: string; text: string }[];
  /** sg-judge/case-layout.json: input of T cases of fixed lines, so wrong answers name their case. */
  caseLayout?: CaseLayout | null;
}

export type ParseResult = { ok: true; pkg: ParsedPackage } | { ok: false; reasons: string[] };

/** The format's defaults where problem.yaml gives no limit. */
const DEFAULT_TIME_MS = 1000;
const DEFAULT_MEMORY_MB = 2048;

export function parsePackage(dir: string, bounds: Partial<PackageBounds> = {}): ParseResult {
  const b = { ...DEFAULT_BOUNDS, ...bounds };
  const reasons: string[] = [];
  const shortName = basename(dir);
  if (!SLUG_PATTERN.test(shortName)) reasons.push(`"${shortName.slice(0, 60)}" is not a short name: lowercase letters and digits joined by dashes.`);
  let top;
  try {
    top = lstatSync(dir);
  } catch {
    return { ok: false, reasons: [...reasons, `${shortName} does not exist.`] };
  }
  if (top.isSymbolicLink()) return { ok: false, reasons: [...reasons, `${shortName} is a symbolic link; name the package folder itself.`] };
  if (!top.isDirectory()) return { ok: false, reasons: [...reasons, `${shortName} is not a folder.`] };

  const walked = walk(dir, b);
  reasons.push(...walked.reasons);
  if (walked.stopped) return { ok: false, reasons };
  reasons.push(...checkPackage(dir));
  if (reasons.length) return { ok: false, reasons };
  return { ok: true, pkg: read(dir, shortName, walked.files) };
}

/** Lists regular files breadth-first, stopping at the first bound that breaks. */
function walk(dir: string, b: PackageBounds): { files: string[]; reasons: string[]; stopped: boolean } {
  const files: string[] = [];
  const reasons: string[] = [];
  let total = 0;
  let count = 0;
  const queue: { rel: string; depth: number }[] = [{ rel: '', depth: 0 }];
  while (queue.length) {
    const { rel, depth } = queue.shift()!;
    const handle = opendirSync(join(dir, rel));
    try {
      for (let e = handle.readSync(); e; e = handle.readSync()) {
        const path = rel ? `${rel}/${e.name}` : e.name;
        if (++count > b.maxFiles) return { files, reasons: [...reasons, `The package holds more than ${b.maxFiles} files; refusing to read further.`], stopped: true };
        if (e.isDirectory()) {
          if (depth + 1 > b.maxDepth) reasons.push(`${path} is nested more than ${b.maxDepth} folders deep.`);
          else queue.push({ rel: path, depth: depth + 1 });
        } else if (e.isFile()) {
          const size = lstatSync(join(dir, path)).size;
          total += size;
          if (size > b.maxFileBytes) reasons.push(`${path} is ${size} bytes; a file may hold at most ${b.maxFileBytes}.`);
          files.push(path);
        }
        // Symbolic links and devices are reported by the format check and never opened.
      }
    } finally {
      handle.closeSync();
    }
  }
  if (total > b.maxTotalBytes) reasons.push(`The package holds ${total} bytes; at most ${b.maxTotalBytes} are taken.`);
  return { files, reasons, stopped: false };
}

function read(dir: string, shortName: string, files: string[]): ParsedPackage {
  const text = (rel: string) => readFileSync(join(dir, rel), 'utf8');
  const yaml = parseYaml(text('problem.yaml'));
  const notes: string[] = [];

  const limits = typeof yaml.limits === 'object' ? yaml.limits : ({} as YamlMap);
  const time = typeof limits.time_limit === 'number' ? Math.round(limits.time_limit * 1000) : DEFAULT_TIME_MS;
  if (typeof limits.time_limit !== 'number') notes.push(`problem.yaml gives no limits.time_limit; ${DEFAULT_TIME_MS} ms is taken.`);
  const memory = typeof limits.memory === 'number' ? limits.memory : DEFAULT_MEMORY_MB;
  if (typeof limits.memory !== 'number') notes.push(`problem.yaml gives no limits.memory; the format's ${DEFAULT_MEMORY_MB} MiB is taken.`);

  const name = typeof yaml.name === 'string' ? { en: yaml.name } : nameMap(yaml.name as YamlMap);
  const statements: Record<string, string> = {};
  const statementFormats: Record<string, 'md' | 'tex'> = {};
  // Markdown first, so a package with both keeps the Markdown.
  const statementFiles = files.filter((f) => /^problem_statement\/problem(\.[a-z]{2,3})?\.(md|tex)$/.test(f)).sort((a, b) => Number(a.endsWith('.md')) - Number(b.endsWith('.md')));
  for (const f of statementFiles) {
    const lang = /\.([a-z]{2,3})\.(md|tex)$/.exec(f)?.[1] ?? 'en';
    statements[lang] = text(f);
    statementFormats[lang] = f.endsWith('.tex') ? 'tex' : 'md';
  }
  if (files.some((f) => /^problem_statement\/.*\.pdf$/.test(f)) && !Object.keys(statements).length) notes.push('Only a PDF statement: it is kept but cannot be shown as text.');

  const tests = (group: string): PackageTest[] =>
    files
      .filter((f) => f.startsWith(`data/${group}/`) && f.endsWith('.in'))
      .sort()
      .map((f) => ({ name: f.slice(`data/${group}/`.length, -3), input: text(f), answer: text(`${f.slice(0, -3)}.ans`) }));

  const submissions = { accepted: [], wrong_answer: [], time_limit_exceeded: [], run_time_error: [] } as Record<SubmissionFolder, PackageSubmission[]>;
  for (const f of files.filter((f) => f.startsWith('submissions/'))) {
    const [, folder, ...rest] = f.split('/');
    if (!(folder! in submissions)) continue;
    const name = rest.join('/');
    const language = rest.length > 1 ? 'other' : /\.(ts|mts)$/.test(name) ? 'typescript' : /\.(js|mjs)$/.test(name) ? 'javascript' : 'other';
    submissions[folder as SubmissionFolder].push({ name, language, source: language === 'other' ? null : text(f) });
  }
  const others = Object.values(submissions).flat().filter((s) => s.language === 'other').length;
  if (others) notes.push(`${others} submission file(s) are in languages other than TypeScript and JavaScript: kept, not run.`);

  const type = typeof yaml.type === 'string' ? yaml.type : 'pass-fail';
  const validation = typeof yaml.validation === 'string' ? yaml.validation : 'default';
  const interactive = type === 'interactive' || validation.includes('interactive');
  return {
    shortName,
    ...(typeof yaml.uuid === 'string' && { uuid: yaml.uuid }),
    name,
    source: typeof yaml.source === 'string' ? yaml.source : null,
    license: typeof yaml.license === 'string' ? yaml.license : null,
    type,
    validation,
    limits: { timeMs: time, memoryMb: memory },
    statements,
    samples: tests('sample'),
    secret: tests('secret'),
    submissions,
    hasOutputValidator: files.some((f) => f.startsWith('output_validators/')),
    validatorFlags: typeof yaml.validator_flags === 'string' ? yaml.validator_flags : '',
    outputValidator: interactive ? null : outputValidatorOf(files, text, notes),
    interactor: interactive ? readInteractor(files, text) : null,
    inputValidators: files
      .filter((f) => f.startsWith('input_validators/'))
      .sort()
      .map((f) => ({ path: f, language: /\.(ts|mts)$/.test(f) ? 'typescript' : /\.(js|mjs)$/.test(f) ? 'javascript' : 'other', source: text(f) })),
    caseLayout: caseLayoutOf(files, text, notes),
    sgJudgeFiles: files
      .filter((f) => f.startsWith('sg-judge/'))
      .sort()
      .map((f) => ({ path: f.slice('sg-judge/'.length), text: text(f) })),
    statementFormats,
    notes,
  };
}

function nameMap(map: YamlMap): { en: string; zh?: string } {
  const en = typeof map.en === 'string' ? map.en : String(Object.values(map)[0]);
  return typeof map.zh === 'string' ? { en, zh: map.zh } : { en };
}

/** The output validator the judge can run: one .ts/.mts/.js/.mjs file under output_validators/. */
function outputValidatorOf(files: string[], text: (rel: string) => string, notes: string[]): ParsedPackage['outputValidator'] {
  const all = files.filter((f) => f.startsWith('output_validators/'));
  if (!all.length) return null;
  const runnable = all.filter((f) => /\.(ts|mts|js|mjs)$/.test(f));
  if (runnable.length !== 1) {
    notes.push(`output_validators/ holds ${runnable.length} TypeScript or JavaScript files; the judge runs exactly one.`);
    return null;
  }
  const name = runnable[0]!;
  return { name, language: /\.(ts|mts)$/.test(name) ? 'typescript' : 'javascript', source: text(name) };
}

const LAYOUT_FILE = 'sg-judge/case-layout.json';

/** The declared case layout, or null (a malformed one is noted and left out: it only names cases). */
function caseLayoutOf(files: string[], text: (rel: string) => string, notes: string[]): CaseLayout | null {
  if (!files.includes(LAYOUT_FILE)) return null;
  let value: unknown;
  try {
    value = JSON.parse(text(LAYOUT_FILE));
  } catch {
    value = null;
  }
  const count = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 1 && (v as number) <= 1000;
  const o = value as { inputLinesPerCase?: unknown; answerLinesPerCase?: unknown } | null;
  if (o && typeof o === 'object' && count(o.inputLinesPerCase) && count(o.answerLinesPerCase)) return { inputLinesPerCase: o.inputLinesPerCase, answerLinesPerCase: o.answerLinesPerCase };
  notes.push(`${LAYOUT_FILE} is not {"inputLinesPerCase": n, "answerLinesPerCase": m} with whole numbers from 1 to 1000: ignored, wrong answers name no case.`);
  return null;
}
