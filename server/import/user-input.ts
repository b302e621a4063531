import { ImportThread } from './thread-client';

/** How long a validator plus reference may take on one user input before the judge gives up. */
const CHECK_TIMEOUT_MS = 20_000;

export type InputCheck =
  | { ok: true; expected: string | null }
  | { ok: false; invalid: { line: number; message: string } }
  | { ok: false; failed: string };

/**
 * Inputs users type or save as tests are checked by the problem's validator and answered by its
 * fast reference in the import thread, never on the HTTP thread: a slow reference must not stall
 * every page. One thread serves the whole server, started on first use.
 */
export class UserInputs {
  private readonly thread: ImportThread;

  /** `nice`: the judge threads' priority, for the thread that runs package code. */
  constructor(nice: number | null = null) {
    this.thread = new ImportThread({ maxOldGenerationSizeMb: 1024 }, nice);
  }

  /** Validates the input; with `answer`, also returns the fast reference's output for it. */
  async check(slug: string, input: string, answer: boolean): Promise<InputCheck> {
    const result = await this.thread.request({ type: 'check', slug, input, answer }, CHECK_TIMEOUT_MS);
    if (!result.ok) {
      return { ok: false, failed: result.timedOut ? `the problem's reference took longer than ${CHECK_TIMEOUT_MS / 1000} s on this input` : result.lost };
    }
    const reply = result.reply;
    if (reply.ok) return reply;
    if ('invalid' in reply) return reply;
    return { ok: false, failed: reply.error };
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}
