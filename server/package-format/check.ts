import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { formatVersionOf, KNOWN_SUBMISSION_FOLDERS, OUTPUT_VALIDATOR_DIR, STATEMENT_DIR, type FormatVersion } from './layout';
import { walkPackage, type PackageListing } from './walk';
import { parseYaml, YamlError, type YamlMap, type YamlValue } from './yaml';

/**
 * The problem package format's structural checks that run without the reference tools, each
 * version by its own rules (problemtools' verifyproblem is the reference: see
 * docs/problem-packages.md). Two strengths: `strict` (what an export must be: every key and folder
 * the version's own, a UUID, a statement in the version's folder, samples, an accepted solution,
 * an input validator) and tolerant (what an import takes: real archives bend the rules, so what
 * the judge can do without becomes a note, and only what keeps it from judging is a fault).
 */
const KEYS: Record<FormatVersion, Set<string>> = {
  legacy: new Set(['problem_format_version', 'type', 'name', 'uuid', 'author', 'source', 'source_url', 'license', 'rights_owner', 'limits', 'validation', 'validator_flags', 'grading', 'keywords']),
  '2023-07': new Set(['problem_format_version', 'type', 'name', 'uuid', 'version', 'credits', 'source', 'license', 'rights_owner', 'embargo_until', 'limits', 'keywords', 'languages', 'allow_file_writing', 'constants']),
  '2025-09': new Set(['problem_format_version', 'type', 'name', 'uuid', 'version', 'credits', 'source', 'license', 'rights_owner', 'embargo_until', 'limits', 'keywords', 'languages', 'allow_file_writing', 'constants']),
};
const LIMIT_KEYS: Record<FormatVersion, Set<string>> = {
  legacy: new Set(['time_multiplier', 'time_safety_margin', 'memory', 'output', 'code', 'compilation_time', 'compilation_memory', 'validation_time', 'validation_memory', 'validation_output']),
  '2023-07': new Set(['time_multipliers', 'time_limit', 'time_resolution', 'memory', 'output', 'code', 'compilation_time', 'compilation_memory', 'validation_time', 'validation_memory', 'validation_output', 'validation_passes']),
  '2025-09': new Set(['time_multipliers', 'time_limit', 'time_resolution', 'memory', 'output', 'code', 'compilation_time', 'compilation_memory', 'validation_time', 'validation_memory', 'validation_output', 'validation_passes']),
};
const TYPES = new Set(['pass-fail', 'scoring', 'interactive', 'multi-pass', 'submit-answer']);
const LICENSES = new Set(['unknown', 'public domain', 'cc0', 'cc by', 'cc by-sa', 'educational', 'permission']);
const VALIDATION = /^(default|custom( (interactive|score|multi-pass))*)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Test case and folder names the format allows. */
const NAME = /^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/;
/** What may lie beside the tests in data/. */
// 2025-09 adds what a sample shows or offers for download in place of the judged files (.in.statement, .ans.download, …).
const BESIDE_TESTS = /\.(desc|hint|png|jpe?g|svg|gif|files|interaction|yaml|out|ans\.wrong-.*|(in|ans)\.(statement|download))$/i;

export interface Checked {
  faults: string[];
  notes: string[];
}

/** A package folder checked strictly, as an export must pass: every fault, as sentences. */
export function checkPackage(dir: string): string[] {
  if (!existsSync(dir) || !lstatSync(dir).isDirectory()) return [`${dir} is not a folder.`];
  const listing = walkPackage(dir);
  const faults = [...listing.reasons, ...listing.notes.filter((n) => /symbolic link/.test(n))];
  if (listing.stopped) return faults;
  const yaml = readProblemYaml(listing, faults);
  if (!yaml) return faults;
  const version = formatVersionOf(yaml.problem_format_version);
  if (!version) return [...faults, `problem.yaml: problem_format_version "${String(yaml.problem_format_version)}" is not a version of the format.`];
  return [...faults, ...checkListing(listing, yaml, version, { strict: true }).faults];
}

