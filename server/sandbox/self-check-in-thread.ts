import { startTsWorker } from '../platform/ts-worker';

/**
 * The sandbox self-check (self-check.ts) run in a short-lived worker thread: building the sandbox's
 * sources takes the TypeScript compiler, which the HTTP thread never loads. Rejects with the same
 * error as the check itself.
 */
export function checkSandboxStartsInThread(): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = startTsWorker(new URL('./self-check-thread.ts', import.meta.url));
    let settled = false;
    worker.once('message', (m: { ok: boolean; message?: string }) => {
      settled = true;
      void worker.terminate();
      if (m.ok) resolve();
      else reject(new Error(m.message));
    });
    worker.once('error', (e) => {
      settled = true;
      reject(e);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the sandbox self-check thread stopped (exit code ${code})`));
    });
  });
}
