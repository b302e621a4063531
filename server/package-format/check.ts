import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseYaml, YamlError, type YamlMap, type YamlValue } from './yaml';

/**
 * The problem package format's structural checks that can run without the reference tools
 * (problemtools' verifyproblem, BAPCtools' validate): required files and folders, problem.yaml's
 * keys and their values, `.in`/`.ans` pairs, names the format allows, no symbolic links. Returns
 * every fault found, as sentences; an empty list means the package passed.
 */
const KNOWN_KEYS = new Set([
  'problem_format_version', 'type', 'name', 'uuid', 'version', 'credits', 'author', 'source', 'source_url',
  'license', 'rights_owner', 'embargo_until', 'limits', 'keywords', 'languages', 'constants', 'validation',
  'validator_flags', 'grading', 'scoring',
]);
const LIMIT_KEYS = new Set([
  'time_multipliers', 'time_multiplier', 'time_safety_margin', 'time_limit', 'time_resolution', 'memory', 'output',
  'code', 'compilation_time', 'compilation_memory', 'validation_time', 'validation_memory', 'validation_output',
  'validation_passes',
]);
const TYPES = new Set(['pass-fail', 'scoring', 'interactive', 'multi-pass', 'submit-answer']);
const LICENSES = new Set(['unknown', 'public domain', 'cc0', 'cc by', 'cc by-sa', 'educational', 'permission']);
const VALIDATIONS = new Set(['default', 'custom', 'custom interactive', 'custom score', 'custom interactive score']);
const SUBMISSION_FOLDERS = new Set(['accepted', 'wrong_answer', 'time_limit_exceeded', 'run_time_error', 'rejected', 'brute_force']);
/** Test case and folder names the format allows. */
const NAME = /^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/;

export function checkPackage(dir: string): string[] {
  const faults: string[] = [];
  const fault = (s: string) => faults.push(s);
  if (!existsSync(dir) || !lstatSync(dir).isDirectory()) return [`${dir} is not a folder.`];
  for (const link of symlinksUnder(dir)) fault(`${link} is a symbolic link; a package holds only files and folders.`);

  const yaml = readYaml(join(dir, 'problem.yaml'), fault);
  if (yaml) checkYaml(yaml, fault);
  const type = yaml && typeof yaml.type === 'string' ? yaml.type : 'pass-fail';
  const interactive = type === 'interactive' || (yaml?.validation ?? '').toString().includes('interactive');

  const statements = listDir(join(dir, 'problem_statement')).filter((f) => /^problem(\.[a-z]{2,3})?\.(md|tex|pdf)$/.test(f));
  if (!statements.length) fault('problem_statement/ holds no problem.<language>.md, .tex or .pdf.');

  checkData(join(dir, 'data'), fault);

  const submissions = join(dir, 'submissions');
  for (const folder of listDir(submissions)) {
    if (!SUBMISSION_FOLDERS.has(folder)) fault(`submissions/${folder} is not a folder the format knows (${[...SUBMISSION_FOLDERS].join(', ')}).`);
  }
  if (!listDir(join(submissions, 'accepted')).length) fault('submissions/accepted/ holds no solution.');
  if (!listDir(join(dir, 'input_validators')).length) fault('input_validators/ holds no validator.');
  const custom = interactive || (typeof yaml?.validation === 'string' && yaml.validation.startsWith('custom'));
  if (custom && !listDir(join(dir, 'output_validators')).length) fault('The problem asks for custom validation, but output_validators/ holds no validator.');
  return faults;
}

function readYaml(path: string, fault: (s: string) => void): YamlMap | null {
  if (!existsSync(path)) {
    fault('problem.yaml is missing.');
    return null;
  }
  try {
    return parseYaml(readFileSync(path, 'utf8'));
  } catch (e) {
    fault(`problem.yaml cannot be read: ${e instanceof YamlError ? e.message : String(e)}.`);
    return null;
  }
}

