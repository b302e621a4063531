import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One judge server per data directory: a second one would put the first one's submissions back
 * in the queue at start-up and judge them twice. `judge.pid` names the owner; a file left by a
 * killed server (its process gone) is taken over.
 */
export class DataDirBusyError extends Error {}

export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'judge.pid');
  for (let tries = 0; tries < 2; tries++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      const release = (): void => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
        } catch {
          // Already gone.
        }
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirBusyError(`another judge server (pid ${owner}) is using ${dataDir}; stop it or set DATA_DIR`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}

/** The pid of the judge server running on this data directory, or null when none is. */
export function dataDirOwner(dataDir: string): number | null {
  let owner: number;
  try {
    owner = Number(readFileSync(join(dataDir, 'judge.pid'), 'utf8').trim());
  } catch {
    return null;
  }
  return Number.isInteger(owner) && owner > 0 && isAlive(owner) ? owner : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
