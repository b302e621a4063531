/**
 * The judge's compiler with a time limit: compilation runs in a thread of its own
 * (compile-thread.ts), and a compilation that has used COMPILE_TIME_LIMIT_MS of CPU is stopped by
 * terminating that thread. The verdict is CE with a sentence; the judge thread is free at once and
 * nothing is retried (the next compilation starts a fresh compiler thread).
 */
import { RequestThread } from '../platform/request-thread';
import type { CompileReply, CompileRequest } from './compile-thread';
import type { ScriptLanguage } from '../languages/types';
import type { CompileResult, Compiler } from './types';

/**
 * CPU time one compilation may take (a 64 KiB solution compiles in well under a second). Counted in
 * the compiler thread's own CPU time, so a busy machine never turns a normal source into CE; wall
 * time stops a compilation at WALL_FACTOR times the limit whatever the load.
 */
export const COMPILE_TIME_LIMIT_MS = 6_000;
const WALL_FACTOR = 10;
/** The compiler thread's heap: the TypeScript compiler and one program. */
const COMPILER_HEAP_MB = 1024;

export function createBoundedCompiler(timeLimitMs = COMPILE_TIME_LIMIT_MS): Compiler {
  // The thread inherits its creator's scheduling priority (a judge thread's).
  const thread = new RequestThread<CompileRequest, CompileReply>(new URL('./compile-thread.ts', import.meta.url), { maxOldGenerationSizeMb: COMPILER_HEAP_MB }, null, { cpuTime: { wallFactor: WALL_FACTOR } });
  return {
    async compile(source: string, language: ScriptLanguage = 'typescript'): Promise<CompileResult> {
      const a = await thread.request({ source, language }, timeLimitMs);
      if (!a.ok && a.timedOut) return { ok: false, diagnostics: `1:1 error: compilation took longer than the ${timeLimitMs / 1000} s limit and was stopped; the compiler is slow on this source (long runs of "<" or nested generics?)` };
      if (!a.ok) return { ok: false, diagnostics: `1:1 error: the compiler stopped on this source (${a.lost}); simplify it` };
      if (!a.reply.ok) throw new Error(`compiler thread: ${a.reply.error}`);
      return a.reply.result;
    },
    close: () => thread.close(),
  };
}
