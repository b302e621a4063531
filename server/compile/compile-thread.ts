/**
 * A compiler in a thread of its own, so a source the TypeScript compiler is slow on can be
 * stopped (the thread is terminated) without stopping the judge thread that asked. It compiles a
 * warm-up program before saying it is ready: parsing the declaration files takes seconds, and a
 * submission's time limit must not pay for it.
 */
import { parentPort } from 'node:worker_threads';
import { THREAD_READY, type ThreadEnvelope, type ThreadId } from '../platform/request-thread';
import { ownThreadId } from '../platform/thread-cpu';
import { createCompiler } from './index';
import type { ScriptLanguage } from '../languages/types';
import type { CompileResult, Compiler } from './types';

export interface CompileRequest {
  source: string;
  language: ScriptLanguage;
}

let compiler: Compiler = createCompiler();

async function compile({ source, language }: CompileRequest): Promise<CompileResult> {
  try {
    return await compiler.compile(source, language);
  } catch (e) {
    // The parser and checker recurse on nesting: `(` × 1000 or `${` repeated overflow the stack.
    // That is the source's doing, a compilation error; the compiler is rebuilt in case it was
    // left half-way.
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      compiler = createCompiler();
      return { ok: false, diagnostics: '1:1 error: the source nests too deeply for the compiler (Maximum call stack size exceeded); flatten the deepest brackets or template strings' };
    }
    throw e;
  }
}

const port = parentPort!;
await compiler.compile('export const warm: number = 1;\n');
port.on('message', ({ rid, body }: ThreadEnvelope<CompileRequest>) => {
  void compile(body).then(
    (reply) => port.postMessage({ rid, body: { ok: true, result: reply } } satisfies ThreadEnvelope<CompileReply>),
    (e: unknown) => port.postMessage({ rid, body: { ok: false, error: e instanceof Error ? e.message : String(e) } } satisfies ThreadEnvelope<CompileReply>),
  );
});
port.postMessage({ tid: ownThreadId() } satisfies ThreadId);
port.postMessage(THREAD_READY);

export type CompileReply = { ok: true; result: CompileResult } | { ok: false; error: string };
