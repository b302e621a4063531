/**
 * Login and registration throttling, counted before the work: an attempt takes its place in every
 * window it falls under *before* the password is hashed, and gives it back only when it succeeds,
 * so forty guesses sent at once meet the limit exactly as forty sent one after another.
 *
 * Login windows (15 minutes, sliding):
 * - per name and "where": 10 failures. "Where" is the browser when it carries a device cookie
 *   earned by logging in as that name (see device.ts), else the address. Only this window applies to
 *   a known place (a device cookie, or an address this name logged in from in the last 30 days), so
 *   guesses from another machine never keep a person out of their own.
 * - per name, unknown places only: 100 failures (far above typos; against guessing from many addresses).
 * - per address, unknown places only: 200 failures (a class of 40 behind one NAT address, each
 *   mistyping twice, is 80).
 *
 * Registration windows: 50 wrong class codes per address and 200 in all per 15 minutes; 60
 * accounts registered per address per hour. The class-wide one pauses registration for everyone
 * until a teacher has been told (RegistrationThrottle).
 *
 * Why hand-written rather than rate-limiter-flexible: all logins of a judge go through its one HTTP
 * process (distributed mode's workers serve no pages), so a shared Redis or SQLite store buys
 * nothing, and what is needed beyond a counter (refund on success, windows that apply only to
 * unknown places, a teacher lifting every window of one name) is most of this file anyway.
 */
export const WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_LIMITS = { pair: 10, name: 100, address: 200 } as const;
export const KNOWN_MS = 30 * 24 * 3600 * 1000;
export const REGISTRATION_LIMITS = { wrongCodesPerAddress: 50, wrongCodesTotal: 200, accountsPerAddress: 60, accountsWindowMs: 3600 * 1000 } as const;
/** Keys remembered at most per window, so a flood of made-up names cannot grow the maps without bound. */
const MAX_KEYS = 100_000;

/** Times of recent events per key, within a sliding window, at most `limit` kept per key. */
export class SlidingWindow {
  private readonly times = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const times = (this.times.get(key) ?? []).filter((t) => t > cutoff);
    if (times.length) this.times.set(key, times);
    else this.times.delete(key);
    return times;
  }

  /** Ms until the key may have one more event; 0 when it may now. */
  waitMs(key: string): number {
    const times = this.recent(key);
    return times.length >= this.limit ? Math.max(1, times[times.length - this.limit]! + this.windowMs - this.now()) : 0;
  }

  /** How many keys have an event in the window now. */
  keysNow(): number {
    let n = 0;
    for (const key of [...this.times.keys()]) if (this.recent(key).length > 0) n++;
    return n;
  }

  add(key: string, at: number): void {
    if (!this.times.has(key) && this.times.size >= MAX_KEYS) this.times.delete(this.times.keys().next().value!);
    const times = this.recent(key);
    times.push(at);
    this.times.set(key, times.slice(-this.limit));
  }

  /** Takes back one event added at `at` (an attempt that succeeded). */
  remove(key: string, at: number): void {
    const times = this.times.get(key);
    const i = times?.lastIndexOf(at) ?? -1;
    if (i >= 0) times!.splice(i, 1);
  }

  clear(test: (key: string) => boolean): void {
    for (const key of [...this.times.keys()]) if (test(key)) this.times.delete(key);
  }

  keys(): IterableIterator<string> {
    return this.times.keys();
  }
}

/** An attempt counted in advance: given back by `succeeded`, kept (as a failure) otherwise. */
export interface LoginTicket {
  readonly at: number;
  readonly keys: readonly [SlidingWindow, string][];
}

export interface LoginPlace {
  name: string;
  address: string;
  /** A device cookie's id, when the browser carries a valid one for this name. */
  device?: string;
}

export class LoginThrottle {
  readonly pair: SlidingWindow;
  readonly byName: SlidingWindow;
  readonly byAddress: SlidingWindow;
  private readonly known = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {
    this.pair = new SlidingWindow(LOGIN_LIMITS.pair, WINDOW_MS, now);
    this.byName = new SlidingWindow(LOGIN_LIMITS.name, WINDOW_MS, now);
    this.byAddress = new SlidingWindow(LOGIN_LIMITS.address, WINDOW_MS, now);
  }

  private windows(p: LoginPlace): [SlidingWindow, string][] {
    const name = p.name.toLowerCase();
    const pairKey = p.device ? `${name}\0device\0${p.device}` : `${name}\0addr\0${p.address}`;
    const knownAt = this.known.get(`${name}\0${p.address}`);
    const known = p.device !== undefined || (knownAt !== undefined && knownAt > this.now() - KNOWN_MS);
    const windows: [SlidingWindow, string][] = [[this.pair, pairKey]];
    if (!known) windows.push([this.byName, name], [this.byAddress, p.address]);
    return windows;
  }

