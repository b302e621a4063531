import { startTsWorker } from '../platform/ts-worker';
import type { Detected } from './toolchains';

/** Detection (detect.ts) in a worker thread of its own; rejects only on the judge's own failure. */
export function detectLanguagesInThread(): Promise<Detected> {
  return new Promise((resolve, reject) => {
    const worker = startTsWorker(new URL('./detect-thread.ts', import.meta.url));
    let settled = false;
    worker.on('message', (m: { ok: true; detected: Detected } | { ok: false; message: string } | { done: true }) => {
      // After the result, the thread builds the precompiled headers, then says it is done.
      if ('done' in m) {
        void worker.terminate();
        return;
      }
      settled = true;
      if (m.ok) resolve(m.detected);
      else reject(new Error(m.message));
    });
    worker.once('error', (e) => {
      settled = true;
      reject(e);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the language detection thread stopped (exit code ${code})`));
    });
  });
}
