/** Worker-thread entry: runs the sandbox self-check and reports its outcome (see self-check-in-thread.ts). */
import { parentPort } from 'node:worker_threads';
import { checkSandboxStarts } from './self-check';

checkSandboxStarts().then(
  () => parentPort!.postMessage({ ok: true }),
  (e: unknown) => parentPort!.postMessage({ ok: false, message: e instanceof Error ? e.message : String(e) }),
);
