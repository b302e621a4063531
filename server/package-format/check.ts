import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { formatVersionOf, type FormatVersion } from './layout';
import { errorsOf, folderFindings, notesOf } from './verify';
import { walkPackage, type PackageListing } from './walk';
import { parseYaml, YamlError, type YamlMap } from './yaml';

/**
 * The problem package format's structural checks that run without the reference tools, each
 * version by its own rules (problemtools' verifyproblem is the reference: see
 * docs/problem-packages.md), part by part in ./verify/ (config, statement, data, submissions,
 * validators). Two strengths: `strict` (what an export must be) and tolerant (what an import takes:
 * what the judge can do without becomes a note, and only what keeps it from judging is a fault).
 */
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

export function checkListing(listing: PackageListing, yaml: YamlMap, version: FormatVersion, opts: { strict: boolean }): Checked {
  const found = folderFindings({ listing, yaml, version, strict: opts.strict });
  return { faults: errorsOf(found), notes: notesOf(found) };
}
