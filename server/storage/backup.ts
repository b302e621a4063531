/**
 * Backups with SQLite's online backup API: a consistent copy of the database while the judge
 * keeps writing (page by page, restarting when a writer changes a copied page), never a file copy
 * that could catch a half-written transaction. Restores check the file before it replaces anything.
 */
import Database from 'better-sqlite3';
import { chmodSync, closeSync, copyFileSync, existsSync, mkdirSync, openSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startTsWorker } from '../platform/ts-worker';
import { dataDirOwner } from './data-lock';
import { schemaVersion, type Db } from './db';
import { checkBackupFile as checkFile } from './restore-check';

export interface BackupSummary {
  submissions: number;
  accounts: number;
  sets: number;
  schemaVersion: number;
}

export interface WrittenBackup extends BackupSummary {
  /** Generated tests left out (the packages rebuild them when a restored judge starts). */
  generatedTestsLeftOut: number;
}

export class RestoreRefused extends Error {}

/** An empty file only its owner may read, for SQLite to fill (it keeps an existing file's mode). */
function privateFile(file: string): void {
  closeSync(openSync(file, 'w', 0o600));
  if (process.platform !== 'win32') chmodSync(file, 0o600);
}

/** Leaves out derived data and compacts the copy, in a worker thread (see backup-trim-thread.ts). */
function trimInThread(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = startTsWorker(new URL('./backup-trim-thread.ts', import.meta.url), { workerData: file });
    let answered = false;
    worker.once('message', (m: { ok: boolean; removed?: number; error?: string }) => {
      answered = true;
      if (m.ok) resolve(m.removed!);
      else reject(new Error(m.error));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the backup thread stopped (exit code ${code})`));
    });
  });
}

/**
 * A backup of the live database in `file` (0600): SQLite's online backup into `file.partial`, then
 * without the problems' generated tests (rebuilt from the packages after a restore), compacted,
 * as one file with no -wal or -shm beside it, renamed into place when complete.
 */
export async function backupDatabase(db: Db, file: string): Promise<WrittenBackup> {
  const generatedTestsLeftOut = await writeBackup(db, file, () => {});
  return { ...summarize(file), generatedTestsLeftOut };
}

/** Writes `file.partial`, trims it, calls `beforeRename` (rotation makes room), renames it to `file`. */
async function writeBackup(db: Db, file: string, beforeRename: () => void): Promise<number> {
  const partial = `${file}.partial`;
  try {
    privateFile(partial);
    await db.backup(partial);
    const left = await trimInThread(partial);
    beforeRename();
    renameSync(partial, file);
    return left;
  } finally {
    for (const f of [partial, `${partial}-wal`, `${partial}-shm`, `${partial}-journal`]) rmSync(f, { force: true });
  }
}

/** What a database file holds; a file that is not a judge database throws. */
export function summarize(file: string): BackupSummary {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const count = (table: string): number => {
      const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table);
      return exists ? (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n : 0;
    };
    return { submissions: count('submissions'), accounts: count('accounts'), sets: count('problem_sets'), schemaVersion: schemaVersion(db) };
  } finally {
    db.close();
  }
}

/** Why a file cannot be restored, as a sentence; null when it is a sound judge database (restore-check.ts). */
export function checkBackupFile(file: string): string | null {
  return checkFile(file, existsSync);
}

/** Work a restore would lose: rows of the replaced database the backup does not have, by kind. */
const LOSABLE: [table: string, where: string, what: string][] = [
  ['submissions', '', 'submission(s)'],
  ['accounts', '', 'account(s)'],
  ['problem_sets', '', 'homework set(s)'],
  ['stress_runs', '', 'stress run(s)'],
  ['invocations', '', 'custom invocation(s)'],
  ['sample_runs', '', 'sample run(s)'],
  ['lab_jobs', '', 'lab job(s)'],
  ['tests', "WHERE kind = 'user'", 'saved test(s)'],
];

/** "3 submission(s), 1 account(s)": what `replaced` holds that `backup` lacks (by row id); '' for nothing. */
export function lostAgainst(replaced: string, backup: string): string {
  const a = new Database(replaced, { readonly: true, fileMustExist: true });
  const b = new Database(backup, { readonly: true, fileMustExist: true });
  try {
    const ids = (db: Database.Database, table: string, where: string): number[] =>
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table)
        ? (db.prepare(`SELECT id FROM ${table} ${where}`).pluck().all() as number[])
        : [];
    const parts: string[] = [];
    for (const [table, where, what] of LOSABLE) {
      const kept = new Set(ids(b, table, where));
      const lost = ids(a, table, where).filter((id) => !kept.has(id)).length;
      if (lost) parts.push(`${lost} ${what}`);
    }
    return parts.join(', ');
  } finally {
    a.close();
    b.close();
  }
}

/**
 * Replaces the data directory's database with a backup, keeping the old one beside it
 * (`judge.db.before-restore-<time>`). Refused while a judge runs on the directory. `lost` names what
 * the replaced database held that the backup lacks ('' for nothing, null when there was none).
 */
export function restoreDatabase(dataDir: string, dbPath: string, file: string): { keptAs: string | null; summary: BackupSummary; lost: string | null; rebuilds: boolean } {
  const owner = dataDirOwner(dataDir);
  if (owner !== null) throw new RestoreRefused(`a judge server (pid ${owner}) is running on ${dataDir}; stop it before restoring`);
  const problem = checkBackupFile(file);
  if (problem) throw new RestoreRefused(problem);
  let keptAs: string | null = null;
  let lost: string | null = null;
  if (existsSync(dbPath)) {
    // Fold the old database's WAL into it first, so the kept copy is one complete file.
    const old = new Database(dbPath);
    old.pragma('wal_checkpoint(TRUNCATE)');
    old.close();
    lost = lostAgainst(dbPath, file);
    keptAs = `${dbPath}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dbPath, keptAs);
  }
  for (const suffix of ['-wal', '-shm']) rmSync(dbPath + suffix, { force: true });
  privateFile(dbPath);
  copyFileSync(file, dbPath);
  // The copy takes the backup's mode; an old backup may have been world-readable.
  if (process.platform !== 'win32') chmodSync(dbPath, 0o600);
  const check = new Database(dbPath, { readonly: true });
  const rebuilds = check.prepare("SELECT 1 FROM problems WHERE content_hash = 'rebuild-after-restore' LIMIT 1").get() !== undefined;
  check.close();
  return { keptAs, summary: summarize(dbPath), lost, rebuilds };
}

