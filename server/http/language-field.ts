import { languageStatuses } from '../languages/detect';
import { isLanguageId, LANGUAGE_IDS, type LanguageId } from '../languages/registry';
import { detectedNow } from '../languages/toolchains';
import { said } from '../text/messages';
import { badRequest, HttpError } from './errors';

/**
 * The `language` of a submission, stress run, invocation, sample run or mistake map (JSON field or
 * form field): TypeScript when absent or empty, else one of the registry's ids that this judge
 * offers. An unknown id is a 400 naming the ids; a language this judge does not offer is a 400 with
 * detection's sentence ("C++ is not available on this judge: install g++"); one still being
 * checked at start is a 503 (try again in seconds).
 */
export function parseLanguage(value: unknown): LanguageId {
  if (value === undefined || value === null || value === '') return 'typescript';
  if (!isLanguageId(value)) throw badRequest(said('language.unknown', LANGUAGE_IDS.map((l) => `"${l}"`).join(', ')));
  const status = languageStatuses(detectedNow()).find((s) => s.id === value)!;
  if (status.available) return value;
  const sentence = status.said ?? status.reason ?? value;
  throw detectedNow() === null ? new HttpError(503, sentence) : badRequest(sentence);
}

/** The language of a JSON body (which may not be an object; its own checks report that). */
export function bodyLanguage(body: unknown): LanguageId {
  return parseLanguage(typeof body === 'object' && body !== null ? (body as { language?: unknown }).language : undefined);
}
