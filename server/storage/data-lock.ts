import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One judge server per data directory: a second one would put the first one's submissions back
 * in the queue at start-up and judge them twice. `judge.pid` names the owner: its pid and, on
 * Linux, its start time (field 22 of /proc/PID/stat). A file left by a killed server is taken
 * over: when no process has that pid, when the process is a zombie (killed, not yet reaped by a
 * parent that never waits), or when the pid now belongs to a process started at another time (the
 * kernel reused it). Node has no flock(2) without a native module; the start time is what makes a
 * pid name one process.
 */
export class DataDirBusyError extends Error {}

export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'judge.pid');
  for (let tries = 0; tries < 2; tries++) {
    try {
      writeFileSync(file, `${[process.pid, startTime(process.pid)].filter((x) => x !== null).join(' ')}\n`, { flag: 'wx', mode: 0o600 });
      const release = (): void => {
        try {
          if (parseOwner(readFileSync(file, 'utf8'))?.pid === process.pid) rmSync(file);
        } catch {
          // Already gone.
        }
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = parseOwner(readFileSync(file, 'utf8'));
      if (owner && owner.pid !== process.pid && isAlive(owner)) {
        throw new DataDirBusyError(`another judge server (pid ${owner.pid}) is using ${dataDir}; stop it or set DATA_DIR`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}

/** The pid of the judge server running on this data directory, or null when none is. */
export function dataDirOwner(dataDir: string): number | null {
  let owner: Owner | null;
  try {
    owner = parseOwner(readFileSync(join(dataDir, 'judge.pid'), 'utf8'));
  } catch {
    return null;
  }
  return owner && isAlive(owner) ? owner.pid : null;
}

interface Owner {
  pid: number;
  /** Clock ticks after boot; absent in a file written without /proc (or by an older version). */
  started: string | null;
}

function parseOwner(text: string): Owner | null {
  const [pid, started] = text.trim().split(/\s+/);
  const n = Number(pid);
  return Number.isInteger(n) && n > 0 ? { pid: n, started: started || null } : null;
}

/** The process's state letter and start time from /proc, or null where there is no /proc. */
function procStat(pid: number): { state: string; started: string } | 'gone' | null {
  if (process.platform !== 'linux') return null;
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 'gone';
  }
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0]!, started: fields[19]! };
}

function startTime(pid: number): string | null {
  const stat = procStat(pid);
  return stat && stat !== 'gone' ? stat.started : null;
}

function isAlive(owner: Owner): boolean {
  const stat = procStat(owner.pid);
  if (stat === 'gone') return false;
  if (stat) {
    if (stat.state === 'Z' || stat.state === 'X') return false;
    if (owner.started !== null && stat.started !== owner.started) return false;
  }
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
