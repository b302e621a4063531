/**
 * What a file must be before it replaces the judge's database: exactly the schema of its version,
 * object by object (tables with their columns, indexes with theirs, nothing more: no trigger or
 * view the judge never makes, since those would run inside the judge), rows whose references hold,
 * and pages that check out. Nothing in the file is run while checking: the schema is read from
 * sqlite_master and the PRAGMAs, with trusted_schema off, before any table is read.
 */
import Database from 'better-sqlite3';
import { migrate } from './db';
import { MIGRATIONS } from './migrations';

interface SchemaObject {
  type: string;
  name: string;
  table: string;
  sql: string | null;
}

interface Schema {
  objects: Map<string, SchemaObject>;
  /** "table" → "name type notnull default pk hidden" per column, in order. */
  columns: Map<string, string[]>;
  /** "index" → "unique partial" and its columns. */
  indexes: Map<string, string[]>;
}

/** Tables SQLite itself may add (AUTOINCREMENT counters, ANALYZE statistics): data, never code. */
const SQLITE_TABLES = new Set(['sqlite_sequence', 'sqlite_stat1', 'sqlite_stat4']);

function readSchema(db: Database.Database): Schema {
  const rows = db.prepare("SELECT type, name, tbl_name AS 'table', sql FROM sqlite_master").all() as SchemaObject[];
  const objects = new Map<string, SchemaObject>();
  const columns = new Map<string, string[]>();
  const indexes = new Map<string, string[]>();
  for (const o of rows) {
    if (o.type === 'table' && SQLITE_TABLES.has(o.name)) continue;
    objects.set(`${o.type} ${o.name}`, { ...o, sql: o.sql === null ? null : normalizeSql(o.sql) });
    if (o.type === 'table') {
      const cols = db.prepare('SELECT name, type, "notnull", dflt_value, pk, hidden FROM pragma_table_xinfo(?)').all(o.name) as Record<string, unknown>[];
      const keys = db.prepare('SELECT "table", "from", "to", on_update, on_delete FROM pragma_foreign_key_list(?)').all(o.name) as Record<string, unknown>[];
      columns.set(o.name, [
        ...cols.map((c) => [c.name, c.type, c.notnull, c.dflt_value, c.pk, c.hidden].map(String).join(' ')),
        ...keys.map((k) => `references ${[k.from, k.table, k.to, k.on_update, k.on_delete].map(String).join(' ')}`),
      ]);
    }
    if (o.type === 'index') {
      const list = db.prepare('SELECT name, "unique", partial FROM pragma_index_list(?)').all(o.table) as { name: string; unique: number; partial: number }[];
      const me = list.find((i) => i.name === o.name);
      const cols = db.prepare('SELECT name, "desc", coll, key FROM pragma_index_xinfo(?)').all(o.name) as Record<string, unknown>[];
      indexes.set(o.name, [`unique=${me?.unique} partial=${me?.partial}`, ...cols.map((c) => [c.name, c.desc, c.coll, c.key].map(String).join(' '))]);
    }
  }
  return { objects, columns, indexes };
}

/**
 * SQL text compared by what it means: without comments, runs of white space as one space, names
 * unquoted and lower-cased (string literals kept as they are).
 */
export function normalizeSql(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === "'" || c === '"' || c === '`' || c === '[') {
      const close = c === '[' ? ']' : c;
      let j = i + 1;
      while (j < sql.length && !(sql[j] === close && sql[j + 1] !== close)) j += sql[j] === close ? 2 : 1;
      const quoted = sql.slice(i, j + 1);
      const inner = quoted.slice(1, -1);
      // A quoted plain name reads as the name (SQLite versions differ in quoting renamed tables).
      out += c !== "'" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(inner) ? inner.toLowerCase() : quoted;
      i = j + 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      while (i < sql.length && sql[i] !== '\n') i++;
      out += ' ';
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
      out += ' ';
    } else if (/\s/.test(c)) {
      while (i < sql.length && /\s/.test(sql[i]!)) i++;
      out += ' ';
    } else {
      out += c.toLowerCase();
      i++;
    }
  }
  return out.replace(/\s+/g, ' ').replace(/\s*([(),])\s*/g, '$1').trim();
}

