import { lstatSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { CaseLayout } from '../problems/case-layout';
import { SLUG_PATTERN } from '../problems/registry';
import { checkListing, readProblemYaml } from './check';
import { domjudgeTimeLimit } from './domjudge';
import { readInteractor, type InteractorRead } from './interactor-files';
import { formatVersionOf, KNOWN_SUBMISSION_FOLDERS, OUTPUT_VALIDATOR_DIR, STATEMENT_DIR, TIME_DEFAULTS, type FormatVersion } from './layout';
import { NAMES_FILE, namesReadBack } from './plain-names';
import { HEADER, programFiles, type PackageLanguage } from './programs';
import { groupConfigs, type GroupConfig, type InputArgs } from './testdata-config';
import { readConstants, substituteConstants, takesConstants } from './constants';
import { metaFor, namesFolder, readSubmissionsYaml, type SubmissionRule } from './submissions-yaml';
import { DEFAULT_BOUNDS, walkPackage, type PackageBounds, type PackageListing } from './walk';
import type { YamlMap, YamlValue } from './yaml';

export { DEFAULT_BOUNDS, type PackageBounds } from './walk';

/**
 * Reads a problem package folder (ICPC / Kattis format, legacy, 2023-07 or 2025-09, each by its
 * own rules) into what the judge would store, with bounds, refusing with every reason found.
 * Reading only: nothing is written anywhere. The walk is bounded before anything is parsed, so a
 * package of a million files or a 50 MB test costs a bounded listing and no reads.
 */
export interface PackageTest {
  /** The path under data/sample or data/secret without `.in`, e.g. "03-edge-2" or "group1/a". */
  name: string;
  input: string;
  answer: string;
}

/** The four folders a draft writes (and the ones with one exact verdict); a package may hold others. */
export type SubmissionFolder = 'accepted' | 'wrong_answer' | 'time_limit_exceeded' | 'run_time_error';
export interface PackageSubmission {
  /** Its file (or folder) name under submissions/<folder>/. */
  name: string;
  language: PackageLanguage;
  /** The language's name for a note ("Java"), when the judge does not run it. */
  languageName?: string;
  /** The entry file's source; null when the judge cannot run it (kept by name). */
  source: string | null;
  /** A program of several files (a folder): every source of its language, path under its folder. */
  files?: { path: string; source: string }[];
  entry?: string;
  /** submissions/submissions.yaml's rules for it (absent: its folder's expectation decides). */
  rules?: SubmissionRule[];
  /** Those rules as one line, for the solution table. */
  rulesText?: string;
}

/** A package program the judge may run natively (a C++/Python validator, checker or interactor). */
export interface PackageProgram {
  /** Its path in the package (file or folder), e.g. "output_validator" or "input_validators/check.py". */
  path: string;
  language: PackageLanguage;
  languageName: string;
  files: { path: string; source: string }[];
  entry: string | null;
  /** testlib.h beside it: exit codes 0 (AC), 1/2 (WA / presentation), 3 (fail), 7 (points). */
  testlib: boolean;
}

/** How the time limit was decided, for the import report. */
export type TimeRule =
  | { kind: 'problem.yaml'; seconds: number }
  | { kind: 'domjudge'; seconds: number; file: string }
  | { kind: 'from accepted'; multiplier: number; resolution: number };

export interface ParsedPackage {
  shortName: string;
  formatVersion?: FormatVersion;
  /** problem.yaml's uuid, kept so an export writes it back. */
  uuid?: string;
  name: { en: string; zh?: string };
  source: string | null;
  license: string | null;
  /** 'pass-fail', 'interactive', 'scoring', 'multi-pass', … (2023-07's list joined by spaces). */
  type: string;
  /** Legacy `validation` ("custom interactive"); for 2023-07, what its type implies. */
  validation: string;
  limits: { timeMs: number; memoryMb: number };
  timeRule?: TimeRule;
  /** limits.time_multipliers (or legacy time_multiplier / time_safety_margin). */
  timeMultipliers?: { acToTimeLimit: number; timeLimitToTle: number; resolution: number };
  statements: Record<string, string>;
  samples: PackageTest[];
  secret: PackageTest[];
  submissions: Record<SubmissionFolder, PackageSubmission[]> & { [folder: string]: PackageSubmission[] };
  hasOutputValidator: boolean;
  /** The default validator's flags: legacy validator_flags, then testdata.yaml's output_validator_flags/args. */
  validatorFlags?: string;
  /** The one TypeScript or JavaScript output validator in SG Judge's `check()` form, if any. */
  outputValidator?: { name: string; language: 'typescript' | 'javascript'; source: string } | null;
  /** The format's output validator program (C++, Python, …), run with `input answer feedback_dir [args] < output`. */
  outputProgram?: PackageProgram | null;
  /** Interactive packages: the interactor in SG Judge's form, or why it cannot be run (absent: not interactive). */
  interactor?: InteractorRead | null;
  /**
   * Every file under input_validators/ (text): TypeScript and JavaScript ones are run over every
   * test input at import (server/problem-store/input-validators.ts), others kept and exported.
   */
  inputValidators?: { path: string; language: PackageLanguage; source: string }[];
  /** input_validators/ as programs (a file or a folder each), for the native run. */
  inputPrograms?: PackageProgram[];
  /** answer_validators/ (BAPCtools'): each checks every .ans, `validator input [args] < answer`. */
  answerPrograms?: PackageProgram[];
  /** Arguments each test's answer validators get (answer_validator_args), by "sample/1". */
  answerValidatorArgs?: Record<string, string[]>;
  /** Arguments each test's input validators get (testdata.yaml's input_validator_flags/args), by "sample/1". */
  inputValidatorArgs?: Record<string, InputArgs>;
  /** Each statement's format, by language (absent: Markdown). */
  statementFormats?: Record<string, 'md' | 'tex'>;
  /** A statement given only as a PDF, by language: served as is. */
  statementPdfs?: Record<string, Buffer>;
  /** attachments/: offered to students as downloads. */
  attachments?: { name: string; data: Buffer }[];
  /** Scoring: the groups under data/secret and their testdata.yaml, when type is scoring. */
  scoringGroups?: { group: string; tests: number; config: GroupConfig }[];
  /** Multi-pass: limits.validation_passes. */
  validationPasses?: number;
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
/** Attachments and PDFs kept: each file and all together. */
const MAX_ATTACHMENT_BYTES = 8 * 1024 * 1024;
const MAX_ATTACHMENTS = 32;
/** A name an attachment is downloaded under as is: letters, digits, `.`, `_`, `-`, not starting with a dot. */
export const SAFE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

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

  const listing = walkPackage(dir, b);
  reasons.push(...listing.reasons);
  if (listing.stopped) return { ok: false, reasons };
  const yaml = readProblemYaml(listing, reasons);
  if (!yaml) return { ok: false, reasons };
  const version = formatVersionOf(yaml.problem_format_version);
  if (!version) return { ok: false, reasons: [...reasons, `problem.yaml: problem_format_version "${String(yaml.problem_format_version).slice(0, 40)}" is not a version of the format (legacy, 2023-07, 2025-09).`] };
  const checked = checkListing(listing, yaml, version, { strict: false });
  reasons.push(...checked.faults);
  if (reasons.length) return { ok: false, reasons };
  return { ok: true, pkg: read(listing, shortName, yaml, version, [...listing.notes, ...checked.notes]) };
}

const str = (v: YamlValue | undefined): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
const num = (v: YamlValue | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const map = (v: YamlValue | undefined): YamlMap => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});

