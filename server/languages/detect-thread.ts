/**
 * Language detection in a short-lived worker thread (detect-in-thread.ts): it waits on compilers
 * and sandboxed runs for seconds, and the HTTP thread never does such work. Once the result is
 * sent, the precompiled headers are built here too, so the first C++ submission does not wait for
 * one (a compile meanwhile goes without: pch.ts).
 */
import { parentPort } from 'node:worker_threads';
import { detectLanguages } from './detect';
import { ensurePch } from './pch';

const port = parentPort!;
try {
  const detected = await detectLanguages();
  port.postMessage({ ok: true, detected });
  for (const d of Object.values(detected)) if (d?.ok) await ensurePch(d.toolchain);
} catch (e) {
  port.postMessage({ ok: false, message: e instanceof Error ? e.message : String(e) });
}
port.postMessage({ done: true });
