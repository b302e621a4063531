/**
 * Backups with SQLite's online backup API: a consistent copy of the database while the judge
 * keeps writing (page by page, restarting when a writer changes a copied page), never a file copy
 * that could catch a half-written transaction. Restores check the file before it replaces anything.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDirOwner } from './data-lock';
import { schemaVersion, type Db } from './db';
import { MIGRATIONS } from './migrations';

export interface BackupSummary {
  submissions: number;
  accounts: number;
  sets: number;
  schemaVersion: number;
}

export class RestoreRefused extends Error {}

export async function backupDatabase(db: Db, file: string): Promise<BackupSummary> {
  await db.backup(file);
  return summarize(file);
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

/** Why a file cannot be restored, as a sentence; null when it is a sound judge database. */
export function checkBackupFile(file: string): string | null {
  if (!existsSync(file)) return `${file} does not exist`;
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const integrity = db.pragma('integrity_check') as { integrity_check: string }[];
    if (integrity.length !== 1 || integrity[0]!.integrity_check !== 'ok') {
      return `${file} is damaged: SQLite's integrity check says "${integrity.map((r) => r.integrity_check).join('; ').slice(0, 300)}"`;
    }
    const version = schemaVersion(db);
    const latest = MIGRATIONS.at(-1)!.version;
    if (version < 1) return `${file} is an SQLite database but not a judge's (it has no schema version)`;
    if (version > latest) return `${file} has schema version ${version}, newer than this judge knows (${latest})`;
    if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'submissions'").get()) return `${file} is not a judge database (it has no submissions table)`;
    return null;
  } catch (e) {
    return `${file} is not a readable SQLite database (${(e as Error).message})`;
  } finally {
    db?.close();
  }
}

/**
 * Replaces the data directory's database with a backup, keeping the old one beside it
 * (`judge.db.before-restore-<time>`). Refused while a judge runs on the directory.
 */
export function restoreDatabase(dataDir: string, dbPath: string, file: string): { keptAs: string | null; summary: BackupSummary } {
  const owner = dataDirOwner(dataDir);
  if (owner !== null) throw new RestoreRefused(`a judge server (pid ${owner}) is running on ${dataDir}; stop it before restoring`);
  const problem = checkBackupFile(file);
  if (problem) throw new RestoreRefused(problem);
  let keptAs: string | null = null;
  if (existsSync(dbPath)) {
    // Fold the old database's WAL into it first, so the kept copy is one complete file.
    const old = new Database(dbPath);
    old.pragma('wal_checkpoint(TRUNCATE)');
    old.close();
    keptAs = `${dbPath}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dbPath, keptAs);
  }
  for (const suffix of ['-wal', '-shm']) rmSync(dbPath + suffix, { force: true });
  copyFileSync(file, dbPath);
  return { keptAs, summary: summarize(dbPath) };
}

/**
 * A rotating backup into DATA_DIR/backups/, keeping the newest `keep`. It is written under a
 * `.partial` name and renamed when complete, so every `judge-*.db` there is a whole backup and there
 * are never more than `keep` of them.
 */
export async function rotatingBackup(db: Db, dataDir: string, keep: number, now = new Date()): Promise<{ file: string; removed: string[] }> {
  const dir = join(dataDir, 'backups');
  mkdirSync(dir, { recursive: true });
  // Leftovers of a backup interrupted by a crash.
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.db.partial'))) rmSync(join(dir, f), { force: true });
  const file = join(dir, `judge-${now.toISOString().replace(/[:.]/g, '-')}.db`);
  await db.backup(`${file}.partial`);
  const all = readdirSync(dir).filter((f) => /^judge-.*\.db$/.test(f)).sort();
  const removed = all.slice(0, Math.max(0, all.length + 1 - keep)).map((f) => join(dir, f));
  for (const f of removed) rmSync(f, { force: true });
  renameSync(`${file}.partial`, file);
  return { file, removed };
}

/** "6h", "30m", "1d", "45s" in milliseconds; null when malformed. */
export function parseInterval(raw: string): number | null {
  const m = /^(\d{1,6})\s*(s|m|h|d)$/.exec(raw.trim());
  if (!m) return null;
  const ms = Number(m[1]) * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 's' | 'm' | 'h' | 'd'];
  return ms >= 1000 ? ms : null;
}
