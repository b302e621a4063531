/**
 * The statement thread: marked and KaTeX recurse once per level of nesting and are super-linear on
 * some inputs, so statements are rendered here, never on the HTTP thread (statement-renderer.ts).
 * A statement over the bounds is not rendered; a throw (a stack overflow past them) is answered
 * as a failure instead of ending the thread.
 */
import { parentPort } from 'node:worker_threads';
import { THREAD_READY, type ThreadEnvelope } from '../platform/request-thread';
import { renderStatement } from './markdown';
import { statementFault } from './statement-bounds';
import { said } from '../text/messages';
import type { StatementReply, StatementRequest } from './statement-renderer';

function answer(body: StatementRequest): StatementReply {
  const fault = statementFault(body.source, body.lang);
  if (fault) return { ok: false, said: fault };
  try {
    return { ok: true, html: renderStatement(body.source, { untrusted: body.untrusted }) };
  } catch (e) {
    const why = e instanceof RangeError ? 'it nests too deeply for the renderer' : (e instanceof Error ? e.message : String(e)).split('\n')[0]!.slice(0, 200);
    return { ok: false, said: said('statement.failed', body.lang, why) };
  }
}

const port = parentPort!;
port.on('message', ({ rid, body }: ThreadEnvelope<StatementRequest>) => {
  port.postMessage({ rid, body: answer(body) } satisfies ThreadEnvelope<StatementReply>);
});
port.postMessage(THREAD_READY);
