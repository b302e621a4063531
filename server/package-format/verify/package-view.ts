import type { FormatVersion } from '../layout';
import type { PackageListing } from '../walk';
import type { YamlMap } from '../yaml';

/**
 * A package folder as the format's structural checks see it: its files, its problem.yaml, the
 * format version it is read by, and how strict to be: `strict` is what an export must be (every
 * key and folder the version's own, a UUID, a statement in the version's folder, samples, an
 * accepted solution, an input validator); tolerant is what an import takes (real archives bend the
 * rules, so what the judge can do without is a note, and only what keeps it from judging an error).
 */
export interface PackageView {
  listing: PackageListing;
  yaml: YamlMap;
  version: FormatVersion;
  strict: boolean;
}

/** problem.yaml's type, as a list (2023-07 allows several). */
export function typesOf(y: YamlMap): unknown[] {
  return Array.isArray(y.type) ? y.type : y.type === undefined ? [] : [y.type];
}
