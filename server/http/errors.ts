import { english, sayIn, type Said } from '../text/messages';

/**
 * An error that becomes an HTTP response: a status and a sentence for the user. A sentence given
 * as a message (server/text/messages.ts) answers `{"error": <English>, "id", "args"}`, so a page
 * says it in its language by id.
 */
export class HttpError extends Error {
  readonly said: Said | null;
  constructor(
    readonly status: number,
    message: string | Said,
  ) {
    super(typeof message === 'string' ? message : english(message));
    this.said = typeof message === 'string' ? null : message;
  }
}

export const notFound = (message: string | Said): HttpError => new HttpError(404, message);
export const badRequest = (message: string | Said): HttpError => new HttpError(400, message);

/** An error's sentence in a page's language: by its message id when it has one, else as written. */
export function errorIn(e: HttpError, lang: 'en' | 'zh'): string {
  return e.said ? sayIn(e.said, lang) : e.message;
}
