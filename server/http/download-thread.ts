/**
 * The download thread: reads a stored failure text (a failing test's input, expected output, the
 * program's output …) one slice at a time from its own read-only connection, so the HTTP thread
 * neither reads a 15 MiB value nor encodes it; it only writes the slices to the socket as the
 * client takes them (text-downloads.ts). better-sqlite3 has no incremental blob reads: each slice is
 * `substr` over the value as bytes, so slices are large (SLICE_BYTES) to keep the re-reads few.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { THREAD_READY, type ThreadEnvelope } from '../platform/request-thread';
import { openDatabase } from '../storage/db';
import type { SliceReply, SliceRequest } from './text-downloads';

const db = openDatabase((workerData as { dbPath: string }).dbPath, { readonly: true });
const slice = db.prepare('SELECT substr(CAST(content AS BLOB), ?, ?) AS bytes FROM failure_texts WHERE submission_id = ? AND kind = ?');

const port = parentPort!;
port.on('message', ({ rid, body }: ThreadEnvelope<SliceRequest>) => {
  const row = slice.get(body.offset + 1, body.length, body.submission, body.kind) as { bytes: Buffer | null } | undefined;
  if (!row) return port.postMessage({ rid, body: { found: false } } satisfies ThreadEnvelope<SliceReply>);
  // Copied here into an ArrayBuffer of its own and moved, not copied again, to the HTTP thread.
  const bytes = new Uint8Array(row.bytes ?? new Uint8Array(0));
  port.postMessage({ rid, body: { found: true, bytes } } satisfies ThreadEnvelope<SliceReply>, [bytes.buffer]);
});
port.postMessage(THREAD_READY);
