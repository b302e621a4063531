import { z } from 'zod';

/**
 * A problem's names in problem.yaml as problemtools can typeset them. The format says `name` is
 * plain text, and problemtools' HTML shows it so (escaped), but its PDF step puts it into LaTeX
 * as written (`\problemname{E&D}`: "Misplaced alignment tab character &"; `Nim_k`: "Missing $
 * inserted"), so an export whose name holds one of LaTeX's special characters fails
 * verifyproblem. The export writes each such character as its full-width form (U+FF01–FF5E, the
 * same glyph in a CJK font, no meaning to LaTeX: `E＆D`), which reads the same in HTML and
 * typesets, and keeps the exact names in sg-judge/names.json, which the import reads back when
 * problem.yaml still holds the written form: the judge shows the same title before and after.
 */
const LATEX_SPECIAL = /[#$%&_{}~^\\]/g;

export function typesetSafeName(name: string): string {
  return name.replace(LATEX_SPECIAL, (c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0));
}

export const NAMES_FILE = 'names.json';

type Names = { en: string; zh?: string };

/** sg-judge/names.json's text for these names, or null when problem.yaml holds them as they are. */
export function namesFile(names: Names): string | null {
  const changed = Object.values(names).some((n) => n !== undefined && typesetSafeName(n) !== n);
  return changed ? `${JSON.stringify(names, null, 2)}\n` : null;
}

const NamesSchema = z.object({ en: z.string().min(1).max(200), zh: z.string().min(1).max(200).optional() }).strict();

/**
 * The exact names, when sg-judge/names.json holds names whose written form is what problem.yaml
 * gives (an export of this judge, unedited); otherwise problem.yaml's names as they are.
 */
export function namesReadBack(fromYaml: Names, file: string | undefined): Names {
  if (file === undefined || file.length > 4096) return fromYaml;
  let kept: Names;
  try {
    const read = NamesSchema.safeParse(JSON.parse(file));
    if (!read.success) return fromYaml;
    kept = read.data;
  } catch {
    return fromYaml;
  }
  const same = typesetSafeName(kept.en) === fromYaml.en && (kept.zh === undefined ? fromYaml.zh === undefined : fromYaml.zh !== undefined && typesetSafeName(kept.zh) === fromYaml.zh);
  return same ? kept : fromYaml;
}
