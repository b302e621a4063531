/**
 * The one list of languages the judge knows (DMOJ's executors): every page, route, CLI flag and
 * stored row takes its languages from here. Whether a language is offered on this machine is
 * decided at start by detect.ts.
 */
import { C11 } from './c';
import { CPP17, CPP20 } from './cpp';
import { JAVASCRIPT } from './javascript';
import { PYPY3, PYTHON3 } from './python';
import { TYPESCRIPT } from './typescript';
import { LANGUAGE_IDS, type LanguageId, type LanguageSpec, type ScriptLanguage } from './types';

export { LANGUAGE_IDS } from './types';
export type { LanguageId, LanguageSpec, ProblemKind, ScriptLanguage } from './types';

const BY_ID: Readonly<Record<LanguageId, LanguageSpec>> = {
  typescript: TYPESCRIPT,
  javascript: JAVASCRIPT,
  cpp17: CPP17,
  cpp20: CPP20,
  c11: C11,
  python3: PYTHON3,
  pypy3: PYPY3,
};

/** Every language, in menu order. */
export const LANGUAGES: readonly LanguageSpec[] = LANGUAGE_IDS.map((id) => BY_ID[id]);

export function languageSpec(id: LanguageId): LanguageSpec {
  return BY_ID[id];
}

export function isLanguageId(value: unknown): value is LanguageId {
  return typeof value === 'string' && (LANGUAGE_IDS as readonly string[]).includes(value);
}

/** The judge's own compiler's languages (run in the JS sandbox), as opposed to native ones. */
export function isScriptLanguage(id: LanguageId): id is ScriptLanguage {
  return BY_ID[id].native === null;
}

/**
 * The language a file name says, by its extension: `.cpp .cc .cxx` GNU C++17, `.c` GNU C11, `.py` CPython,
 * `.ts` TypeScript, `.js` JavaScript; null for any other name.
 */
export function languageOfFileName(name: string): LanguageId | null {
  const ext = /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase();
  if (!ext) return null;
  // The first language with the extension wins: cpp17 before cpp20, python3 before pypy3.
  return LANGUAGES.find((l) => l.extensions.includes(ext))?.id ?? null;
}
