/** BACKUP_EVERY / BACKUP_KEEP: rotating backups written by the running server. */
import { ConfigError } from '../platform/config';
import { parseInterval, rotatingBackup } from './backup';
import type { Db } from './db';

export interface BackupSchedule {
  everyMs: number;
  keep: number;
}

/** null when BACKUP_EVERY is unset; a malformed value stops start-up with a sentence. */
export function backupSchedule(env: NodeJS.ProcessEnv = process.env): BackupSchedule | null {
  const every = env.BACKUP_EVERY?.trim();
  if (!every) return null;
  const everyMs = parseInterval(every);
  if (everyMs === null) throw new ConfigError(`BACKUP_EVERY must be a number and a unit (s, m, h or d), e.g. 6h, got "${every.slice(0, 40)}"`);
  const keepRaw = env.BACKUP_KEEP?.trim() || '7';
  if (!/^\d{1,4}$/.test(keepRaw) || Number(keepRaw) < 1) throw new ConfigError(`BACKUP_KEEP must be an integer from 1 to 9999, got "${keepRaw.slice(0, 40)}"`);
  return { everyMs, keep: Number(keepRaw) };
}

/** Writes a backup every `everyMs`, one at a time; returns a function that stops it. */
export function startRotatingBackups(db: Db, dataDir: string, s: BackupSchedule, log: (line: string) => void, warn: (line: string) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    rotatingBackup(db, dataDir, s.keep)
      .then(({ file, removed }) => log(`backup written to ${file}${removed.length ? ` (${removed.length} older one(s) removed)` : ''}`))
      .catch((e: unknown) => warn(`the rotating backup failed: ${(e as Error).message}`))
      .finally(() => {
        running = false;
      });
  }, s.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
