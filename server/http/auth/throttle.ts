/**
 * Login throttling: after MAX_FAILURES failed logins for one name or from one address within the
 * window, every login for that name or from that address is refused until the window has passed,
 * the right password included (otherwise guessing would just continue at full speed).
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;
/** Keys remembered at most, so a flood of made-up names cannot grow the map without bound. */
const MAX_KEYS = 100_000;

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - WINDOW_MS;
    const times = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (times.length) this.failures.set(key, times);
    else this.failures.delete(key);
    return times;
  }

  /** Seconds until a login for this name from this address may be tried again; 0 when it may now. */
  waitSeconds(name: string, address: string): number {
    let until = 0;
    for (const key of keys(name, address)) {
      const times = this.recent(key);
      if (times.length >= MAX_FAILURES) until = Math.max(until, times[times.length - MAX_FAILURES]! + WINDOW_MS);
    }
    return until === 0 ? 0 : Math.max(1, Math.ceil((until - this.now()) / 1000));
  }

  failed(name: string, address: string): void {
    if (this.failures.size >= MAX_KEYS) this.failures.delete(this.failures.keys().next().value!);
    for (const key of keys(name, address)) {
      const times = this.recent(key);
      times.push(this.now());
      this.failures.set(key, times.slice(-MAX_FAILURES));
    }
  }
}

function keys(name: string, address: string): string[] {
  return [`name:${name.toLowerCase()}`, `addr:${address}`];
}
