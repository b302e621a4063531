/**
 * People as a teacher manages them: display names, a class roster imported in one step, and
 * passwords changed or reset without the server's shell. Used by the web (`/class`, `/account`)
 * and by `npm run accounts -- import FILE.csv` alike, so both check lines by the same rules.
 */
import { randomInt } from 'node:crypto';
import { prepared, type Db } from './db';
import { findAccount, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, NAME_PATTERN } from './accounts';
import { hashPassword, verifyPassword } from './passwords';

export const MAX_DISPLAY_NAME = 64;
/** A class is tens of people; a file of thousands is a mistake (and thousands of scrypt hashes). */
export const MAX_ROSTER_LINES = 500;

/** The display name as stored, or a sentence saying what is wrong with it. */
export function checkDisplayName(raw: string): { ok: true; value: string } | { ok: false; error: string } {
  const value = raw.normalize('NFC').trim().replace(/\s+/g, ' ');
  const length = [...value].length;
  if (length < 1 || length > MAX_DISPLAY_NAME) return { ok: false, error: `A display name is 1 to ${MAX_DISPLAY_NAME} characters.` };
  // Control and format characters (bidirectional overrides included) would let a name disguise another.
  if (/[\p{Cc}\p{Cf}]/u.test(value)) return { ok: false, error: 'A display name has no control or invisible formatting characters.' };
  return { ok: true, value };
}

export function setDisplayName(db: Db, id: number, displayName: string): void {
  prepared(db, 'UPDATE accounts SET display_name = ? WHERE id = ?').run(displayName, id);
}

