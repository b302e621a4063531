/**
 * The toolchains detection found (detect.ts), as this thread knows them: the main thread detects
 * once at start and hands the result to every judge thread (one message before any job), so every
 * compile of a language uses the same binary, decided once.
 */
import type { Said } from '../text/messages';
import type { LanguageId } from './types';

/** A native language's binary as found and self-tested: its real path and version line. */
export interface Toolchain {
  id: LanguageId;
  binary: string;
  version: string;
}

/** What detection said about every language: a toolchain, or why the language is not offered. */
export type Detected = Partial<Record<LanguageId, { ok: true; toolchain: Toolchain } | { ok: false; reason: string; said: Said }>>;

let known: Detected | null = null;
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
