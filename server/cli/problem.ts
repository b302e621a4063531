// npm run problem -- export SLUG DIR [--zip]
// npm run problem -- check DIR
// npm run problem -- import PATH [--as NAME] [--replace]
// npm run problem -- remove SLUG
// Writes a problem as an ICPC / Kattis problem package to DIR/SLUG/ (or DIR/SLUG.zip), with the
// tests the judge stores in DATA_DIR's database, or built as the import builds them when the
// database does not hold the problem (or does not exist yet).
import '../platform/require-supported-node';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ExportError, packageZip, writePackage } from '../package-format/export';
import { exportProblem } from '../problem-store/export';
import { checkPackage } from '../package-format/check';
import { parsePackage } from '../package-format/parse';
import { loadConfig } from '../platform/config';
import { SLUG_PATTERN } from '../problems/registry';
import { openDatabase, type Db } from '../storage/db';
import { formatSolutionRow, importPackage } from '../problem-store';
import { removeStoredProblem } from '../problem-store/remove';
import { parseCli, usageError } from './args';
import { exitWhenWritten } from './exit';

const USAGE = 'npm run problem -- export SLUG DIR [--zip] | check DIR | import PATH [--as NAME] [--replace] | remove SLUG';
const { positionals, values } = parseCli(USAGE, { zip: { type: 'boolean' }, as: { type: 'string' }, replace: { type: 'boolean' } });
const [command, slug, dir] = positionals;
if (command === 'check') await checkCommand(positionals);
if (command === 'import') await importCommand(positionals);
if (command === 'remove') await removeCommand(positionals);
if (values.as !== undefined || values.replace) usageError(USAGE, '--as and --replace go with import');
if (command !== 'export') usageError(USAGE, command ? `unknown command "${command}"` : 'no command given');
if (!slug || !dir || positionals.length !== 3) usageError(USAGE, 'export takes a problem slug and a folder');
if (!SLUG_PATTERN.test(slug)) usageError(USAGE, `"${slug}" is not a problem slug`);

const config = loadConfig();
// Read-only: the export works beside a running server and never changes its data.
const db: Db | undefined = existsSync(config.dbPath) ? openDatabase(config.dbPath, { readonly: true }) : undefined;
try {
  const exported = await exportProblem(slug, db);
  const out = resolve(dir);
  mkdirSync(out, { recursive: true });
  const from = exported.testsFrom === 'database' ? `from the database in ${config.dataDir}` : 'built from the package (the database does not hold it)';
  if (values.zip) {
    const file = join(out, `${slug}.zip`);
    if (existsSync(file)) throw new ExportError(`${file} already exists; remove it or export to another folder.`);
    writeFileSync(file, packageZip(exported));
    console.log(`exported ${slug} to ${file}: ${exported.files.length} files, ${exported.testCount} tests ${from}`);
  } else {
    const target = writePackage(exported, out);
    const faults = checkPackage(target);
    console.log(`exported ${slug} to ${target}: ${exported.files.length} files, ${exported.testCount} tests ${from}`);
    for (const f of faults) console.error(`format check: ${f}`);
    if (faults.length) await exitWhenWritten(1);
  }
} catch (e) {
  if (!(e instanceof ExportError)) throw e;
  console.error(`error: ${e.message}`);
  await exitWhenWritten(1);
} finally {
  db?.close();
}
await exitWhenWritten(0);

/**
 * Reads a package folder as an import would (bounded, every reason on refusal) and prints what it
 * holds. Storing it is not built yet: see docs/problem-packages.md.
 */
async function checkCommand(args: string[]): Promise<never> {
  if (args.length !== 2) usageError(USAGE, 'check takes one package folder');
  const parsed = parsePackage(resolve(args[1]!));
  if (!parsed.ok) {
    for (const r of parsed.reasons) console.error(`refused: ${r}`);
    return exitWhenWritten(1);
  }
  const p = parsed.pkg;
  console.log(`${p.shortName}: "${p.name.en}"${p.name.zh ? ` / "${p.name.zh}"` : ''}, format ${p.formatVersion ?? 'legacy'}, ${p.type}, validation ${p.validation}`);
  console.log(`  limits ${p.limits.timeMs} ms, ${p.limits.memoryMb} MiB; statements: ${Object.keys(p.statements).join(', ') || 'none as text'}`);
  console.log(`  tests: ${p.samples.length} sample, ${p.secret.length} secret`);
  for (const [folder, list] of Object.entries(p.submissions)) if (list.length) console.log(`  submissions/${folder}: ${list.map((s) => s.name).join(', ')}`);
  for (const n of p.notes) console.log(`  note: ${n}`);
  return exitWhenWritten(0);
}

/**
 * Stores a package (folder or zip) in DATA_DIR's database after running its solution table; a
 * running server lists it on its next page (it reads problems from the database).
 */
async function importCommand(args: string[]): Promise<never> {
  if (args.length !== 2) usageError(USAGE, 'import takes one package folder or zip');
  if (values.as !== undefined && !SLUG_PATTERN.test(values.as)) usageError(USAGE, `--as "${values.as.slice(0, 60)}" is not a short name (lowercase letters and digits joined by dashes)`);
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const db = openDatabase(config.dbPath, { migrate: true });
  try {
    console.log('running the package\'s solutions:');
    const result = await importPackage(db, { path: args[1]! }, { dataDir: config.dataDir, as: values.as, replace: values.replace, owner: null, onRow: (r) => console.log(formatSolutionRow(r)) });
    if (!result.ok) {
      for (const r of result.reasons) console.error(`refused: ${r}`);
      return exitWhenWritten(1);
    }
    for (const n of result.notes) console.log(`note: ${n}`);
    console.log(`imported ${result.slug} into ${config.dbPath}`);
  } finally {
    db.close();
  }
  return exitWhenWritten(0);
}

/**
 * Removes an imported or drafted problem from DATA_DIR's database; its submissions are kept. A
 * running server stops listing and serving it at its next page.
 */
async function removeCommand(args: string[]): Promise<never> {
  if (args.length !== 2) usageError(USAGE, 'remove takes one problem slug');
  if (values.as !== undefined || values.replace || values.zip) usageError(USAGE, 'remove takes no options');
  const slug = args[1]!;
  if (!SLUG_PATTERN.test(slug)) usageError(USAGE, `"${slug.slice(0, 60)}" is not a problem slug`);
  const config = loadConfig();
  if (!existsSync(config.dbPath)) {
    console.error(`error: there is no database at ${config.dbPath}, so no problem to remove.`);
    return exitWhenWritten(1);
  }
  const db = openDatabase(config.dbPath, { migrate: true });
  try {
    const r = removeStoredProblem(db, slug);
    if (!r.ok) {
      console.error(`error: ${r.reason}`);
      return exitWhenWritten(1);
    }
    console.log(`removed ${slug} from ${config.dbPath}; its ${r.submissions} submission(s) are kept (their pages still show them, under its short name).`);
  } finally {
    db.close();
  }
  return exitWhenWritten(0);
}
