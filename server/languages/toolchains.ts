/**
 * The toolchains detection found (detect.ts), as this thread knows them: the main thread detects
 * once at start and hands the result to every judge thread (one message before any job), so every
 * compile of a language uses the same binary, decided once.
 */
import { english, said, type Said } from '../text/messages';
import { LANGUAGES } from './registry';
import type { LanguageId } from './types';

/** A native language's binary as found and self-tested: its real path and version line. */
export interface Toolchain {
  id: LanguageId;
  binary: string;
  version: string;
  /** The binary's size and time: a reinstalled compiler of the same version is a new toolchain (its own cache entries). */
  stamp: string;
}

/** What detection said about every language: a toolchain, or why the language is not offered. */
export type Detected = Partial<Record<LanguageId, { ok: true; toolchain: Toolchain } | { ok: false; reason: string; said: Said }>>;

let known: Detected | null = null;
let fromWorkers = false;

/**
 * Distributed mode's web tier: the languages are the connected workers' (their heartbeats), and a
 * submission in a language none of them has now is taken and waits for one (docs/distributed.md).
 */
export function setDetectedByWorkers(workers: readonly { languages?: { id: string; version: string | null }[] }[]): void {
  fromWorkers = true;
  const d: Detected = {};
  for (const spec of LANGUAGES) {
    if (!spec.native) continue;
    const version = workers.flatMap((w) => w.languages ?? []).find((l) => l.id === spec.id)?.version;
    if (version !== undefined) d[spec.id] = { ok: true, toolchain: { id: spec.id, binary: '', version: version ?? '', stamp: '' } };
    else {
      const s = said('language.no-worker', spec.family);
      d[spec.id] = { ok: false, reason: english(s), said: s };
    }
  }
  setDetected(d);
}

/** Whether a language no judge has now is still taken (distributed mode: it waits for a worker). */
export function waitsForWorkers(): boolean {
  return fromWorkers;
}
let waiting: ((d: Detected) => void)[] = [];

/** Detection's result, for this thread: compiles waiting for it go on. */
export function setDetected(detected: Detected): void {
  known = detected;
  for (const w of waiting) w(detected);
  waiting = [];
}

/** Detection's result if it is known yet (the HTTP thread's checks, which never wait). */
export function detectedNow(): Detected | null {
  return known;
}

/** Detection's result, once it is known (a job sent at start waits the seconds detection takes). */
export function detected(): Promise<Detected> {
  if (known) return Promise.resolve(known);
  return new Promise((resolve) => waiting.push(resolve));
}

/** The toolchain of a native language, or an Error saying why it is not available. */
export async function toolchainFor(id: LanguageId): Promise<Toolchain> {
  const d = (await detected())[id];
  if (!d) throw new Error(`${id} was not detected on this judge`);
  if (!d.ok) throw new Error(d.reason);
  return d.toolchain;
}
