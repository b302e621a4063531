import { GROUP_CONFIG, type FormatVersion } from './layout';
import type { PackageListing } from './walk';
import { parseYaml, YamlError, type YamlMap, type YamlValue } from './yaml';

/**
 * testdata.yaml (2025-09: test_group.yaml) in data/ and each test group below it: a group's keys
 * hold for every test under it unless a deeper file says otherwise. The judge reads the validator
 * arguments (2023-07-draft's `output_validator_flags` / `input_validator_flags`, 2023-07's
 * `output_validator_args` / `input_validator_args`, a string or a list; input ones may be a map
 * from validator name to its arguments) and the scoring keys, to say what it does with them.
 */
export interface GroupConfig {
  [key: string]: YamlValue;
}

export type InputArgs = string[] | { [validator: string]: string[] };

export interface GroupConfigs {
  /** Output validator arguments for the whole problem (data/'s own file). */
  outputArgs: string[];
  /** Input validator arguments by test ("sample/1", "secret/group1/3"): for every validator, or by validator name. */
  inputArgs: Record<string, InputArgs>;
  /** Answer validator arguments by test (BAPCtools' answer_validator_args), where any are given. */
  answerArgs: Record<string, string[]>;
  /** Every group folder under data/ with its merged configuration and test count. */
  groups: { group: string; tests: number; config: GroupConfig }[];
}

export function argsOf(v: YamlValue | undefined): string[] {
  if (typeof v === 'string') return v.split(/\s+/).filter(Boolean);
  if (typeof v === 'number') return [String(v)];
  if (Array.isArray(v)) return v.map((x) => String(x));
  return [];
}

export function groupConfigs(listing: PackageListing, text: (rel: string) => string, version: FormatVersion, notes: string[]): GroupConfigs {
  const names = GROUP_CONFIG[version];
  const own = new Map<string, YamlMap>();
  for (const f of listing.files) {
    const m = /^(data(?:\/.+)?)\/([^/]+)$/.exec(f);
    if (!m || !names.includes(m[2]!)) continue;
    try {
      own.set(m[1]!, parseYaml(text(f)));
    } catch (e) {
      notes.push(`${f} cannot be read (${e instanceof YamlError ? e.message : String(e)}): ignored.`);
    }
  }
  const merged = (dir: string): GroupConfig => {
    const parts = dir.split('/');
    let out: GroupConfig = {};
    for (let i = 1; i <= parts.length; i++) out = { ...out, ...(own.get(parts.slice(0, i).join('/')) ?? {}) };
    return out;
  };
  const outputOf = (c: GroupConfig) => argsOf(c.output_validator_args ?? c.output_validator_flags);
  const outputArgs = outputOf(merged('data'));
  const dirs = [...new Set(listing.files.filter((f) => f.startsWith('data/') && f.endsWith('.in')).map((f) => f.slice(0, f.lastIndexOf('/'))))].sort();
  const groups = dirs.map((d) => ({ group: d.slice(5), tests: listing.files.filter((f) => f.startsWith(`${d}/`) && f.endsWith('.in') && !f.slice(d.length + 1).includes('/')).length, config: merged(d) }));
  const differing = groups.filter((g) => outputOf(g.config).join(' ') !== outputArgs.join(' '));
  if (differing.length) notes.push(`Test groups ${differing.map((g) => g.group).slice(0, 4).join(', ')} give other output validator arguments than data/ does; the judge uses one set for every test (${outputArgs.join(' ') || 'none'}).`);
  const inputArgs: Record<string, InputArgs> = {};
  const answerArgs: Record<string, string[]> = {};
  const files = new Set(listing.files);
  const withArgs: string[] = [];
  const otherOutput: string[] = [];
  for (const f of listing.files.filter((f) => f.startsWith('data/') && f.endsWith('.in'))) {
    // A test case's own NAME.yaml (the 2025-09 test case configuration; BAPCtools writes it for
    // 2023-07 too): its keys over its group's, each key whole.
    const caseFile = `${f.slice(0, -3)}.yaml`;
    let own: GroupConfig = {};
    if (version !== 'legacy' && files.has(caseFile)) {
      try {
        own = parseYaml(text(caseFile));
      } catch (e) {
        notes.push(`${caseFile} cannot be read (${e instanceof YamlError ? e.message : String(e)}): ignored.`);
      }
    }
    const c = { ...merged(f.slice(0, f.lastIndexOf('/'))), ...own };
    const v = c.input_validator_args ?? c.input_validator_flags;
    // The format: an input validator gets input_validator_args followed by the test case's args.
    const extra = Array.isArray(c.args) ? c.args.map((x) => String(x)) : [];
    if (extra.length) withArgs.push(f.slice(5, -3));
    if (argsOf(c.answer_validator_args).length) answerArgs[f.slice(5, -3)] = argsOf(c.answer_validator_args);
    if (outputOf(c).join(' ') !== outputArgs.join(' ')) otherOutput.push(f.slice(5, -3));
    // A map names the arguments of each validator (2023-07); a string or list is for all of them.
    if (v && typeof v === 'object' && !Array.isArray(v)) inputArgs[f.slice(5, -3)] = Object.fromEntries(Object.entries(v).map(([name, a]) => [name, [...argsOf(a), ...extra]]));
    else if (argsOf(v).length || extra.length) inputArgs[f.slice(5, -3)] = [...argsOf(v), ...extra];
  }
  if (withArgs.length) notes.push(`${withArgs.length} test case(s) give the submission command-line arguments (args: ${withArgs.slice(0, 3).join(', ')}): the input validators get them after their own, as the format says; submissions are run without arguments here.`);
  if (otherOutput.length && !differing.length) notes.push(`Test case(s) ${otherOutput.slice(0, 4).join(', ')} give other output validator arguments in their own .yaml than data/ does; the judge uses one set for every test (${outputArgs.join(' ') || 'none'}).`);
  return { outputArgs, inputArgs, answerArgs, groups };
}
