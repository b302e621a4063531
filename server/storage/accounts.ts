/**
 * Accounts, browser sessions and API tokens (accounts mode). Tokens are 256 random bits handed to
 * the client once; the database keeps only their SHA-256, so a copy of it opens no session.
 */
import { createHash, randomBytes } from 'node:crypto';
import { prepared, type Db } from './db';
import { hashPassword } from './passwords';

export type Role = 'teacher' | 'student';

export interface Account {
  id: number;
  name: string;
  /** Shown to people (any script); `name` stays the ASCII login. */
  displayName: string;
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

const COLUMNS = 'id, name, display_name AS displayName, role, created_at AS createdAt, removed_at AS removedAt';

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Inserts an account; null when the name is taken (names compare without case) or, with
 * `distinct`, when an existing name reads the same (see canonicalName): checked in the insert
 * itself, so two registrations racing for "tess." and "tess_" cannot both win. The display name
 * defaults to the login.
 */
export async function createAccount(
  db: Db,
  name: string,
  password: string,
  role: Role,
  options: { distinct?: boolean; hash?: (password: string) => Promise<string>; displayName?: string } = {},
): Promise<number | null> {
  const hash = await (options.hash ?? hashPassword)(password);
  const row = prepared(
    db,
    `INSERT INTO accounts (name, display_name, role, password_hash, created_at) SELECT @name, @displayName, @role, @hash, @now
     WHERE @distinct = 0 OR NOT EXISTS (SELECT 1 FROM accounts WHERE ${CANONICAL_SQL} = @canonical)
     ON CONFLICT (name) DO NOTHING RETURNING id`,
  ).get({ name, displayName: options.displayName ?? name, role, hash, now: Date.now(), distinct: options.distinct ? 1 : 0, canonical: canonicalName(name) }) as { id: number } | undefined;
  return row?.id ?? null;
}

export type StoredAccount = Account & { passwordHash: string; generation: number };

export function findAccount(db: Db, name: string): StoredAccount | undefined {
  return prepared(db, `SELECT ${COLUMNS}, password_hash AS passwordHash, credential_generation AS generation FROM accounts WHERE name = ?`).get(name) as
    | StoredAccount
    | undefined;
}

/**
 * A name reduced to what a reader sees: lower case without ".", "_" and "-", so "Tess.", "t_ess"
 * and "TESS" all read as "tess".
 */
export function canonicalName(name: string): string {
  return name.toLowerCase().replace(/[._-]/g, '');
}

/** Words a student's name may not be (nor be followed by digits): they would pass for a role. */
const ROLE_WORDS = ['teacher', 'admin', 'administrator', 'root', 'sysadmin', 'superuser', 'staff', 'judge', 'system', 'moderator', 'instructor', 'tutor', 'professor', 'owner'];

/** Why a name may not be self-registered (a role, or an existing account's look-alike); null when it may. */
export function nameRefusal(db: Db, name: string): string | null {
  const canonical = canonicalName(name);
  if (canonical === '' || ROLE_WORDS.some((w) => new RegExp(`^${w}\\d*$`).test(canonical))) return `The name "${name}" looks like a role; choose another.`;
  const twin = prepared(db, `SELECT name FROM accounts WHERE ${CANONICAL_SQL} = ? LIMIT 1`).get(canonical) as { name: string } | undefined;
  if (twin) return twin.name.toLowerCase() === name.toLowerCase() ? `The name "${name}" is taken; choose another.` : `The name "${name}" is too close to an existing name; choose another.`;
  return null;
}

const CANONICAL_SQL = "replace(replace(replace(lower(name), '.', ''), '_', ''), '-', '')";

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
    const row = prepared(db, 'UPDATE accounts SET password_hash = ?, credential_generation = credential_generation + 1 WHERE name = ? AND removed_at IS NULL RETURNING id').get(hash, name) as { id: number } | undefined;
    if (row) prepared(db, 'DELETE FROM tokens WHERE account = ?').run(row.id);
    return row !== undefined;
  })();
}

/** Closes an account: it can no longer log in, its sessions end, its work stays (shown as from a removed account). */
export function removeAccount(db: Db, name: string): boolean {
  return db.transaction(() => {
    const row = prepared(db, 'UPDATE accounts SET removed_at = ?, credential_generation = credential_generation + 1 WHERE name = ? AND removed_at IS NULL RETURNING id').get(Date.now(), name) as { id: number } | undefined;
    if (row) prepared(db, 'DELETE FROM tokens WHERE account = ?').run(row.id);
    return row !== undefined;
  })();
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

/**
 * A session for a login that checked the password of credential generation `generation`; null when
 * a reset or removal has happened since (the login began with a password that no longer holds).
 */
export function issueSessionIfCurrent(db: Db, account: number, generation: number): { token: string; id: string } | null {
  const token = newToken();
  const hash = tokenHash(token);
  const now = Date.now();
  const row = prepared(
    db,
    `INSERT INTO tokens (hash, account, kind, label, created_at, expires_at)
     SELECT ?, id, 'session', '', ?, ? FROM accounts WHERE id = ? AND credential_generation = ? AND removed_at IS NULL RETURNING hash`,
  ).get(hash, now, now + SESSION_MS, account, generation);
  return row ? { token, id: hash.slice(0, 16) } : null;
}

/** The live account a token belongs to, with its kind; undefined when unknown, expired or removed. */
export function accountForToken(db: Db, token: string): (Account & { kind: 'session' | 'api' }) | undefined {
  return prepared(
    db,
    `SELECT a.id, a.name, a.display_name AS displayName, a.role, a.created_at AS createdAt, a.removed_at AS removedAt, t.kind
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