const expected = new Map<number, Schema>();

/**
 * The schema a database of this version has: the migrations up to it, run on an empty database by
 * the same `migrate` the judge uses (a migration that rebuilds a table in code, `run`, included).
 */
export function expectedSchema(version: number): Schema {
  let schema = expected.get(version);
  if (!schema) {
    const db = new Database(':memory:');
    try {
      migrate(db, MIGRATIONS.filter((m) => m.version <= version));
      schema = readSchema(db);
    } finally {
      db.close();
    }
    expected.set(version, schema);
  }
  return schema;
}

const KIND: Record<string, string> = { table: 'table', index: 'index', trigger: 'trigger', view: 'view' };
const article = (type: string): string => (type === 'index' ? 'an' : 'a');

/** The first way a database's schema differs from its version's, as a sentence; null when it is the same. */
export function schemaDifference(db: Database.Database, version: number): string | null {
  const want = expectedSchema(version);
  const have = readSchema(db);
  for (const [key, o] of have.objects) {
    if (!want.objects.has(key)) {
      const runs = o.type === 'trigger' || o.type === 'view' ? ` (a judge database has no ${o.type}s: it would run inside the judge)` : '';
      return `it has ${article(o.type)} ${KIND[o.type] ?? o.type} "${o.name}" that schema version ${version} does not have${runs}`;
    }
  }
  for (const [key, o] of want.objects) {
    if (!have.objects.has(key)) return `it has no ${KIND[o.type] ?? o.type} "${o.name}", which schema version ${version} has (a hollow or partial database)`;
  }
  for (const [table, cols] of want.columns) {
    const got = have.columns.get(table)!;
    if (got.join('\n') !== cols.join('\n')) {
      const names = (list: string[]) => list.map((c) => c.split(' ')[0]);
      const extra = names(got).filter((n) => !names(cols).includes(n));
      const missing = names(cols).filter((n) => !names(got).includes(n));
      const what = extra.length ? `a column "${extra[0]}" it should not have` : missing.length ? `no column "${missing[0]}"` : 'columns of other types, order or references';
      return `its table "${table}" has ${what} (schema version ${version})`;
    }
  }
  for (const [index, cols] of want.indexes) {
    if (have.indexes.get(index)!.join('\n') !== cols.join('\n')) return `its index "${index}" covers other columns than schema version ${version}'s`;
  }
  for (const [key, o] of want.objects) {
    if (have.objects.get(key)!.sql !== o.sql) return `its ${KIND[o.type] ?? o.type} "${o.name}" is defined differently from schema version ${version}'s`;
  }
  return null;
}

/** Why a file cannot be restored, as a sentence; null when it is a sound judge database. */
export function checkBackupFile(file: string, exists: (f: string) => boolean): string | null {
  if (!exists(file)) return `${file} does not exist`;
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    // Functions in the schema (defaults, generated columns, index expressions) may not be user functions.
    db.pragma('trusted_schema = OFF');
    const version = db.pragma('user_version', { simple: true }) as number;
    const latest = MIGRATIONS.at(-1)!.version;
    if (version < 1) return `${file} is an SQLite database but not a judge's (it has no schema version)`;
    if (version > latest) return `${file} has schema version ${version}, newer than this judge knows (${latest})`;
    const difference = schemaDifference(db, version);
    if (difference) return `${file} is not a judge database as this judge writes them: ${difference}`;
    const integrity = db.pragma('integrity_check') as { integrity_check: string }[];
    if (integrity.length !== 1 || integrity[0]!.integrity_check !== 'ok') {
      return `${file} is damaged: SQLite's integrity check says "${integrity.map((r) => r.integrity_check).join('; ').slice(0, 300)}"`;
    }
    const dangling = db.pragma('foreign_key_check') as { table: string; parent: string }[];
    if (dangling.length) {
      return `${file} has ${dangling.length} row(s) that point at rows it does not have (the first in table "${dangling[0]!.table}", pointing into "${dangling[0]!.parent}")`;
    }
    return null;
  } catch (e) {
    return `${file} is not a readable SQLite database (${(e as Error).message})`;
  } finally {
    db?.close();
  }
}
