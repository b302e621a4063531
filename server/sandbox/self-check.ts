import { createSandbox } from './index';
import { DEFAULT_OUTPUT_LIMIT } from './types';

/**
 * Starts one sandbox process, runs a one-line program in it and stops it, so a machine where the
 * sandbox cannot start (an unknown Node flag, a missing permission, a broken layer) is reported
 * once at start-up, naming what failed, instead of by judge threads that fail every submission.
 */
export async function checkSandboxStarts(): Promise<void> {
  let sandbox;
  try {
    sandbox = await createSandbox();
  } catch (e) {
    throw new Error(`the sandbox process does not start on Node.js ${process.versions.node}: ${(e as Error).message}`);
  }
  try {
    await sandbox.load('console.log(6 * 7)', { timeMs: 2000, memoryMb: 64, outputBytes: DEFAULT_OUTPUT_LIMIT });
    const r = await sandbox.run('');
    if (r.status !== 'ok' || r.stdout !== '42\n') {
      throw new Error(`the sandbox started but a one-line program ended with ${r.status} (${r.message ?? 'no message'}), output ${JSON.stringify(r.stdout.slice(0, 80))}`);
    }
  } finally {
    await sandbox.close();
  }
}
