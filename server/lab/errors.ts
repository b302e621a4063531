import { english, type Said } from '../text/messages';

/** A mistake in what the student asked for or wrote (bad game, range, preset): shown as is, a 4xx. */
export class LabError extends Error {
  /** The sentence as a message id and arguments, when it is one of server/text/messages.ts. */
  readonly said: Said | null;
  constructor(
    message: string | Said,
    /** True when only the quick path's work cap was exceeded: the same request may run as a job. */
    readonly overWorkCap = false,
    /** True when the request itself is malformed (a preset's syntax, a setting, the range), not the game. */
    readonly badRequest = false,
  ) {
    super(typeof message === 'string' ? message : english(message));
    this.said = typeof message === 'string' ? null : message;
    this.name = 'LabError';
  }
}

/** An error's sentence with its message id, for passing on (a LabError made from another error). */
export function sentenceOf(e: Error & { said?: Said | null }): string | Said {
  return e.said ?? e.message;
}
