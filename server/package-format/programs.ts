/**
 * A program in a package (a submission, a validator, an interactor): one file, or a folder whose
 * files are one program (the format's rule). Its language is told by its files' extensions, as
 * problemtools does: the language with the most source files wins. The judge runs TypeScript,
 * JavaScript, C++, C and Python; others are named ("Java") and kept, never counted as passing.
 */
export type PackageLanguage = 'typescript' | 'javascript' | 'cpp' | 'c' | 'python' | 'other';

const RUNNABLE: [RegExp, Exclude<PackageLanguage, 'other'>][] = [
  [/\.(ts|mts)$/i, 'typescript'],
  [/\.(js|mjs|cjs)$/i, 'javascript'],
  [/\.(cc|cpp|cxx|c\+\+|C)$/, 'cpp'],
  [/\.c$/, 'c'],
  [/\.(py|py3)$/i, 'python'],
];

const FOREIGN: [RegExp, string][] = [
  [/\.java$/i, 'Java'],
  [/\.kt$/i, 'Kotlin'],
  [/\.rs$/i, 'Rust'],
  [/\.go$/i, 'Go'],
  [/\.cs$/i, 'C#'],
  [/\.fs$/i, 'F#'],
  [/\.(pas|pp|p)$/i, 'Pascal'],
  [/\.hs$/i, 'Haskell'],
  [/\.ml$/i, 'OCaml'],
  [/\.rb$/i, 'Ruby'],
  [/\.pl$/i, 'Perl'],
  [/\.lua$/i, 'Lua'],
  [/\.(sh|bash)$/i, 'shell'],
  [/\.awk$/i, 'AWK'],
  [/\.R$/, 'R'],
  [/\.swift$/i, 'Swift'],
  [/\.(f95|f90|f)$/i, 'Fortran'],
  [/\.adb$/i, 'Ada'],
  [/\.plg$/i, 'Prolog'],
  [/\.scala$/i, 'Scala'],
  [/\.ctd$/i, 'checktestdata'],
  [/\.viva$/i, 'VIVA'],
];

export const LANGUAGE_NAME: Record<Exclude<PackageLanguage, 'other'>, string> = { typescript: 'TypeScript', javascript: 'JavaScript', cpp: 'C++', c: 'C', python: 'Python' };

/** C++ headers that travel with a source (validate.h, testlib.h): part of the program, not a second one. */
export const HEADER = /\.(h|hpp|hh|hxx)$/i;

export function languageOfFile(name: string): { language: PackageLanguage; name: string } | null {
  for (const [re, language] of RUNNABLE) if (re.test(name)) return { language, name: LANGUAGE_NAME[language] };
  for (const [re, foreign] of FOREIGN) if (re.test(name)) return { language: 'other', name: foreign };
  return null;
}

export interface ProgramFiles {
  language: PackageLanguage;
  /** "C++", or the foreign language's name ("Java"), or "unknown". */
  languageName: string;
  /** The sources of that language (plus C++ headers), path relative to the program's root. */
  sources: string[];
  /** The file to start: the only source, or main.*, or the one named like the folder. */
  entry: string | null;
  /** A folder with a `build` or `run` script (the format's other way of giving a program). */
  script: boolean;
}

/** Tells the language of a program from its file names (relative to the program's root). */
export function programFiles(files: string[], folderName = ''): ProgramFiles {
  if (files.some((f) => f === 'build' || f === 'run')) return { language: 'other', languageName: 'a build/run script', sources: files, entry: null, script: true };
  const counts = new Map<string, { language: PackageLanguage; name: string; files: string[] }>();
  for (const f of files) {
    const l = languageOfFile(f);
    if (!l) continue;
    const key = l.language === 'other' ? l.name : l.language;
    const c = counts.get(key) ?? { ...l, files: [] };
    c.files.push(f);
    counts.set(key, c);
  }
  // Most files wins; on a tie the judge's own languages first (so a .py beside a .sh helper is Python).
  const best = [...counts.values()].sort((a, b) => b.files.length - a.files.length || Number(a.language === 'other') - Number(b.language === 'other'))[0];
  if (!best) return { language: 'other', languageName: 'unknown', sources: [], entry: null, script: false };
  const sources = best.language === 'cpp' || best.language === 'c' ? [...best.files, ...files.filter((f) => HEADER.test(f))] : best.files;
  const stem = (f: string) => f.replace(/^.*\//, '').replace(/\.[^.]*$/, '');
  const entry =
    best.files.length === 1
      ? best.files[0]!
      : (best.files.find((f) => stem(f) === 'main') ?? best.files.find((f) => stem(f) === folderName) ?? null);
  return { language: best.language, languageName: best.name, sources, entry, script: false };
}
