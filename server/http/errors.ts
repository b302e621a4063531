/** An error that becomes an HTTP response: a status and a sentence for the user. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (message: string): HttpError => new HttpError(404, message);
export const badRequest = (message: string): HttpError => new HttpError(400, message);
