/** A mistake in what the student asked for or wrote (bad game, range, preset): shown as is, a 4xx. */
export class LabError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LabError';
  }
}