  /**
   * Counts the attempt before any work, or answers how many seconds to wait when a window is full
   * (then nothing is counted).
   */
  begin(p: LoginPlace): LoginTicket | { waitSeconds: number } {
    const windows = this.windows(p);
    const wait = Math.max(...windows.map(([w, key]) => w.waitMs(key)));
    if (wait > 0) return { waitSeconds: Math.ceil(wait / 1000) };
    const at = this.now();
    for (const [w, key] of windows) w.add(key, at);
    return { at, keys: windows };
  }

  /** The attempt was not made after all (the server was too busy to check it). */
  cancelled(t: LoginTicket): void {
    for (const [w, key] of t.keys) w.remove(key, t.at);
  }

  /** The right password: the attempt is given back, the pair's failures forgotten, the address known for the name. */
  succeeded(t: LoginTicket, p: LoginPlace): void {
    this.cancelled(t);
    const [pairWindow, pairKey] = t.keys[0]!;
    pairWindow.clear((k) => k === pairKey);
    if (this.known.size >= MAX_KEYS) this.known.delete(this.known.keys().next().value!);
    const key = `${p.name.toLowerCase()}\0${p.address}`;
    this.known.delete(key);
    this.known.set(key, this.now());
  }

  /**
   * Lifts every login limit touching a name (the teacher's "unlock"): its own window, its pairs,
   * and the address windows of the addresses it was tried from.
   */
  unlock(name: string): void {
    const lower = name.toLowerCase();
    const addresses = new Set<string>();
    for (const key of this.pair.keys()) {
      const [n, kind, where] = key.split('\0');
      if (n === lower && kind === 'addr') addresses.add(where!);
    }
    this.pair.clear((k) => k.split('\0')[0] === lower);
    this.byName.clear((k) => k === lower);
    this.byAddress.clear((k) => addresses.has(k));
  }
}

/**
 * Wrong class codes per address and in all, and accounts made per address. When the class-wide
 * window is full (wrong codes from many addresses), registration pauses for everyone, and the
 * teacher is told on /class; once a teacher has seen that, the right code goes through again while
 * wrong ones still wait (each address keeps its own window), so a flood from elsewhere no longer
 * keeps an honest class out, and the teacher knows to close registration or change the code.
 */
export class RegistrationThrottle {
  readonly wrongByAddress: SlidingWindow;
  readonly wrongTotal: SlidingWindow;
  readonly accountsByAddress: SlidingWindow;
  /** A teacher has seen the notice of the pause now in force. */
  private told = false;

  constructor(now: () => number = Date.now) {
    this.wrongByAddress = new SlidingWindow(REGISTRATION_LIMITS.wrongCodesPerAddress, WINDOW_MS, now);
    this.wrongTotal = new SlidingWindow(REGISTRATION_LIMITS.wrongCodesTotal, WINDOW_MS, now);
    this.accountsByAddress = new SlidingWindow(REGISTRATION_LIMITS.accountsPerAddress, REGISTRATION_LIMITS.accountsWindowMs, now);
  }

  /** Seconds this address waits before it may try a class code again (its own windows only); 0 when it may now. */
  waitSeconds(address: string): number {
    return Math.ceil(Math.max(this.wrongByAddress.waitMs(address), this.accountsByAddress.waitMs(address)) / 1000);
  }

  /** Seconds the class-wide pause has left (0: none); a new pause starts untold. */
  pausedSeconds(): number {
    const ms = this.wrongTotal.waitMs('');
    if (ms === 0) this.told = false;
    return Math.ceil(ms / 1000);
  }

  /** Whether the right code may pass the pause: a teacher has been told of it. */
  rightCodePasses(): boolean {
    return this.pausedSeconds() > 0 && this.told;
  }

  /** The pause as /class tells a teacher of it (and marks them told), or null when there is none. */
  tellTeacher(): { seconds: number; wrong: number; addresses: number } | null {
    const seconds = this.pausedSeconds();
    if (seconds === 0) return null;
    this.told = true;
    return { seconds, wrong: REGISTRATION_LIMITS.wrongCodesTotal, addresses: this.wrongByAddress.keysNow() };
  }

  wrongCode(address: string, at = Date.now()): void {
    this.wrongByAddress.add(address, at);
    this.wrongTotal.add('', at);
  }

  registered(address: string, at = Date.now()): void {
    this.accountsByAddress.add(address, at);
  }

  /** Lifts every registration limit (the teacher opening registration). */
  clear(): void {
    for (const w of [this.wrongByAddress, this.wrongTotal, this.accountsByAddress]) w.clear(() => true);
    this.told = false;
  }
}
