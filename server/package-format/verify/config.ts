/**
 * The config part: problem.yaml read by its version's rules (keys, name, type, uuid, license,
 * validation, limits), and what of the config keeps this judge from holding the problem at all
 * (its type, its name; the limits it states are clamped by server/problem-store/package-limits.ts
 * and noted by server/problem-store/package-data.ts `limitsOf`).
 */
import type { FormatVersion } from '../layout';
import type { ParsedPackage } from '../parse';
import type { YamlValue } from '../yaml';
import { findingsOf, type Finding } from './findings';
import { typesOf, type PackageView } from './package-view';

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

/** problem.yaml, by the rules of the version it is read as. */
export function configFindings({ yaml: y, version, strict }: PackageView): Finding[] {
  const { found, error, soft } = findingsOf('config', strict);
  for (const key of Object.keys(y)) if (!KEYS[version].has(key)) soft(`problem.yaml: "${key}" is not a key of the ${version} format${strict ? '' : ': ignored'}.`);
  if (strict && version !== 'legacy' && typeof y.problem_format_version !== 'string') error('problem.yaml: problem_format_version is missing.');
  if (!isName(y.name, version)) soft(version === 'legacy' ? 'problem.yaml: name must be a string in the legacy format.' : 'problem.yaml: name is missing (a string, or a map from language to string).');
  const types = typesOf(y);
  for (const t of types) if (typeof t !== 'string' || !TYPES.has(t)) error(`problem.yaml: type must be one of ${[...TYPES].join(', ')}, not "${String(t).slice(0, 30)}".`);
  if (version === 'legacy' && types.some((t) => t !== 'pass-fail' && t !== 'scoring')) soft('problem.yaml: the legacy format\'s type is pass-fail or scoring (interactive is said by validation: custom interactive).');
  if (version !== 'legacy' || y.uuid !== undefined) {
    if (typeof y.uuid !== 'string' || !UUID.test(y.uuid)) soft(`problem.yaml: uuid must be a UUID${version === 'legacy' ? '' : ' (the 2023-07 format requires one)'}${strict ? '' : ': the judge does without'}.`);
  }
  if (y.license !== undefined && (typeof y.license !== 'string' || !LICENSES.has(y.license))) soft(`problem.yaml: license must be one of ${[...LICENSES].join(', ')}.`);
  if (strict && typeof y.license === 'string' && !['unknown', 'public domain'].includes(y.license) && y.rights_owner === undefined && y.author === undefined && y.source === undefined && y.credits === undefined) {
    error(`problem.yaml: a "${y.license}" license needs a rights_owner, author or source.`);
  }
  if (y.validation !== undefined && (typeof y.validation !== 'string' || !VALIDATION.test(y.validation))) error('problem.yaml: validation must be one of default, custom, custom interactive, custom score, custom multi-pass.');
  if (y.limits !== undefined) {
    if (typeof y.limits !== 'object' || y.limits === null || Array.isArray(y.limits)) error('problem.yaml: limits must be a map.');
    else {
      for (const key of Object.keys(y.limits)) if (!LIMIT_KEYS[version].has(key)) soft(`problem.yaml: limits.${key} is not a key of the ${version} format.`);
      const { time_limit: time, memory } = y.limits;
      if (time !== undefined && !(typeof time === 'number' && time > 0)) error('problem.yaml: limits.time_limit must be a positive number of seconds.');
      if (memory !== undefined && !(typeof memory === 'number' && Number.isInteger(memory) && memory > 0)) error('problem.yaml: limits.memory must be a positive whole number of MiB.');
    }
  }
  return found;
}

function isName(v: YamlValue | undefined, version: FormatVersion): boolean {
  if (typeof v === 'string') return v.trim() !== '';
  if (version === 'legacy') return false;
  return !!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).length > 0 && Object.values(v).every((s) => typeof s === 'string' && s.trim() !== '');
}

/** A read package's type that this judge cannot judge at all (before anything of it runs). */
export function problemTypeFindings(pkg: Pick<ParsedPackage, 'type' | 'validation' | 'validationPasses'>): Finding[] {
  const { found, error } = findingsOf('config');
  const types = pkg.type.split(/\s+/);
  if (types.includes('submit-answer')) error('A "submit-answer" problem (students hand in output files, not programs) cannot be judged here.');
  if (types.includes('multi-pass')) error(`A multi-pass problem (its output validator gives the submission a new input, up to ${pkg.validationPasses ?? 2} passes) cannot be judged here: this judge runs a submission once per test.`);
  if (pkg.validation.includes('score') && !types.includes('scoring')) error('A custom score validator gives points, and this judge judges pass/fail only.');
  return found;
}
