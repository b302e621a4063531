/**
 * At most two password hashes at once for requests not yet logged in, and at most 64 waiting (a class of 40 logging in at once all wait their turn):
 * scrypt runs in libuv's thread pool (4 threads), which also serves static files and other file
 * reads, so an unbounded burst of logins would stall every page. Past the queue a login is answered
 * at once with 503 and a sentence, rather than waiting behind the burst.
 */
import { HttpError } from '../errors';

export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE = 64;

export class HashGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most hashes seen running at once (for tests and the health page). */
  peak = 0;

  constructor(
    readonly concurrency = HASH_CONCURRENCY,
    readonly queue = HASH_QUEUE,
  ) {}

  /** Whether a hash could start or wait now; false: answer 503 at once. */
  hasRoom(): boolean {
    return this.running < this.concurrency || this.waiting.length < this.queue;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queue) throw busy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    this.peak = Math.max(this.peak, this.running);
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `running` never drops below what is running.
      if (next) next();
      else this.running--;
    }
  }
}

export function busy(): HttpError {
  return new HttpError(503, 'The judge is checking many passwords at this moment; try again in a few seconds.');
}
