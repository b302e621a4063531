// npm run accounts -- add-teacher NAME | add-student NAME | import FILE.csv | list | reset-password NAME | remove NAME
// Accounts are managed on the server's machine. A password is read as one line of standard input
// (piped, or typed without echo). Exit 0 on success, 1 when the command cannot be done (a taken
// name, no such account, a short password), 2 on a usage error.
import '../platform/require-supported-node';
import { loadConfig } from '../platform/config';
import { openDatabase } from '../storage/db';
import { adoptLocalWork } from '../queue/adopt-local-work';
import { createAccount, listAccounts, MIN_PASSWORD_LENGTH, NAME_PATTERN, removeAccount, resetPassword } from '../storage/accounts';
import { readPassword } from './read-password';
import { readFileSync } from 'node:fs';
import { importRoster, parseRoster } from '../storage/roster';

const USAGE = 'npm run accounts -- add-teacher NAME | add-student NAME | import FILE.csv | list | reset-password NAME | remove NAME';

function fail(message: string, code = 1): never {
  console.error(`accounts: ${message}`);
  process.exit(code);
}

async function newPassword(): Promise<string> {
  const password = await readPassword('Password: ').catch(() => fail('cancelled'));
  if (password.length < MIN_PASSWORD_LENGTH) fail(`a password has at least ${MIN_PASSWORD_LENGTH} characters`);
  return password;
}

async function main(): Promise<void> {
  const [command, name, ...extra] = process.argv.slice(2);
  if (command === 'import') {
    if (!name || extra.length) fail(`usage: ${USAGE}`, 2);
    return importFile(name);
  }
  const needsName = command === 'add-teacher' || command === 'add-student' || command === 'reset-password' || command === 'remove';
  if (!command || (command !== 'list' && !needsName) || (needsName && !name) || extra.length || (command === 'list' && name)) fail(`usage: ${USAGE}`, 2);
  if (needsName && !NAME_PATTERN.test(name!)) fail('a name is 1 to 32 letters, digits, "_", "." or "-"', 2);
  const config = loadConfig();
  const db = openDatabase(config.dbPath, { migrate: true });
  try {
    switch (command) {
      case 'add-teacher':
      case 'add-student': {
        const role = command === 'add-teacher' ? 'teacher' : 'student';
        const id = await createAccount(db, name!, await newPassword(), role);
        if (id === null) fail(`the name "${name}" is taken`);
        // The first teacher takes over the work done in local mode (the server does too, at start).
        if (role === 'teacher') adoptLocalWork(db);
        console.log(`added ${role} ${name}`);
        break;
      }
      case 'reset-password':
        if (!(await resetPassword(db, name!, await newPassword()))) fail(`there is no account "${name}"`);
        console.log(`new password for ${name}; their sessions and tokens have ended`);
        break;
      case 'remove':
        if (!removeAccount(db, name!)) fail(`there is no account "${name}"`);
        console.log(`removed ${name}; their submissions are kept, marked as from a removed account`);
        break;
      case 'list':
        for (const a of listAccounts(db)) {
          console.log(`${a.name}\t${a.role}\t${new Date(a.createdAt).toISOString().slice(0, 10)}${a.removedAt ? '\tremoved' : ''}`);
        }
        break;
    }
  } finally {
    db.close();
  }
}

/**
 * Students from `login,display name[,password]` lines, all or none. Prints a CSV of who was made
 * with each generated password (shown only now) on standard output, mistakes by line on standard error.
 */
async function importFile(file: string): Promise<void> {
  let csv: string;
  try {
    csv = readFileSync(file, 'utf8');
  } catch {
    fail(`cannot read ${file}`);
  }
  const config = loadConfig();
  const db = openDatabase(config.dbPath, { migrate: true });
  try {
    const parsed = parseRoster(db, csv);
    const result = parsed.problems.length ? { problems: parsed.problems } : await importRoster(db, parsed.lines);
    if ('problems' in result) {
      for (const p of result.problems) console.error(`${file}:${p.line}: ${p.error}`);
      fail(`nothing imported: ${result.problems.length} line(s) to fix`);
    }
    const quote = (t: string): string => (/[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t);
    console.log('login,display name,password');
    for (const c of result.created) console.log([c.name, c.displayName, c.password ?? '(as in the file)'].map(quote).join(','));
    console.error(`imported ${result.created.length} student(s)`);
  } finally {
    db.close();
  }
}

void main();
