/**
 * Accounts, browser sessions and API tokens (accounts mode). Tokens are 256 random bits handed to
 * the client once; the database keeps only their SHA-256, so a copy of it opens no session.
 */
import { createHash, randomBytes } from 'node:crypto';
import { prepared, type Db } from './db';
import { hashPassword } from './passwords';
import { JOB_KINDS } from '../queue/kinds/registry';

export type Role = 'teacher' | 'student';

export interface Account {
  id: number;
  name: string;
  role: Role;
  createdAt: number;
  removedAt: number | null;
}

/** 1 to 32 letters, digits, "_", "." or "-": safe in URLs, file names and CSV. */
export const NAME_PATTERN = /^[A-Za-z0-9_.-]{1,32}$/;
export const MIN_PASSWORD_LENGTH = 8;
/** Long enough for a passphrase, short enough that hashing it costs nothing extra. */
export const MAX_PASSWORD_LENGTH = 1024;
export const SESSION_MS = 30 * 24 * 3600 * 1000;

const COLUMNS = 'id, name, role, created_at AS createdAt, removed_at AS removedAt';

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Inserts an account; null when the name is taken (names compare without case). */
export async function createAccount(db: Db, name: string, password: string, role: Role): Promise<number | null> {
  const hash = await hashPassword(password);
  const row = prepared(db, 'INSERT INTO accounts (name, role, password_hash, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (name) DO NOTHING RETURNING id').get(
    name,
    role,
    hash,
    Date.now(),
  ) as { id: number } | undefined;
  if (row && role === 'teacher') adoptLocalWork(db);
  return row?.id ?? null;
}

export function findAccount(db: Db, name: string): (Account & { passwordHash: string }) | undefined {
  return prepared(db, `SELECT ${COLUMNS}, password_hash AS passwordHash FROM accounts WHERE name = ?`).get(name) as (Account & { passwordHash: string }) | undefined;
}

export function listAccounts(db: Db): Account[] {
  return prepared(db, `SELECT ${COLUMNS} FROM accounts ORDER BY role DESC, name`).all() as Account[];
}

export function countTeachers(db: Db): number {
  return (prepared(db, "SELECT COUNT(*) AS n FROM accounts WHERE role = 'teacher' AND removed_at IS NULL").get() as { n: number }).n;
}

/** New password; every session and token of the account ends. False when there is no such account. */
export async function resetPassword(db: Db, name: string, password: string): Promise<boolean> {
  const hash = await hashPassword(password);
  return db.transaction(() => {
    const row = prepared(db, 'UPDATE accounts SET password_hash = ? WHERE name = ? AND removed_at IS NULL RETURNING id').get(hash, name) as { id: number } | undefined;
    if (row) prepared(db, 'DELETE FROM tokens WHERE account = ?').run(row.id);
    return row !== undefined;
  })();
}

/** Closes an account: it can no longer log in, its sessions end, its work stays (shown as from a removed account). */
export function removeAccount(db: Db, name: string): boolean {
  return db.transaction(() => {
    const row = prepared(db, 'UPDATE accounts SET removed_at = ? WHERE name = ? AND removed_at IS NULL RETURNING id').get(Date.now(), name) as { id: number } | undefined;
    if (row) prepared(db, 'DELETE FROM tokens WHERE account = ?').run(row.id);
    return row !== undefined;
  })();
}

/**
 * Work done in local mode (no owner) becomes the first teacher's when accounts are switched on:
 * nothing is lost, and students do not inherit it.
 */
export function adoptLocalWork(db: Db): number {
  const teacher = prepared(db, "SELECT id FROM accounts WHERE role = 'teacher' AND removed_at IS NULL ORDER BY id LIMIT 1").get() as { id: number } | undefined;
  if (!teacher) return 0;
  let changed = 0;
  db.transaction(() => {
    // Every job kind's table, from the registry (sample runs were once missed by a hand-kept list).
    for (const { table } of Object.values(JOB_KINDS)) {
      changed += db.prepare(`UPDATE ${table} SET owner = ? WHERE owner IS NULL`).run(teacher.id).changes;
    }
    // User tests saved in local mode stay shared: they ran for every submission before too.
  })();
  return changed;
}

/** A session (30 days) or an API token (until revoked); returns the token, shown this once. */
export function issueToken(db: Db, account: number, kind: 'session' | 'api', label = ''): { token: string; id: string } {
  const token = newToken();
  const hash = tokenHash(token);
  prepared(db, 'INSERT INTO tokens (hash, account, kind, label, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)').run(
    hash,
    account,
    kind,
    label,
    Date.now(),
    kind === 'session' ? Date.now() + SESSION_MS : null,
  );
  return { token, id: hash.slice(0, 16) };
}

/** The live account a token belongs to, with its kind; undefined when unknown, expired or removed. */
export function accountForToken(db: Db, token: string): (Account & { kind: 'session' | 'api' }) | undefined {
  return prepared(
    db,
    `SELECT a.id, a.name, a.role, a.created_at AS createdAt, a.removed_at AS removedAt, t.kind
     FROM tokens t JOIN accounts a ON a.id = t.account
     WHERE t.hash = ? AND a.removed_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > ?)`,
  ).get(tokenHash(token), Date.now()) as (Account & { kind: 'session' | 'api' }) | undefined;
}

export function revokeToken(db: Db, token: string): void {
  prepared(db, 'DELETE FROM tokens WHERE hash = ?').run(tokenHash(token));
}

export interface ApiToken {
  /** The first 16 hex digits of the token's hash: names it without revealing it. */
  id: string;
  label: string;
  createdAt: number;
}

export function listApiTokens(db: Db, account: number): ApiToken[] {
  return prepared(db, "SELECT substr(hash, 1, 16) AS id, label, created_at AS createdAt FROM tokens WHERE account = ? AND kind = 'api' ORDER BY created_at").all(account) as ApiToken[];
}

export function revokeApiToken(db: Db, account: number, id: string): boolean {
  if (!/^[0-9a-f]{16}$/.test(id)) return false;
  return prepared(db, "DELETE FROM tokens WHERE account = ? AND kind = 'api' AND substr(hash, 1, 16) = ?").run(account, id).changes > 0;
}

/** Drops expired sessions (run now and then; an expired one is refused anyway). */
export function expireSessions(db: Db): void {
  prepared(db, 'DELETE FROM tokens WHERE expires_at IS NOT NULL AND expires_at <= ?').run(Date.now());
}

/** An author's name as lists show it, "(removed account)" after a removed one's; null for none. */
export function authorName(db: Db, owner: number | null): string | null {
  if (owner === null) return null;
  const row = prepared(db, 'SELECT name, removed_at AS removedAt FROM accounts WHERE id = ?').get(owner) as { name: string; removedAt: number | null } | undefined;
  return row ? `${row.name}${row.removedAt === null ? '' : ' (removed account)'}` : null;
}
