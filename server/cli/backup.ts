// npm run backup -- FILE: a consistent copy of the judge's database, taken while it runs (SQLite's
// online backup) without the generated tests the packages rebuild, then what it holds. Exit 0, 1 when it cannot be written, 2 on a usage error.
import '../platform/require-supported-node';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../platform/config';
import { backupDatabase } from '../storage/backup';
import { openDatabase } from '../storage/db';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length !== 1) {
    console.error('usage: npm run backup -- FILE');
    process.exit(2);
  }
  const file = resolve(args[0]!);
  const config = loadConfig();
  if (!existsSync(config.dbPath)) {
    console.error(`backup: there is no database at ${config.dbPath}`);
    process.exit(1);
  }
  if (existsSync(file)) {
    console.error(`backup: ${file} exists already; choose a new file name`);
    process.exit(1);
  }
  // Read-only: the backup never writes to the live database, so it is safe beside a running judge.
  const db = openDatabase(config.dbPath, { readonly: true });
  try {
    const s = await backupDatabase(db, file);
    console.log(`backed up ${config.dbPath} to ${file}: ${s.submissions} submission(s), ${s.accounts} account(s), ${s.sets} set(s), schema version ${s.schemaVersion}`);
    console.log(`${s.generatedTestsLeftOut} generated test(s) left out: the judge rebuilds them from the problem packages when it starts on a restored database`);
  } catch (e) {
    console.error(`backup: could not write ${file}: ${(e as Error).message}`);
    process.exit(1);
  } finally {
    db.close();
  }
}

void main();
