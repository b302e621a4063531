// npm run restore -- FILE: replaces the judge's database with a backup after checking it (integrity,
// schema version), keeping the old database beside it. Refused while a judge runs on the data
// directory. Exit 0, 1 when refused, 2 on a usage error.
import '../platform/require-supported-node';
import { resolve } from 'node:path';
import { loadConfig } from '../platform/config';
import { restoreDatabase, RestoreRefused } from '../storage/backup';

const args = process.argv.slice(2);
if (args.length !== 1) {
  console.error('usage: npm run restore -- FILE');
  process.exit(2);
}
const config = loadConfig();
try {
  const { keptAs, summary: s } = restoreDatabase(config.dataDir, config.dbPath, resolve(args[0]!));
  console.log(`restored ${config.dbPath}: ${s.submissions} submission(s), ${s.accounts} account(s), ${s.sets} set(s), schema version ${s.schemaVersion}`);
  if (keptAs) console.log(`the database it replaced is kept as ${keptAs}`);
} catch (e) {
  if (!(e instanceof RestoreRefused)) throw e;
  console.error(`restore refused: ${e.message}`);
  process.exit(1);
}
