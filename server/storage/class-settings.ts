/**
 * The class's registration settings, kept in the database so they survive restarts: the class code
 * generated when CLASS_CODE is unset, and whether the teacher has closed registration.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { prepared, type Db } from './db';

/** No 0/O, 1/l/I: a code read aloud or copied from a projector is typed right. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Three groups of four from 31 symbols: about 59 bits, far beyond guessing at the registration limits. */
export function generateClassCode(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${group()}-${group()}-${group()}`;
}

function read(db: Db, key: string): string | undefined {
  return (prepared(db, 'SELECT value FROM class_settings WHERE key = ?').get(key) as { value: string } | undefined)?.value;
}

function write(db: Db, key: string, value: string): void {
  prepared(db, 'INSERT INTO class_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
}

/**
 * The class code: CLASS_CODE when set, else the one stored in the database, made and stored on
 * first use. `generated` says the code came from the database (the start-up log prints it).
 */
export function classCodeOf(db: Db, fromEnv: string | null): { code: string; generated: boolean } {
  if (fromEnv !== null) return { code: fromEnv, generated: false };
  let code = read(db, 'class_code');
  if (code === undefined) write(db, 'class_code', (code = generateClassCode()));
  return { code, generated: true };
}

export function registrationOpen(db: Db): boolean {
  return read(db, 'registration') !== 'closed';
}

export function setRegistrationOpen(db: Db, open: boolean): void {
  write(db, 'registration', open ? 'open' : 'closed');
}

/** A random key (base64url) made once and kept, e.g. for signing device cookies. */
export function secretOf(db: Db, key: string): string {
  let value = read(db, key);
  if (value === undefined) write(db, key, (value = randomBytes(32).toString('base64url')));
  return value;
}