function checkYaml(y: YamlMap, fault: (s: string) => void): void {
  for (const key of Object.keys(y)) if (!KNOWN_KEYS.has(key)) fault(`problem.yaml: "${key}" is not a key of the format.`);
  if (typeof y.problem_format_version !== 'string' || !y.problem_format_version) fault('problem.yaml: problem_format_version is missing.');
  if (!isName(y.name)) fault('problem.yaml: name is missing (a string, or a map from language to string).');
  if (y.type !== undefined && (typeof y.type !== 'string' || !TYPES.has(y.type))) fault(`problem.yaml: type must be one of ${[...TYPES].join(', ')}.`);
  if (y.problem_format_version !== 'legacy' && (typeof y.uuid !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(y.uuid))) {
    fault('problem.yaml: uuid must be a UUID.');
  }
  if (y.license !== undefined && (typeof y.license !== 'string' || !LICENSES.has(y.license))) fault(`problem.yaml: license must be one of ${[...LICENSES].join(', ')}.`);
  if (typeof y.license === 'string' && !['unknown', 'public domain'].includes(y.license) && y.rights_owner === undefined && y.author === undefined && y.source === undefined) {
    fault(`problem.yaml: a "${y.license}" license needs a rights_owner, author or source.`);
  }
  if (y.validation !== undefined && (typeof y.validation !== 'string' || !VALIDATIONS.has(y.validation))) fault(`problem.yaml: validation must be one of ${[...VALIDATIONS].join(', ')}.`);
  if (y.limits !== undefined) {
    if (typeof y.limits !== 'object') fault('problem.yaml: limits must be a map.');
    else {
      for (const key of Object.keys(y.limits)) if (!LIMIT_KEYS.has(key)) fault(`problem.yaml: limits.${key} is not a key of the format.`);
      const { time_limit: time, memory } = y.limits;
      if (time !== undefined && !(typeof time === 'number' && time > 0)) fault('problem.yaml: limits.time_limit must be a positive number of seconds.');
      if (memory !== undefined && !(typeof memory === 'number' && Number.isInteger(memory) && memory > 0)) fault('problem.yaml: limits.memory must be a positive whole number of MiB.');
    }
  }
}

function isName(v: YamlValue | undefined): boolean {
  if (typeof v === 'string') return v.trim() !== '';
  return typeof v === 'object' && Object.values(v).length > 0 && Object.values(v).every((s) => typeof s === 'string' && s.trim() !== '');
}

function checkData(data: string, fault: (s: string) => void): void {
  for (const group of ['sample', 'secret']) {
    if (!existsSync(join(data, group))) fault(`data/${group}/ is missing.`);
  }
  if (!casesUnder(join(data, 'secret'), 'data/secret', fault)) fault('data/secret/ holds no test case.');
  casesUnder(join(data, 'sample'), 'data/sample', fault);
}

/** Checks one test data folder (and its subgroups); returns how many cases it holds. */
function casesUnder(dir: string, shown: string, fault: (s: string) => void): number {
  if (!existsSync(dir)) return 0;
  let cases = 0;
  const entries = readdirSync(dir, { withFileTypes: true });
  const names = new Set(entries.map((e) => e.name));
  for (const e of entries) {
    if (!NAME.test(e.name)) fault(`${shown}/${e.name}: the format allows only letters, digits, "_", "." and "-" in names, not starting with a dot.`);
    if (e.isDirectory()) {
      cases += casesUnder(join(dir, e.name), `${shown}/${e.name}`, fault);
      continue;
    }
    const stem = e.name.replace(/\.[^.]*$/, '');
    if (e.name.endsWith('.in')) {
      cases++;
      if (!names.has(`${stem}.ans`)) fault(`${shown}/${e.name} has no ${stem}.ans.`);
    } else if (e.name.endsWith('.ans')) {
      if (!names.has(`${stem}.in`)) fault(`${shown}/${e.name} has no ${stem}.in.`);
    } else if (!/\.(desc|hint|png|jpg|jpeg|svg|files|interaction|yaml)$/.test(e.name)) {
      fault(`${shown}/${e.name} is not a file the format puts in test data.`);
    }
  }
  return cases;
}

function listDir(dir: string): string[] {
  return existsSync(dir) && lstatSync(dir).isDirectory() ? readdirSync(dir).filter((f) => !f.startsWith('.')) : [];
}

function symlinksUnder(dir: string, shown = basename(dir)): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isSymbolicLink()) out.push(`${shown}/${e.name}`);
    else if (e.isDirectory()) out.push(...symlinksUnder(path, `${shown}/${e.name}`));
  }
  return out;
}
