// npm run restore -- FILE: replaces the judge's database with a backup after checking it (its schema object
// by object against its version's, integrity, references), keeping the old database beside it. Refused while a judge runs on the data
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
  const { keptAs, summary: s, lost, rebuilds } = restoreDatabase(config.dataDir, config.dbPath, resolve(args[0]!));
  console.log(`restored ${config.dbPath}: ${s.submissions} submission(s), ${s.accounts} account(s), ${s.sets} set(s), schema version ${s.schemaVersion}`);
  if (lost) console.log(`the database it replaced held what the backup lacks: ${lost}`);
  else if (lost === '') console.log('the backup holds everything the database it replaced held');
  if (keptAs) console.log(`the database it replaced is kept as ${keptAs}`);
  if (rebuilds) console.log("the problems' generated tests are rebuilt from their packages when the judge next starts");
} catch (e) {
  if (!(e instanceof RestoreRefused)) throw e;
  console.error(`restore refused: ${e.message}`);
  process.exit(1);
}
