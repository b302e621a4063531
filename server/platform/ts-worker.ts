import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread whose entry is a TypeScript file. tsx's loader hooks, registered in the
 * main thread by `tsx server/main.ts`, do not reach worker threads on Node 20 (a `.ts` entry fails
 * with ERR_UNKNOWN_FILE_EXTENSION, with or without `--import tsx` in execArgv), so the thread first
 * registers tsx through its documented ESM API and then imports the entry.
 */
export function startTsWorker(entry: URL, options: WorkerOptions = {}): Worker {
  // vitest's module runner has no import.meta.resolve: Node's require resolution finds the same package there.
  const api = typeof import.meta.resolve === 'function' ? import.meta.resolve('tsx/esm/api') : pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href;
  const boot = `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(boot, { ...options, eval: true });
}
