/**
 * What a compiler may use inside the box: a compiler is a big program (cc1plus on a template-heavy
 * source takes seconds and hundreds of MiB), but a hostile source must still end: 30 s of CPU,
 * 1 GiB, a binary of at most 256 MiB, messages cut to MAX_COMPILER_MESSAGE_CHARS.
 */
export const COMPILE_LIMITS = { cpuMs: 30_000, wallMs: 60_000, memoryMb: 1024, outputBytes: 1024 * 1024, fileBytes: 256 * 1024 * 1024, processes: 16 } as const;

/** The precompiled header is built once per machine: bigger (about 100 MiB) and longer than one compile. */
export const PCH_LIMITS = { cpuMs: 60_000, wallMs: 120_000, memoryMb: 2048, outputBytes: 1024 * 1024, fileBytes: 768 * 1024 * 1024, processes: 16 } as const;

/** A self-test or version run: small programs. */
export const PROBE_LIMITS = { cpuMs: 5_000, wallMs: 15_000, memoryMb: 512, outputBytes: 64 * 1024, fileBytes: 1024 * 1024, processes: 16 } as const;

/** Compiler messages kept for the user (the start; the rest is counted). */
export const MAX_COMPILER_MESSAGE_CHARS = 16 * 1024;
