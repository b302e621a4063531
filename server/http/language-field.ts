import { LANGUAGES, type Language } from '../compile/types';
import { badRequest } from './errors';

/**
 * The `language` of a submission, stress run or invocation (JSON field or form field): TypeScript
 * when absent or empty, else one of LANGUAGES; anything else is a 400 with a sentence.
 */
export function parseLanguage(value: unknown): Language {
  if (value === undefined || value === null || value === '') return 'typescript';
  if (typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)) return value as Language;
  throw badRequest(`The field "language" must be one of ${LANGUAGES.map((l) => `"${l}"`).join(', ')}.`);
}

/** The language of a JSON body (which may not be an object; its own checks report that). */
export function bodyLanguage(body: unknown): Language {
  return parseLanguage(typeof body === 'object' && body !== null ? (body as { language?: unknown }).language : undefined);
}