export function readProblemYaml(listing: PackageListing, reasons: string[]): YamlMap | null {
  const at = listing.real.get('problem.yaml');
  if (!at) {
    reasons.push('problem.yaml is missing.');
    return null;
  }
  try {
    return parseYaml(readFileSync(at, 'utf8'));
  } catch (e) {
    reasons.push(`problem.yaml cannot be read: ${e instanceof YamlError ? e.message : String(e)}.`);
    return null;
  }
}

export function checkListing(listing: PackageListing, y: YamlMap, version: FormatVersion, opts: { strict: boolean }): Checked {
  const faults: string[] = [];
  const notes: string[] = [];
  /** A fault in an export; in an import a note, the judge does without it. */
  const soft = (s: string) => (opts.strict ? faults : notes).push(s);
  const { files } = listing;

  for (const key of Object.keys(y)) if (!KEYS[version].has(key)) soft(`problem.yaml: "${key}" is not a key of the ${version} format${opts.strict ? '' : ': ignored'}.`);
  if (opts.strict && version !== 'legacy' && typeof y.problem_format_version !== 'string') faults.push('problem.yaml: problem_format_version is missing.');
  if (!isName(y.name, version)) soft(version === 'legacy' ? 'problem.yaml: name must be a string in the legacy format.' : 'problem.yaml: name is missing (a string, or a map from language to string).');
  const types = Array.isArray(y.type) ? y.type : y.type === undefined ? [] : [y.type];
  for (const t of types) if (typeof t !== 'string' || !TYPES.has(t)) faults.push(`problem.yaml: type must be one of ${[...TYPES].join(', ')}, not "${String(t).slice(0, 30)}".`);
  if (version === 'legacy' && types.some((t) => t !== 'pass-fail' && t !== 'scoring')) soft('problem.yaml: the legacy format\'s type is pass-fail or scoring (interactive is said by validation: custom interactive).');
  if (version !== 'legacy' || y.uuid !== undefined) {
    if (typeof y.uuid !== 'string' || !UUID.test(y.uuid)) soft(`problem.yaml: uuid must be a UUID${version === 'legacy' ? '' : ' (the 2023-07 format requires one)'}${opts.strict ? '' : ': the judge does without'}.`);
  }
  if (y.license !== undefined && (typeof y.license !== 'string' || !LICENSES.has(y.license))) soft(`problem.yaml: license must be one of ${[...LICENSES].join(', ')}.`);
  if (opts.strict && typeof y.license === 'string' && !['unknown', 'public domain'].includes(y.license) && y.rights_owner === undefined && y.author === undefined && y.source === undefined && y.credits === undefined) {
    faults.push(`problem.yaml: a "${y.license}" license needs a rights_owner, author or source.`);
  }
  if (y.validation !== undefined && (typeof y.validation !== 'string' || !VALIDATION.test(y.validation))) faults.push('problem.yaml: validation must be one of default, custom, custom interactive, custom score, custom multi-pass.');
  if (y.limits !== undefined) {
    if (typeof y.limits !== 'object' || y.limits === null || Array.isArray(y.limits)) faults.push('problem.yaml: limits must be a map.');
    else {
      for (const key of Object.keys(y.limits)) if (!LIMIT_KEYS[version].has(key)) soft(`problem.yaml: limits.${key} is not a key of the ${version} format.`);
      const { time_limit: time, memory } = y.limits;
      if (time !== undefined && !(typeof time === 'number' && time > 0)) faults.push('problem.yaml: limits.time_limit must be a positive number of seconds.');
      if (memory !== undefined && !(typeof memory === 'number' && Number.isInteger(memory) && memory > 0)) faults.push('problem.yaml: limits.memory must be a positive whole number of MiB.');
    }
  }

  const statementDir = STATEMENT_DIR[version];
  const statements = files.filter((f) => new RegExp(`^${statementDir}/problem(\\.[a-z]{2,3})?\\.(md|tex|pdf)$`).test(f));
  if (opts.strict && !statements.length) faults.push(`${statementDir}/ holds no problem.<language>.md, .tex or .pdf.`);
  if (opts.strict && version === 'legacy' && statements.some((f) => f.endsWith('.md'))) faults.push(`${statementDir}/: the legacy format's statements are LaTeX (.tex), not Markdown.`);

  const cases = checkData(listing, faults, notes, opts.strict);
  if (!cases) faults.push('The package holds no test case: there is no .in file under data/sample/ or data/secret/, so there is nothing to judge a submission on.');

  const folders = new Set(files.filter((f) => f.startsWith('submissions/')).map((f) => f.split('/')[1]!));
  if (opts.strict) for (const folder of folders) if (!KNOWN_SUBMISSION_FOLDERS[version].includes(folder)) faults.push(`submissions/${folder} is not a folder the ${version} format knows (${KNOWN_SUBMISSION_FOLDERS[version].join(', ')}).`);
  if (!files.some((f) => f.startsWith('submissions/accepted/'))) soft('submissions/accepted/ holds no solution.');
  if (opts.strict && !files.some((f) => f.startsWith('input_validators/'))) faults.push('input_validators/ holds no validator.');
  const validation = typeof y.validation === 'string' ? y.validation : '';
  const custom = validation.startsWith('custom') || types.includes('interactive') || types.includes('multi-pass');
  const ovDir = OUTPUT_VALIDATOR_DIR[version];
  const anyValidator = files.some((f) => f.startsWith('output_validators/') || f.startsWith('output_validator/'));
  if (custom && !anyValidator) faults.push(`The problem asks for custom validation, but ${ovDir}/ holds no validator.`);
  if (opts.strict && anyValidator && !files.some((f) => f.startsWith(`${ovDir}/`))) faults.push(`The ${version} format's output validator folder is ${ovDir}/.`);
  return { faults, notes };
}