/** Lower-case letters and digits without look-alikes (0/o, 1/l/i), in three groups: "k7pq-m3xa-w9re". */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const group = (): string => Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${group()}-${group()}-${group()}`;
}

export interface RosterLine {
  line: number;
  name: string;
  displayName: string;
  /** Null: generate one. */
  password: string | null;
}

export interface RosterProblem {
  line: number;
  error: string;
}

/** One CSV record's fields (RFC 4180 quotes allowed; a tab separates when the line has no comma, as pasted from a spreadsheet). */
function fieldsOf(text: string): string[] {
  const sep = !text.includes(',') && text.includes('\t') ? '\t' : ',';
  const out: string[] = [];
  let i = 0;
  while (i <= text.length) {
    if (text[i] === '"') {
      let value = '';
      i++;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') (value += '"'), (i += 2);
        else if (text[i] === '"') break;
        else value += text[i++];
      }
      i++;
      const next = text.indexOf(sep, i);
      out.push(value + (next < 0 ? text.slice(i) : text.slice(i, next)));
      i = next < 0 ? text.length + 1 : next + 1;
    } else {
      const next = text.indexOf(sep, i);
      out.push(next < 0 ? text.slice(i) : text.slice(i, next));
      i = next < 0 ? text.length + 1 : next + 1;
    }
  }
  return out.map((f) => f.trim());
}

/**
 * Reads `login,display name[,password]` lines. Every line is checked (blank lines and a header
 * line starting with "login" are skipped) and every mistake reported with its line number, so a
 * teacher fixes the file once.
 */
export function parseRoster(db: Db, csv: string): { lines: RosterLine[]; problems: RosterProblem[] } {
  const lines: RosterLine[] = [];
  const problems: RosterProblem[] = [];
  const seen = new Map<string, number>();
  const raw = csv.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  raw.forEach((text, index) => {
    const line = index + 1;
    if (text.trim() === '') return;
    const fields = fieldsOf(text);
    if (line === 1 && fields[0]?.toLowerCase() === 'login') return;
    const fail = (error: string): void => void problems.push({ line, error });
    if (fields.length < 2 || fields.length > 3) return fail('A line is "login,display name" or "login,display name,password".');
    const [name, display, password] = fields as [string, string, string | undefined];
    if (!NAME_PATTERN.test(name)) return fail(`The login "${name.slice(0, 40)}" is not 1 to 32 letters, digits, "_", "." or "-".`);
    const earlier = seen.get(name.toLowerCase());
    if (earlier !== undefined) return fail(`The login "${name}" is also on line ${earlier}.`);
    seen.set(name.toLowerCase(), line);
    if (findAccount(db, name)) return fail(`The login "${name}" is taken.`);
    const checked = checkDisplayName(display);
    if (!checked.ok) return fail(checked.error);
    if (password !== undefined && password !== '' && (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH)) {
      return fail(`A password has ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters (leave it out to have one made).`);
    }
    lines.push({ line, name, displayName: checked.value, password: password ? password : null });
  });
  if (lines.length + problems.length === 0) problems.push({ line: 1, error: 'There are no lines to import.' });
  if (lines.length + problems.length > MAX_ROSTER_LINES) problems.unshift({ line: MAX_ROSTER_LINES + 1, error: `A roster has at most ${MAX_ROSTER_LINES} lines.` });
  return { lines, problems };
}

export interface Created {
  name: string;
  displayName: string;
  /** Only for a password that was generated: shown this once. */
  password?: string;
}

/**
 * Makes every student of the roster, or none: the passwords are hashed first, then all rows go in
 * one transaction, which a name taken meanwhile rolls back whole.
 */
export async function importRoster(db: Db, lines: readonly RosterLine[]): Promise<{ created: Created[] } | { problems: RosterProblem[] }> {
  const withPasswords = lines.map((l) => ({ ...l, generated: l.password === null, password: l.password ?? generatePassword() }));
  const hashes = await Promise.all(withPasswords.map((l) => hashPassword(l.password)));
  const insert = prepared(db, "INSERT INTO accounts (name, display_name, role, password_hash, created_at) VALUES (?, ?, 'student', ?, ?) ON CONFLICT (name) DO NOTHING RETURNING id");
  const taken: RosterProblem[] = [];
  const run = db.transaction(() => {
    const now = Date.now();
    withPasswords.forEach((l, i) => {
      if (!insert.get(l.name, l.displayName, hashes[i], now)) taken.push({ line: l.line, error: `The login "${l.name}" is taken.` });
    });
    if (taken.length) throw new RosterConflict();
  });
  try {
    run();
  } catch (e) {
    if (e instanceof RosterConflict) return { problems: taken };
    throw e;
  }
  return { created: withPasswords.map((l) => ({ name: l.name, displayName: l.displayName, ...(l.generated ? { password: l.password } : {}) })) };
}

class RosterConflict extends Error {}

/**
 * A person's own change: the current password must match. Every other session and API token ends
 * (`keepToken`, the SHA-256 of the session making the change, stays).
 */
export async function changeOwnPassword(db: Db, id: number, current: string, next: string, keepToken: string | null): Promise<boolean> {
  const row = prepared(db, 'SELECT password_hash AS hash FROM accounts WHERE id = ? AND removed_at IS NULL').get(id) as { hash: string } | undefined;
  if (!row || !(await verifyPassword(current, row.hash))) return false;
  const hash = await hashPassword(next);
  db.transaction(() => {
    // A new generation: a login that checked the old password meanwhile gets no session.
    prepared(db, 'UPDATE accounts SET password_hash = ?, credential_generation = credential_generation + 1 WHERE id = ?').run(hash, id);
    prepared(db, 'DELETE FROM tokens WHERE account = ? AND hash IS NOT ?').run(id, keepToken);
  })();
  return true;
}

/** A student's account by login, for the teacher's actions on a row of /class. */
export function studentNamed(db: Db, name: string): { id: number; name: string } | undefined {
  const a = NAME_PATTERN.test(name) ? findAccount(db, name) : undefined;
  return a && a.role === 'student' && a.removedAt === null ? { id: a.id, name: a.name } : undefined;
}
