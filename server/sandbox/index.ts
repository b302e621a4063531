import { ProcessSandbox } from './process-sandbox';
import type { Sandbox } from './types';

export type { RunLimits, RunResult, RunStatus, Sandbox } from './types';
export { DEFAULT_OUTPUT_LIMIT } from './types';

/**
 * A warm sandbox: starts the sandbox process now (about 0.3 s) so the first submission does not
 * pay for it. Safe to call from worker threads; each call owns one sandbox process.
 */
export async function createSandbox(): Promise<Sandbox> {
  const sandbox = new ProcessSandbox();
  await sandbox.start();
  return sandbox;
}
