/** The highlighting thread: highlight.js is super-linear on some sources, so it never runs on the HTTP thread. */
import { parentPort } from 'node:worker_threads';
import { THREAD_READY, type ThreadEnvelope } from '../platform/request-thread';
import { highlightTypeScript } from './highlight';

const port = parentPort!;
port.on('message', ({ rid, body }: ThreadEnvelope<string>) => {
  port.postMessage({ rid, body: highlightTypeScript(body) } satisfies ThreadEnvelope<string>);
});
port.postMessage(THREAD_READY);
