/**
 * What an empty editor opens with, per language and problem kind (the registry's starters,
 * server/languages/): it reads the input the fast way for its language and compiles and runs as
 * it is (the sample-runs API test runs them).
 */
import { LANGUAGES, type LanguageId, type ProblemKind } from '../languages/registry';

export function starterCode(kind: ProblemKind): Readonly<Record<LanguageId, string>> {
  return Object.fromEntries(LANGUAGES.map((l) => [l.id, l.starter[kind]])) as Record<LanguageId, string>;
}

/** The batch problems' starters (most problems). */
export const STARTER_CODE: Readonly<Record<LanguageId, string>> = starterCode('batch');