/**
 * A rotating backup into DATA_DIR/backups/ (0700), keeping the newest `keep`. It is written under a
 * `.partial` name and renamed when complete, so every `judge-*.db` there is a whole backup and there
 * are never more than `keep` of them.
 */
export async function rotatingBackup(db: Db, dataDir: string, keep: number, now = new Date()): Promise<{ file: string; removed: string[] }> {
  const dir = join(dataDir, 'backups');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Leftovers of a backup interrupted by a crash.
  for (const f of readdirSync(dir).filter((f) => /\.db\.partial(-wal|-shm|-journal)?$/.test(f))) rmSync(join(dir, f), { force: true });
  const file = join(dir, `judge-${now.toISOString().replace(/[:.]/g, '-')}.db`);
  const removed: string[] = [];
  await writeBackup(db, file, () => {
    const all = readdirSync(dir).filter((f) => /^judge-.*\.db$/.test(f)).sort();
    removed.push(...all.slice(0, Math.max(0, all.length + 1 - keep)).map((f) => join(dir, f)));
    for (const f of removed) rmSync(f, { force: true });
  });
  return { file, removed };
}

/** "6h", "30m", "1d", "45s" in milliseconds; null when malformed. */
export function parseInterval(raw: string): number | null {
  const m = /^(\d{1,6})\s*(s|m|h|d)$/.exec(raw.trim());
  if (!m) return null;
  const ms = Number(m[1]) * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 's' | 'm' | 'h' | 'd'];
  return ms >= 1000 ? ms : null;
}
