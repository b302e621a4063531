import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS, type Migration } from './migrations';

export type Db = Database.Database;

export interface OpenOptions {
  readonly?: boolean;
  /** Runs missing migrations (only the process that owns the database should). */
  migrate?: boolean;
  /**
   * false: this connection never checkpoints the WAL on commit. The HTTP thread's connection uses
   * it so a page never waits for a checkpoint's fsync; the judge threads checkpoint instead.
   */
  autoCheckpoint?: boolean;
  log?: (line: string) => void;
}

/**
 * Opens the judge database with the settings every connection needs: WAL so pages read while the
 * judge writes, foreign keys on, and a busy timeout so the judge threads' connections wait for
 * each other instead of failing.
 */
export function openDatabase(path: string, options: OpenOptions = {}): Db {
  if (!options.readonly) ownerOnly(path);
  const db = new Database(path, { readonly: options.readonly ?? false });
  db.pragma('busy_timeout = 10000');
  db.pragma('foreign_keys = ON');
  if (!options.readonly) {
    db.pragma('journal_mode = WAL');
    // In WAL mode NORMAL loses nothing when the process dies (only on power loss), and spares
    // the HTTP thread an fsync per progress update.
    db.pragma('synchronous = NORMAL');
    if (options.autoCheckpoint === false) db.pragma('wal_autocheckpoint = 0');
  }
  if (options.migrate) migrate(db, MIGRATIONS, options.log);
  return db;
}

/**
 * The database holds password hashes and everyone's code: its directory is made 0700 and the file
 * 0600 (SQLite gives its -wal and -shm files the database's mode). An existing file is narrowed too.
 */
export function ownerOnly(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  else if (process.platform !== 'win32') {
    try {
      chmodSync(path, 0o600);
    } catch {
      // Not ours to change (another user's file opened with their permission): leave it.
    }
  }
}

/** Copies what it can of the WAL into the database without waiting for readers or writers. */
export function checkpoint(db: Db): void {
  db.pragma('wal_checkpoint(PASSIVE)');
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Runs the migrations newer than the database, each in a transaction with its version bump. */
export function migrate(db: Db, migrations: readonly Migration[], log: (line: string) => void = () => {}): void {
  const current = schemaVersion(db);
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(`the database has schema version ${current}, newer than this judge knows (${latest})`);
  }
  for (const m of migrations) {
    if (m.version <= current) continue;
    // Rebuilding a table others reference (SQLite's 12-step procedure): foreign keys off around the
    // transaction (it cannot change inside one), and checked before it commits.
    if (m.foreignKeysOff) db.pragma('foreign_keys = OFF');
    try {
      db.transaction(() => {
        // Rows that broke a reference before (a worker's mirrored rows) are not this migration's doing.
        const broken = (): number => (m.foreignKeysOff ? (db.pragma('foreign_key_check') as unknown[]).length : 0);
        const brokenBefore = broken();
        db.exec(m.sql);
        m.run?.(db);
        if (broken() > brokenBefore) throw new Error(`migration ${m.version} (${m.name}) broke a foreign key`);
        db.pragma(`user_version = ${m.version}`);
      }).immediate();
    } finally {
      if (m.foreignKeysOff) db.pragma('foreign_keys = ON');
    }
    log(`migrated the database to schema version ${m.version} (${m.name})`);
  }
}

const statements = new WeakMap<Db, Map<string, Database.Statement>>();

/** A prepared statement, compiled once per connection: pages run the same few queries all day. */
export function prepared(db: Db, sql: string): Database.Statement {
  let byText = statements.get(db);
  if (!byText) statements.set(db, (byText = new Map()));
  let stmt = byText.get(sql);
  if (!stmt) byText.set(sql, (stmt = db.prepare(sql)));
  return stmt;
}
