/**
 * Worker thread: leaves a fresh backup copy without what the problem packages rebuild (their
 * generated tests, highlighted sources), compacts it, and turns it into a single rollback-journal
 * file (no -wal or -shm beside it). A thread, because VACUUM of a big copy would hold the HTTP thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { trimBackupFile } from './backup-trim';

try {
  parentPort!.postMessage({ ok: true, removed: trimBackupFile(workerData as string) });
} catch (e) {
  parentPort!.postMessage({ ok: false, error: (e as Error).message });
}
