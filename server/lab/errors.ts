/** A mistake in what the student asked for or wrote (bad game, range, preset): shown as is, a 4xx. */
export class LabError extends Error {
  constructor(
    message: string,
    /** True when only the quick path's work cap was exceeded: the same request may run as a job. */
    readonly overWorkCap = false,
    /** True when the request itself is malformed (a preset's syntax, a setting, the range), not the game. */
    readonly badRequest = false,
  ) {
    super(message);
    this.name = 'LabError';
  }
}
