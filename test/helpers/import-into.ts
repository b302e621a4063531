/**
 * Imports problem packages into a database, outside vitest (the importer starts worker threads
 * from `import.meta.resolve`, which vitest's module runner lacks):
 *
 *   node --import tsx test/helpers/import-into.ts DB_PATH BUILD_CACHE_DIR SLUG...
 *
 * Prints the import report as JSON.
 */
import { importProblems } from '../../server/import/import';
import { openDatabase } from '../../server/storage/db';

const [dbPath, buildCacheDir, ...only] = process.argv.slice(2);
const db = openDatabase(dbPath!, { migrate: true });
const report = await importProblems(db, { only, buildCacheDir });
db.close();
console.log(JSON.stringify(report));