function read(listing: PackageListing, shortName: string, yaml: YamlMap, version: FormatVersion, notes: string[]): ParsedPackage {
  const { files } = listing;
  const constants = readConstants(yaml.constants, notes);
  if (constants.size) notes.push(`problem.yaml gives ${[...constants.keys()].filter((k) => !k.includes('.')).length} constant(s): each {{NAME}} in the statements, validators and submissions (\\constant{NAME} in LaTeX) is replaced by its value, test data left as it is.`);
  const cutShort = new Set<string>();
  const text = (rel: string): string => {
    const raw = readFileSync(listing.real.get(rel)!, 'utf8');
    const how = constants.size ? takesConstants(rel) : null;
    if (!how) return raw;
    const r = substituteConstants(raw, constants, how === 'latex');
    if (r.cut && !cutShort.has(rel)) {
      cutShort.add(rel);
      notes.push(`${rel}: its constants would make it more than 1 MiB longer; the rest are left as they are.`);
    }
    return r.text;
  };
  const bytes = (rel: string) => readFileSync(listing.real.get(rel)!);

  // type: 2023-07 a string or a list; legacy: pass-fail or scoring, interactivity in `validation`.
  const types = Array.isArray(yaml.type) ? yaml.type.map(String) : typeof yaml.type === 'string' ? yaml.type.split(/\s+/) : ['pass-fail'];
  const legacyValidation = str(yaml.validation) ?? 'default';
  const validation =
    version === 'legacy'
      ? legacyValidation
      : types.includes('interactive') || types.includes('multi-pass') || legacyValidation.startsWith('custom') || files.some((f) => f.startsWith('output_validator/') || f.startsWith('output_validators/'))
        ? ['custom', ...types.filter((t) => t === 'interactive' || t === 'multi-pass'), ...(types.includes('scoring') ? ['score'] : [])].join(' ')
        : 'default';
  if (version === 'legacy' && legacyValidation.includes('interactive') && !types.includes('interactive')) types.push('interactive');
  if (version === 'legacy' && legacyValidation.includes('multi-pass') && !types.includes('multi-pass')) types.push('multi-pass');
  const type = types.filter((t) => t !== 'pass-fail').join(' ') || 'pass-fail';
  const interactive = types.includes('interactive');

  const limits = map(yaml.limits);
  const memory = num(limits.memory) ?? DEFAULT_MEMORY_MB;
  if (num(limits.memory) === null) notes.push(`problem.yaml gives no limits.memory; the format's ${DEFAULT_MEMORY_MB} MiB is taken.`);
  const tm = map(limits.time_multipliers);
  const defaults = TIME_DEFAULTS[version];
  const timeMultipliers = {
    acToTimeLimit: num(tm.ac_to_time_limit) ?? num(limits.time_multiplier) ?? defaults.acToTimeLimit,
    timeLimitToTle: num(tm.time_limit_to_tle) ?? num(limits.time_safety_margin) ?? defaults.timeLimitToTle,
    resolution: num(limits.time_resolution) ?? 1,
  };
  const { timeMs, rule } = timeLimitOf(listing, text, limits, version, timeMultipliers, notes);

  // An export of this judge writes typeset-safe names in problem.yaml and the exact ones here.
  const name = namesReadBack(nameOf(yaml.name, shortName, files, text), files.includes(`sg-judge/${NAMES_FILE}`) ? text(`sg-judge/${NAMES_FILE}`) : undefined);
  const statements: Record<string, string> = {};
  const statementFormats: Record<string, 'md' | 'tex'> = {};
  const statementPdfs: Record<string, Buffer> = {};
  const own = STATEMENT_DIR[version];
  const other = own === 'statement' ? 'problem_statement' : 'statement';
  const dirOf = files.some((f) => f.startsWith(`${own}/`)) ? own : files.some((f) => f.startsWith(`${other}/`)) ? other : null;
  if (dirOf === other) notes.push(`The statement is in ${other}/, the folder of ${other === 'statement' ? 'the 2023-07 format' : 'the legacy format'}, though problem.yaml declares ${version}: read from there.`);
  const pattern = /^problem(?:\.([a-z]{2,3}(?:-[A-Za-z]+)?))?\.(md|tex|pdf)$/;
  // Markdown first, then LaTeX: a package with both keeps the Markdown.
  const found = files
    .filter((f) => (dirOf && f.startsWith(`${dirOf}/`) && pattern.test(f.slice(dirOf.length + 1))) || /^problem(\.[a-z]{2,3})?\.pdf$/.test(f))
    .sort((a, b) => rank(a) - rank(b));
  for (const f of found) {
    const [, lang = 'en', ext] = pattern.exec(f.replace(/^.*\//, ''))!;
    if (ext === 'pdf') {
      if (listing.size.get(f)! > MAX_ATTACHMENT_BYTES) notes.push(`${f} is over ${MAX_ATTACHMENT_BYTES} bytes: not kept.`);
      else if (statementPdfs[lang] === undefined) {
        const pdf = bytes(f);
        // A checkout without its links holds a link's target path here (DOMjudge's fltcmp does).
        if (pdf.subarray(0, 5).toString('latin1') === '%PDF-') statementPdfs[lang] = pdf;
        else notes.push(`${f} is not a PDF (it does not start with "%PDF-"): not kept.`);
      }
      continue;
    }
    if (statements[lang] !== undefined) continue;
    statements[lang] = text(f);
    statementFormats[lang] = ext === 'tex' ? 'tex' : 'md';
  }
  for (const lang of Object.keys(statementPdfs)) {
    if (statements[lang] === undefined) notes.push(`The ${lang} statement is only a PDF: students get it as it is (a link on the problem page).`);
    else delete statementPdfs[lang];
  }
  if (!Object.keys(statements).length && !Object.keys(statementPdfs).length) notes.push('The package has no statement: the problem page says so.');

  const configs = groupConfigs(listing, text, version, notes);
  const tests = (group: 'sample' | 'secret'): PackageTest[] => {
    const ins = files.filter((f) => f.startsWith(`data/${group}/`) && f.endsWith('.in'));
    return ins.map((f) => ({ name: f.slice(`data/${group}/`.length, -3), input: text(f), answer: files.includes(`${f.slice(0, -3)}.ans`) ? text(`${f.slice(0, -3)}.ans`) : '' }));
  };
  const samples = tests('sample');
  const secret = tests('secret');
  const interactionOnly = files.filter((f) => /^data\/sample\/[^/]+\.interaction$/.test(f) && !files.includes(f.replace(/\.interaction$/, '.in')));
  if (interactionOnly.length) notes.push(`${interactionOnly.length} sample(s) are given only as .interaction files (a dialogue to show, not a test to run): kept in the statement's place, not run.`);
  if (!samples.length && !interactionOnly.length) notes.push('The package has no sample tests (data/sample/ is empty or missing): students see no example.');
  const beside = files.filter((f) => f.startsWith('data/') && /\.(desc|hint|png|jpe?g|svg|gif|files|interaction|out|(in|ans)\.(statement|download))$/i.test(f));
  if (beside.length) notes.push(`${beside.length} file(s) beside the tests (.desc, .hint, images, …) are kept out of judging.`);

  const validatorFlags = [str(yaml.validator_flags) ?? '', configs.outputArgs.join(' ')].join(' ').trim();
  if (version !== 'legacy' && yaml.validator_flags !== undefined) notes.push(`problem.yaml's validator_flags is a legacy key; ${version} gives them in testdata.yaml (output_validator_args): read all the same.`);

  const submissions = readSubmissions(files, text, version, notes);

  const ovDir = files.some((f) => f.startsWith(`${OUTPUT_VALIDATOR_DIR[version]}/`))
    ? OUTPUT_VALIDATOR_DIR[version]
    : files.some((f) => f.startsWith('output_validators/'))
      ? 'output_validators'
      : files.some((f) => f.startsWith('output_validator/'))
        ? 'output_validator'
        : null;
  if (ovDir && ovDir !== OUTPUT_VALIDATOR_DIR[version]) notes.push(`The output validator is in ${ovDir}/, the folder of ${ovDir === 'output_validator' ? 'the 2023-07 format' : 'the legacy format'}: read from there.`);
  const ovFiles = ovDir ? files.filter((f) => f.startsWith(`${ovDir}/`)) : [];
  const outputProgram = ovDir ? programAt(ovFiles, ovDir, text, notes) : null;
  const sgForm = (rel: string[]) => rel.filter((f) => /\.(ts|mts|js|mjs)$/.test(f));

  const inputValidators = files
    .filter((f) => f.startsWith('input_validators/') || f.startsWith('input_format_validators/'))
    .map((f) => ({ path: f, language: programFiles([f]).language, source: text(f) }));
  const inputPrograms = programsUnder(files.filter((f) => f.startsWith('input_validators/') || f.startsWith('input_format_validators/')), text, notes);
  if (!inputPrograms.length) notes.push('The package has no input validator: its test inputs are taken as they are.');
  const answerPrograms = programsUnder(files.filter((f) => f.startsWith('answer_validators/')), text, notes);

  for (const [dir, what] of [['generators', 'generator scripts'], ['include', 'files to include in every submission'], ['input_visualizer', 'an input visualizer'], ['output_visualizer', 'an output visualizer'], ['static_validator', 'a static validator'], ['solution', 'the solution description (for the judges)'], ['problem_slide', "BAPCtools' problem slide"]] as const) {
    if (files.some((f) => f.startsWith(`${dir}/`))) notes.push(`${dir}/ holds ${what}: kept out of judging (the tests are the ones in data/).`);
  }
  if (files.includes('generators/generators.yaml') || files.includes('generators.yaml')) notes.push('generators.yaml (BAPCtools) is not run: the tests are the ones already in data/.');
  const attachments: { name: string; data: Buffer }[] = [];
  const nested = files.filter((f) => f.startsWith('attachments/') && f.slice(12).includes('/'));
  if (nested.length) notes.push(`${nested.length} file(s) in folders under attachments/ are not kept: only the folder's own files are offered.`);
  for (const f of files.filter((f) => f.startsWith('attachments/') && !f.slice(12).includes('/'))) {
    if (!SAFE_FILE_NAME.test(f.slice(12))) {
      notes.push(`${f.slice(0, 120)} is not kept: an attachment's name is letters, digits, ".", "_" and "-" (downloaded under that name).`);
      continue;
    }
    if (attachments.length >= MAX_ATTACHMENTS || listing.size.get(f)! > MAX_ATTACHMENT_BYTES) {
      notes.push(`${f} is not kept: at most ${MAX_ATTACHMENTS} attachments of ${MAX_ATTACHMENT_BYTES} bytes each.`);
      continue;
    }
    attachments.push({ name: f.slice('attachments/'.length), data: bytes(f) });
  }
  if (attachments.length) notes.push(`${attachments.length} attachment(s) in attachments/ are offered to students as downloads on the problem page.`);

  const scoringGroups = types.includes('scoring') ? configs.groups.filter((g) => g.group.startsWith('secret')) : undefined;
  const passes = types.includes('multi-pass') ? validationPassesOf(num(limits.validation_passes), limits.validation_passes, notes) : undefined;
  return {
    shortName,
    formatVersion: version,
    ...(typeof yaml.uuid === 'string' && { uuid: yaml.uuid }),
    name,
    source: sourceOf(yaml.source),
    license: str(yaml.license),
    type,
    validation,
    limits: { timeMs, memoryMb: memory },
    timeRule: rule,
    timeMultipliers,
    statements,
    samples,
    secret,
    submissions,
    hasOutputValidator: ovFiles.length > 0,
    validatorFlags,
    outputValidator: interactive ? null : sgOutputValidator(ovFiles, sgForm(ovFiles), text),
    outputProgram,
    interactor: interactive ? readInteractor(ovFiles, text, ovDir ?? 'output_validators') : null,
    inputValidators,
    inputPrograms,
    ...(answerPrograms.length && { answerPrograms, answerValidatorArgs: configs.answerArgs }),
    inputValidatorArgs: configs.inputArgs,
    caseLayout: caseLayoutOf(files, text, notes),
    sgJudgeFiles: files.filter((f) => f.startsWith('sg-judge/')).map((f) => ({ path: f.slice('sg-judge/'.length), text: text(f) })),
    statementFormats,
    ...(Object.keys(statementPdfs).length && { statementPdfs }),
    ...(attachments.length && { attachments }),
    ...(scoringGroups && { scoringGroups }),
    ...(passes !== undefined && { validationPasses: passes }),
    notes,
  };
}

/** The most passes of a multi-pass test the judge runs (DOMjudge's hangman asks for 26; the passes' CPU time together is bounded too: judge-one.ts). */
export const MAX_VALIDATION_PASSES = 100;

/** limits.validation_passes: a whole number from 2 (the format's default), at most MAX_VALIDATION_PASSES here. */
function validationPassesOf(n: number | null, given: YamlValue | undefined, notes: string[]): number {
  if (given === undefined) return 2;
  if (n === null || !Number.isSafeInteger(n) || n < 2) {
    notes.push(`problem.yaml: limits.validation_passes ${String(given).slice(0, 24)} is not a whole number of at least 2; the format's 2 is taken.`);
    return 2;
  }
  if (n > MAX_VALIDATION_PASSES) {
    notes.push(`problem.yaml: limits.validation_passes ${n} is more than this judge runs; ${MAX_VALIDATION_PASSES} is taken.`);
    return MAX_VALIDATION_PASSES;
  }
  return n;
}

/** submissions.yaml's language codes (the format's language list) the judge runs. */
const LANGUAGE_CODE: Record<string, Exclude<PackageLanguage, 'other'>> = { python3: 'python', python: 'python', cpp: 'cpp', 'c++': 'cpp', c: 'c', typescript: 'typescript', javascript: 'javascript' };

const rank = (f: string) => (f.endsWith('.md') ? 0 : f.endsWith('.tex') ? 1 : 2);

/** 2023-07: limits.time_limit. Legacy: DOMjudge's .timelimit / domjudge-problem.ini, else from the accepted runs. */
function timeLimitOf(
  listing: PackageListing,
  text: (rel: string) => string,
  limits: YamlMap,
  version: FormatVersion,
  m: { acToTimeLimit: number; timeLimitToTle: number; resolution: number },
  notes: string[],
): { timeMs: number; rule: TimeRule } {
  const given = num(limits.time_limit);
  const dj = domjudgeTimeLimit(listing, text);
  if (given !== null && given > 0) {
    if (version === 'legacy') notes.push(`problem.yaml gives limits.time_limit, a key of the 2023-07 format, not of legacy: ${given} s is taken.`);
    notes.push(`Time limit: ${given} s, from problem.yaml's limits.time_limit.`);
    return { timeMs: Math.round(given * 1000), rule: { kind: 'problem.yaml', seconds: given } };
  }
  if (dj) {
    notes.push(`Time limit: ${dj.seconds} s, from DOMjudge's ${dj.file}.`);
    return { timeMs: Math.round(dj.seconds * 1000), rule: { kind: 'domjudge', ...dj } };
  }
  notes.push(`Time limit: none given, so computed as the format says: the slowest accepted submission's time × ${m.acToTimeLimit}, rounded up to ${m.resolution} s (at least ${m.resolution} s).`);
  return { timeMs: DEFAULT_TIME_MS, rule: { kind: 'from accepted', multiplier: m.acToTimeLimit, resolution: m.resolution } };
}

/** name: a string or a map by language; legacy packages may give it only in the statement's \problemname. */
function nameOf(v: YamlValue | undefined, shortName: string, files: string[], text: (rel: string) => string): { en: string; zh?: string } {
  if (typeof v === 'string' && v.trim()) return { en: v.trim() };
  const m = map(v);
  const strings = Object.entries(m).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '');
  if (strings.length) {
    const en = (m.en as string | undefined) ?? strings[0]![1];
    return typeof m.zh === 'string' ? { en, zh: m.zh } : { en };
  }
  for (const f of files.filter((f) => /^(problem_)?statement\/problem(\.en)?\.tex$/.test(f))) {
    const named = /\\problemname\{([^}]*)\}/.exec(text(f));
    if (named?.[1]?.trim()) return { en: named[1].trim() };
  }
  return { en: shortName };
}