function isName(v: YamlValue | undefined, version: FormatVersion): boolean {
  if (typeof v === 'string') return v.trim() !== '';
  if (version === 'legacy') return false;
  return !!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).length > 0 && Object.values(v).every((s) => typeof s === 'string' && s.trim() !== '');
}

/** Checks the tests under data/; returns how many cases there are. */
function checkData(listing: PackageListing, faults: string[], notes: string[], strict: boolean): number {
  const { files } = listing;
  const all = new Set(files);
  let cases = 0;
  if (strict) for (const group of ['sample', 'secret']) if (!files.some((f) => f.startsWith(`data/${group}/`))) faults.push(`data/${group}/ is missing.`);
  const strays: string[] = [];
  for (const f of files.filter((f) => f.startsWith('data/'))) {
    const parts = f.split('/');
    const bad = parts.slice(1).find((p) => !NAME.test(p));
    if (bad && !/^(testdata|test_group)\.yaml$/.test(bad)) (strict ? faults : notes).push(`${f}: the format allows only letters, digits, "_", "." and "-" in names, not starting with a dot.`);
    const stem = f.replace(/\.[^./]*$/, '');
    if (f.endsWith('.in')) {
      if (!/^data\/(sample|secret)\//.test(f)) {
        strays.push(f);
        continue;
      }
      cases++;
      if (!all.has(`${stem}.ans`)) faults.push(`${f} has no ${stem.replace(/^.*\//, '')}.ans.`);
    } else if (f.endsWith('.ans')) {
      if (!all.has(`${stem}.in`) && !all.has(`${stem}.interaction`)) (strict ? faults : notes).push(`${f} has no ${stem.replace(/^.*\//, '')}.in${strict ? '' : ': ignored'}.`);
    } else if (!BESIDE_TESTS.test(f) && !/(^|\/)(testdata|test_group)\.yaml$/.test(f)) {
      (strict ? faults : notes).push(`${f} is not a file the format puts in test data${strict ? '' : ': ignored'}.`);
    }
  }
  if (strays.length) notes.push(`${strays.length} test(s) lie outside data/sample/ and data/secret/ (${strays.slice(0, 2).join(', ')}): not judged.`);
  return cases;
}
