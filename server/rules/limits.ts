/**
 * Every limit the judge derives from a problem's two limits (CPU time T and memory M), in one
 * place: the sandbox's watchdog, its worker, its process, the runtime and the judge all read them
 * from here. The limits table in docs/sandbox.md is checked against these formulas (test/judge/limits.test.ts).
 * Inlined into the sandbox's thread sources at build time, so it imports nothing.
 */

/** A problem's limits: CPU time in milliseconds, memory in MiB. */
export interface BaseLimits {
  timeMs: number;
  memoryMb: number;
}
type TimeLimit = Pick<BaseLimits, 'timeMs'>;
type MemoryLimit = Pick<BaseLimits, 'memoryMb'>;

/** Standard output a run may write, MiB; past it the run is stopped and its output cut (OLE). */
export const OUTPUT_LIMIT_MB = 64;
export const OUTPUT_LIMIT_BYTES = OUTPUT_LIMIT_MB * 1024 * 1024;
/** Standard error kept per run, characters (the rest is dropped, not an error). */
export const STDERR_KEEP_CHARS = 64 * 1024;
/** The memory limit a sandbox worker is sized for before any program is loaded, MiB. */
export const DEFAULT_MEMORY_MB = 256;
/** How long resident memory must stay over the limit, the heap agreeing, to be MLE, ms. */
export const MLE_SUSTAIN_MS = 250;
/** How long the interactor may take to decide once the program has ended, ms. */
export const INTERACTOR_AFTER_END_MS = 10_000;

/**
 * Native programs (C++, Python; server/sandbox/native/): threads and processes a program may have
 * at once (its pids cgroup), the size of any file it writes and of its private /tmp, MiB.
 */
export const NATIVE_TASKS = 32;
export const NATIVE_FILE_MB = 64;
/**
 * RLIMIT_CPU of a native program, seconds: a backstop only, above the limit (the runner stops the
 * program at the limit itself, from its cgroup's CPU counter, which counts every thread and child).
 */
export const cpuBackstopSeconds = (l: TimeLimit) => Math.ceil(l.timeMs / 1000) + 1;

/** How many times a run stopped by the wall net, whose wait for a core is unknown, is run again. */
export const WALL_RERUNS = 2;

/** Wall time of a run before the watchdog stops it as idle (TLE); also the idleness limit of an interactive run. */
export const wallClockMs = (l: TimeLimit) => 2 * l.timeMs + 300;
/** How long the worker may stay busy between runs (code of a finished run still going) before TLE. */
export const afterEndMs = (l: TimeLimit) => 2 * l.timeMs + 1000;
/**
 * The judge's own timer on one run: past it the whole sandbox process is killed (TLE). Wide, as it
 * counts wall time: on a loaded machine a program within its CPU limit may wait this long for cores.
 */
export const safetyMs = (l: TimeLimit) => 6 * l.timeMs + 5000;
/** The judge's timer on a batch of `n` runs (stress testing). */
export const batchSafetyMs = (l: TimeLimit, n: number) => n * (2 * l.timeMs + 400) + 5000;
/** Generous: an interactor is the judge's code, and its overspending is IE. */
export const interactorBudgetMs = (l: TimeLimit) => 10_000 + 5 * l.timeMs;
/**
 * V8's old generation cap, a little above the limit: V8 then collects before it grows past it
 * (uncapped, it lets garbage pile up to a multiple of what is live, and resident memory counts that
 * garbage), and a live heap past the cap stops with ERR_WORKER_OUT_OF_MEMORY, which is MLE.
 */
export const oldGenerationMb = (l: MemoryLimit) => l.memoryMb + 16;
/** Node's default young generation (48 MiB) for the usual limits, less for small ones, where its garbage alone would weigh. */
export const youngGenerationMb = (l: MemoryLimit) => Math.max(8, Math.min(48, Math.floor(l.memoryMb / 4)));
/**
 * The worker's stack: 256 MiB (recursion depth 10^6 of a plain function needs ~100 MiB), but below
 * the memory limit: a stack in use is resident memory, and a program that overflows it must get
 * RE, not MLE.
 */
export const stackMb = (l: MemoryLimit) => Math.max(16, Math.min(256, l.memoryMb - 48));
/** The cgroup's limit on the whole sandbox process: a backstop well above the limit and the heap caps. */
export const cgroupMb = (l: MemoryLimit) => 3 * l.memoryMb + 512;
/** Resident growth that garbage alone cannot explain (the old generation is capped near the limit): MLE at once. */
export const rssCeilingMb = (l: MemoryLimit) => 1.5 * l.memoryMb + 64;
/** The same, KiB (the unit the watchdog reads). */
export const rssCeilingKb = (l: MemoryLimit) => rssCeilingMb(l) * 1024;

/** Every limit of a run, derived; the limits table in docs/sandbox.md has one row per field. */
export interface DerivedLimits {
  timeMs: number;
  memoryMb: number;
  wallClockMs: number;
  afterEndMs: number;
  safetyMs: number;
  batchSafetyMs: (n: number) => number;
  mleSustainMs: number;
  rssCeilingMb: number;
  oldGenerationMb: number;
  youngGenerationMb: number;
  stackMb: number;
  cgroupMb: number;
  outputMb: number;
  stderrKeptChars: number;
  interactorBudgetMs: number;
  interactorAfterEndMs: number;
}

export function deriveLimits(l: BaseLimits): DerivedLimits {
  return {
    timeMs: l.timeMs,
    memoryMb: l.memoryMb,
    wallClockMs: wallClockMs(l),
    afterEndMs: afterEndMs(l),
    safetyMs: safetyMs(l),
    batchSafetyMs: (n) => batchSafetyMs(l, n),
    mleSustainMs: MLE_SUSTAIN_MS,
    rssCeilingMb: rssCeilingMb(l),
    oldGenerationMb: oldGenerationMb(l),
    youngGenerationMb: youngGenerationMb(l),
    stackMb: stackMb(l),
    cgroupMb: cgroupMb(l),
    outputMb: OUTPUT_LIMIT_MB,
    stderrKeptChars: STDERR_KEEP_CHARS,
    interactorBudgetMs: interactorBudgetMs(l),
    interactorAfterEndMs: INTERACTOR_AFTER_END_MS,
  };
}