function sourceOf(v: YamlValue | undefined): string | null {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(sourceOf).filter(Boolean).join('; ') || null;
  const m = map(v);
  return typeof m.name === 'string' ? m.name : null;
}

/**
 * submissions/: every folder the format knows, and the others real archives hold (mixed,
 * partially_accepted, slow_accepted, DOMjudge's compiler_error, …), each file or sub-folder one
 * program. Files lying loose in submissions/ are noted and left out.
 */
function readSubmissions(files: string[], text: (rel: string) => string, version: FormatVersion, notes: string[]): ParsedPackage['submissions'] {
  const out = { accepted: [], wrong_answer: [], time_limit_exceeded: [], run_time_error: [] } as ParsedPackage['submissions'];
  const yamlFile = 'submissions/submissions.yaml';
  const expectations = files.includes(yamlFile) ? readSubmissionsYaml(text(yamlFile), notes) : null;
  const loose = files.filter((f) => /^submissions\/[^/]+$/.test(f) && f !== yamlFile);
  if (loose.length) notes.push(`${loose.length} file(s) lie loose in submissions/ (${loose.slice(0, 3).map((f) => f.slice(12)).join(', ')}), outside any verdict folder: left out.`);
  const folders = [...new Set(files.filter((f) => /^submissions\/[^/]+\/./.test(f)).map((f) => f.split('/')[1]!))];
  const unknown = folders.filter((f) => !KNOWN_SUBMISSION_FOLDERS[version].includes(f) && !(expectations && namesFolder(expectations, f)));
  if (unknown.length) notes.push(`submissions/ holds folder(s) the ${version} format does not name (${unknown.join(', ')}): read by what each says (rejected and partially_accepted: not accepted; slow_accepted: accepted or too slow; others: run and shown, not required).`);
  for (const folder of folders) {
    const under = files.filter((f) => f.startsWith(`submissions/${folder}/`)).map((f) => f.slice(`submissions/${folder}/`.length));
    const programs = new Map<string, string[]>();
    for (const rel of under) {
      const top = rel.split('/')[0]!;
      programs.set(top, [...(programs.get(top) ?? []), rel]);
    }
    const list: PackageSubmission[] = (out[folder] ??= []);
    // An SG Judge export writes each TypeScript submission again as bundled JavaScript: judged once, as TypeScript.
    const twins = [...programs.keys()].filter((n) => (n.endsWith('.js') && programs.has(n.replace(/\.js$/, '.ts'))) || (programs.has(`${n}.ts`) && programs.get(n)!.some((r) => r.endsWith('/run'))));
    for (const t of twins) programs.delete(t);
    if (twins.length) notes.push(`submissions/${folder}/: ${twins.join(', ')} ${twins.length === 1 ? 'is the JavaScript form' : 'are the JavaScript forms'} of the TypeScript beside, for other judges: judged once, as TypeScript.`);
    for (const [name, rels] of programs) {
      const single = rels.length === 1 && rels[0] === name;
      const inner = single ? [name] : rels.map((r) => r.slice(name.length + 1));
      const meta = expectations && metaFor(expectations, folder, name);
      const rules = meta ? { rules: meta.rules, rulesText: meta.text } : {};
      const p = programFiles(inner, name);
      // submissions.yaml may name the language and the entry point of a program of several files.
      if (meta?.entrypoint && inner.includes(meta.entrypoint)) p.entry = meta.entrypoint;
      const named = meta?.language ? LANGUAGE_CODE[meta.language.toLowerCase()] : undefined;
      if (meta?.language && named === undefined) {
        list.push({ name, language: 'other', languageName: meta.language, source: null, ...rules });
        continue;
      }
      if (named && named !== p.language && p.entry) {
        notes.push(`submissions.yaml says ${folder}/${name} is ${meta!.language}, its files say ${p.languageName}: judged as ${meta!.language}.`);
        p.language = named;
      }
      if (p.language === 'other' || !p.entry) {
        if (p.languageName !== 'unknown' || !single) list.push({ name, language: 'other', languageName: p.entry || p.language === 'other' ? p.languageName : `${p.languageName} in several files with no main`, source: null, ...rules });
        continue;
      }
      const read = (r: string) => text(`submissions/${folder}/${single ? r : `${name}/${r}`}`);
      const source = read(p.entry);
      // Python 2 says so in its first line, as problemtools tells the two apart.
      if (p.language === 'python' && /^#!.*python2/.test(source)) {
        list.push({ name, language: 'other', languageName: 'Python 2', source: null, ...rules });
        continue;
      }
      const sub: PackageSubmission = { name, language: p.language, source, ...rules };
      if (!single) {
        sub.files = p.sources.map((path) => ({ path, source: read(path) }));
        sub.entry = p.entry;
      }
      list.push(sub);
    }
    list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
  return out;
}

/** Each file or folder right under a validators folder, one program each (documents left out). */
function programsUnder(rels: string[], text: (rel: string) => string, notes: string[]): PackageProgram[] {
  const groups = new Map<string, string[]>();
  for (const f of rels) {
    const parts = f.split('/');
    const key = parts.length > 2 ? `${parts[0]}/${parts[1]}` : f;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const out: PackageProgram[] = [];
  for (const [path, list] of groups) {
    if (list.length === 1 && list[0] === path && /\.(md|txt|yaml|yml|json|pdf)$/i.test(path)) continue;
    const p = programAt(list, path, text, notes, list.length === 1 && list[0] === path);
    if (p) out.push(p);
  }
  return out;
}

/** The program at a path (a folder of files, or one file). */
function programAt(rels: string[], root: string, text: (rel: string) => string, notes: string[], single = false): PackageProgram | null {
  const inner = single ? [root.replace(/^.*\//, '')] : rels.map((f) => f.slice(root.length + 1));
  // In a legacy output_validators/ folder the program is the one sub-folder (or file) inside.
  const nested = !single && inner.every((f) => f.includes('/')) ? inner[0]!.split('/')[0]! : null;
  const base = nested ? `${root}/${nested}` : root;
  const within = nested ? inner.filter((f) => f.startsWith(`${nested}/`)).map((f) => f.slice(nested.length + 1)) : inner;
  if (nested && within.length !== inner.length) notes.push(`${root}/ holds more than one program; ${base}/ is the one used.`);
  const p = programFiles(within.filter((f) => !/\.(md|txt|yaml|yml|json|pdf)$/i.test(f)), base.replace(/^.*\//, ''));
  if (!p.sources.length && !p.script) return null;
  const at = (f: string) => (single ? root : `${base}/${f}`);
  return {
    path: base,
    language: p.language,
    languageName: p.languageName,
    files: (p.script ? within : p.sources).map((f) => ({ path: f, source: text(at(f)) })),
    entry: p.entry,
    testlib: within.some((f) => /(^|\/)testlib\.h$/.test(f)) || p.sources.some((f) => !HEADER.test(f) && /#include\s*[<"]testlib\.h[>"]/.test(text(at(f)))),
  };
}

/** SG Judge's own output validator form: one .ts/.js file defining check(input, answer, output). */
function sgOutputValidator(all: string[], runnable: string[], text: (rel: string) => string): ParsedPackage['outputValidator'] {
  if (!all.length || runnable.length !== 1) return null;
  const name = runnable[0]!;
  const source = text(name);
  if (!/\bfunction\s+check\s*\(|\b(const|let|var)\s+check\s*=/.test(source)) return null;
  return { name, language: /\.(ts|mts)$/.test(name) ? 'typescript' : 'javascript', source };
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
