/** The highlighting thread: highlight.js is super-linear on some sources, so it never runs on the HTTP thread. */
import { parentPort } from 'node:worker_threads';
import { THREAD_READY, type ThreadEnvelope } from '../platform/request-thread';
import { highlightSource, type HighlightRequest } from './highlight';

const port = parentPort!;
port.on('message', ({ rid, body }: ThreadEnvelope<HighlightRequest>) => {
  port.postMessage({ rid, body: highlightSource(body.source, body.language) } satisfies ThreadEnvelope<string>);
});
port.postMessage(THREAD_READY);
