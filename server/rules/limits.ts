/**
 * Every limit the judge derives from a problem's two limits (CPU time and memory), in one place:
 * the sandbox's watchdog, its worker, its process and the judge all read them from here. The
 * README's limits table is checked against these formulas (test/judge/limits.test.ts). Inlined into
 * the sandbox's thread sources at build time, so it imports nothing.
 */

const MiB = 1024 * 1024;

/** Standard output a run may write, bytes; past it the run is stopped (OLE). */
export const OUTPUT_LIMIT_BYTES = 64 * MiB;
/** Standard error kept per run, characters. */
export const STDERR_KEEP_CHARS = 64 * 1024;
/** The memory limit a sandbox worker is sized for before any program is loaded, MiB. */
export const DEFAULT_MEMORY_MB = 256;

export interface DerivedLimits {
  /** Wall time of a run before the watchdog stops it as idle (TLE), ms. Also the idleness limit of an interactive run. */
  wallClockMs: number;
  /** How long the worker may stay busy between runs (code of a finished run still going) before TLE, ms. */
  afterEndMs: number;
  /** The judge's own timer on one run: past it the whole sandbox process is killed (TLE), ms. */
  safetyMs: number;
  /** The judge's timer on a batch of `n` runs (stress testing), ms. */
  batchSafetyMs: (n: number) => number;
  /** V8's old generation cap: past it a program stops with out-of-heap (MLE), MiB. */
  oldGenerationMb: number;
  /** V8's young generation, MiB. */
  youngGenerationMb: number;
  /** The worker thread's stack, MiB. */
  stackMb: number;
  /** The cgroup's memory limit for the whole sandbox process, MiB. */
  cgroupMb: number;
  /** Resident growth past which MLE needs no confirmation from the heap, KiB. */
  rssCeilingKb: number;
  /** The memory limit itself, KiB (resident growth over it is MLE once the heap confirms). */
  memoryKb: number;
  /** Standard output, bytes. */
  outputBytes: number;
  /** The interactor's computing budget over one game, ms. */
  interactorBudgetMs: number;
}

/** A problem's limits: CPU time in milliseconds, memory in MiB. */
export interface BaseLimits {
  timeMs: number;
  memoryMb: number;
}
type TimeLimit = Pick<BaseLimits, 'timeMs'>;
type MemoryLimit = Pick<BaseLimits, 'memoryMb'>;

export const wallClockMs = (l: TimeLimit) => 2 * l.timeMs + 300;
export const afterEndMs = (l: TimeLimit) => 2 * l.timeMs + 1000;
export const safetyMs = (l: TimeLimit) => 2 * l.timeMs + 5000;
export const batchSafetyMs = (l: TimeLimit, n: number) => n * (2 * l.timeMs + 400) + 5000;
/**
 * A little above the limit: V8 then collects before it grows past it (uncapped, it lets garbage
 * pile up to a multiple of what is live, and resident memory counts that garbage), and a live heap
 * past the cap stops with ERR_WORKER_OUT_OF_MEMORY, which is MLE.
 */
export const oldGenerationMb = (l: MemoryLimit) => l.memoryMb + 16;
/** Node's default (48 MiB) for the usual limits, less for small ones, where its garbage alone would weigh. */
export const youngGenerationMb = (l: MemoryLimit) => Math.max(8, Math.min(48, Math.floor(l.memoryMb / 4)));
/**
 * 256 MiB (recursion depth 10^6 of a plain function needs ~100 MiB), but below the memory limit:
 * a stack in use is resident memory, and a program that overflows it must get RE, not MLE.
 */
export const stackMb = (l: MemoryLimit) => Math.max(16, Math.min(256, l.memoryMb - 48));
/** A backstop well above the limit and the heap caps; the watchdog gives the exact MLE. */
export const cgroupMb = (l: MemoryLimit) => 3 * l.memoryMb + 512;
/** Resident growth that garbage alone cannot explain (with the old generation capped near the limit). */
export const rssCeilingKb = (l: MemoryLimit) => (1.5 * l.memoryMb + 64) * 1024;
export const memoryKb = (l: MemoryLimit) => l.memoryMb * 1024;
/** Generous: an interactor is the judge's code, and its overspending is IE. */
export const interactorBudgetMs = (l: TimeLimit) => 10_000 + 5 * l.timeMs;

export function deriveLimits(l: BaseLimits): DerivedLimits {
  return {
    wallClockMs: wallClockMs(l),
    afterEndMs: afterEndMs(l),
    safetyMs: safetyMs(l),
    batchSafetyMs: (n) => batchSafetyMs(l, n),
    oldGenerationMb: oldGenerationMb(l),
    youngGenerationMb: youngGenerationMb(l),
    stackMb: stackMb(l),
    cgroupMb: cgroupMb(l),
    rssCeilingKb: rssCeilingKb(l),
    memoryKb: memoryKb(l),
    outputBytes: OUTPUT_LIMIT_BYTES,
    interactorBudgetMs: interactorBudgetMs(l),
  };
}

/** How long resident memory must stay over the limit, the heap agreeing, to be MLE, ms. */
export const MLE_SUSTAIN_MS = 250;
/** How long the interactor may take to decide once the program has ended, ms. */
export const INTERACTOR_AFTER_END_MS = 10_000;
