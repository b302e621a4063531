import Database from 'better-sqlite3';
import { closeSync, copyFileSync, mkdtempSync, openSync, readdirSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBackupFile } from '../../server/storage/backup';
import { MIGRATIONS } from '../../server/storage/migrations';
import { storageCli } from '../helpers/accounts';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { ALWAYS_NO, TYPE_ERROR } from '../helpers/solutions';
import { submit } from '../helpers/judge-client';

/** `npm run backup` while the judge works, `npm run restore` with its refusals. */
const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-backup-'));
const spare = mkdtempSync(join(tmpdir(), 'sg-judge-backup-files-'));
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
  removeDataDir(dataDir);
  removeDataDir(spare);
});

interface Listed {
  id: number;
  status: string;
  verdict: string | null;
}

async function list(): Promise<Listed[]> {
  return (await (await fetch(`${server!.url}/api/submissions?limit=1000`)).json()) as Listed[];
}

const backupFile = join(spare, 'during-judging.db');

describe('backups', { timeout: 300_000 }, () => {
  it('takes a consistent backup while 50 submissions are being judged', async () => {
    server = await startServer({ dataDir, workers: 2 });
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) ids.push(await submit(server.url, 'nim', i % 5 === 0 ? TYPE_ERROR : ALWAYS_NO));
    // Wait until judging is under way, so the backup meets some judged and some waiting.
    const deadline = Date.now() + 120_000;
    while ((await list()).filter((s) => s.status === 'done').length < 3) {
      if (Date.now() > deadline) throw new Error('judging did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const doneBefore = new Map((await list()).filter((s) => s.status === 'done').map((s) => [s.id, s.verdict]));
    const made = await storageCli(dataDir, 'backup', backupFile);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/50 submission\(s\), 0 account\(s\), 0 set\(s\), schema version \d+/);

    expect(checkBackupFile(backupFile)).toBeNull();
    const copy = new Database(backupFile, { readonly: true });
    const rows = copy.prepare('SELECT id, status, verdict, (SELECT COUNT(*) FROM submission_tests t WHERE t.submission_id = s.id) AS tests FROM submissions s ORDER BY id').all() as { id: number; status: string; verdict: string | null; tests: number }[];
    copy.close();
    expect(rows.map((r) => r.id)).toEqual(ids);
    // The copy itself was taken mid-judging (some rows still waiting or running in it): asked of the
    // copy, not of the live list once the backup command has exited, which gave the judge the
    // command's whole run (slow to start and end on a loaded machine) to finish the queue.
    expect(rows.some((r) => r.status !== 'done'), 'the backup should have been taken mid-judging').toBe(true);
    const byId = new Map(rows.map((r) => [r.id, r]));
    // Everything judged before the backup began is in it, judged, with the same verdict.
    for (const [id, verdict] of doneBefore) expect(byId.get(id)).toMatchObject({ status: 'done', verdict });
    // Every judged row in the copy is whole: a WA has its failing test, a CE none.
    for (const r of rows.filter((x) => x.status === 'done')) expect(r.tests, `submission ${r.id}`).toBe(r.verdict === 'CE' ? 0 : 1);
  });

  it('leaves the generated tests out of the backup (the packages rebuild them), as one 0600 file with nothing beside it', async () => {
    const live = new Database(join(dataDir, 'judge.db'), { readonly: true });
    const liveTests = live.prepare("SELECT COUNT(*) FROM tests WHERE kind <> 'user'").pluck().get() as number;
    live.close();
    expect(liveTests).toBeGreaterThan(0);
    const copy = new Database(backupFile, { readonly: true });
    expect(copy.prepare("SELECT COUNT(*) FROM tests WHERE kind <> 'user'").pluck().get()).toBe(0);
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    copy.close();
    expect(readdirSync(spare).sort()).toEqual(['during-judging.db']);
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    // Work the backup will lack when restored: three more submissions.
    for (let i = 0; i < 3; i++) await submit(server!.url, 'nim', ALWAYS_NO);
  });

  it('refuses to restore while a judge runs on the data directory', async () => {
    const refused = await storageCli(dataDir, 'restore', backupFile);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/restore refused: a judge server \(pid \d+\) is running on .*; stop it before restoring/);
  });

  it('refuses a corrupted file with a sentence and leaves the database alone', async () => {
    await server!.stop();
    server = undefined;
    const garbage = join(spare, 'garbage.db');
    writeFileSync(garbage, 'this is not a database at all '.repeat(200));
    const notDb = await storageCli(dataDir, 'restore', garbage);
    expect(notDb.status).toBe(1);
    expect(notDb.stderr).toMatch(/restore refused: .*garbage\.db is not a readable SQLite database/);

    const damaged = join(spare, 'damaged.db');
    copyFileSync(backupFile, damaged);
    const fd = openSync(damaged, 'r+');
    // Overwrite the b-tree page headers past the first page: the schema still reads, the trees do not check out.
    const pages = Math.floor(statSync(damaged).size / 4096);
    for (let page = 1; page < pages; page += 2) writeSync(fd, Buffer.alloc(12, 0xff), 0, 12, page * 4096);
    closeSync(fd);
    const bad = await storageCli(dataDir, 'restore', damaged);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/restore refused: .*damaged\.db (is damaged: SQLite's integrity check says|is not a readable SQLite database)/);
    expect((await storageCli(dataDir, 'restore', join(spare, 'missing.db'))).stderr).toMatch(/missing\.db does not exist/);
    expect(readdirSync(dataDir).filter((f) => f.includes('before-restore'))).toEqual([]);
  });

  /** A copy of the sound backup changed by `tamper` (foreign keys off, as a forger would). */
  function tampered(name: string, tamper: (db: Database.Database) => void): string {
    const file = join(spare, name);
    copyFileSync(backupFile, file);
    const db = new Database(file);
    db.pragma('foreign_keys = OFF');
    tamper(db);
    db.pragma('journal_mode = DELETE');
    db.close();
    return file;
  }

  it('refuses a backup with a trigger or a view, run nothing from it, and leaves the database alone', async () => {
    const trigger = tampered('trigger.db', (db) =>
      db.exec("CREATE TRIGGER promote AFTER INSERT ON submissions BEGIN UPDATE accounts SET role = 'teacher' WHERE id = NEW.owner; END;"),
    );
    const refused = await storageCli(dataDir, 'restore', trigger);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/restore refused: .*trigger\.db is not a judge database as this judge writes them: it has a trigger "promote" that schema version \d+ does not have \(a judge database has no triggers/);
    const view = tampered('view.db', (db) => db.exec('CREATE VIEW everyone AS SELECT * FROM accounts'));
    expect(checkBackupFile(view)).toMatch(/it has a view "everyone" that schema version \d+ does not have/);
    expect(readdirSync(dataDir).filter((f) => f.includes('before-restore'))).toEqual([]);
  });

  it('refuses a hollow database (right schema version, one table), an extra column and rows pointing nowhere, each with a sentence', async () => {
    const hollow = join(spare, 'hollow.db');
    const db = new Database(hollow);
    db.exec('CREATE TABLE submissions (id INTEGER PRIMARY KEY)');
    db.pragma(`user_version = ${MIGRATIONS.at(-1)!.version}`);
    db.close();
    const refused = await storageCli(dataDir, 'restore', hollow);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/restore refused: .*hollow\.db is not a judge database as this judge writes them: it has no (table|index) "\w+", which schema version \d+ has \(a hollow or partial database\)/);

    const column = tampered('column.db', (d) => d.exec("ALTER TABLE accounts ADD COLUMN is_admin INTEGER NOT NULL DEFAULT 1"));
    expect(checkBackupFile(column)).toMatch(/its table "accounts" has a column "is_admin" it should not have/);
    const index = tampered('index.db', (d) => d.exec('CREATE INDEX sneaky ON submissions (source)'));
    expect(checkBackupFile(index)).toMatch(/it has an index "sneaky" that schema version \d+ does not have/);
    // Any role allowed: the same columns, the CHECK gone (the table rebuilt as a forger would).
    const unchecked = tampered('unchecked.db', (d) => {
      const sql = d.prepare("SELECT sql FROM sqlite_master WHERE name = 'accounts'").pluck().get() as string;
      const loose = sql.replace(/CHECK \(role IN \('teacher', 'student'\)\)/, '').replace(/CREATE TABLE "?accounts"?/, 'CREATE TABLE accounts_loose');
      expect(loose).not.toContain('CHECK');
      d.exec(`${loose}; INSERT INTO accounts_loose SELECT * FROM accounts; DROP TABLE accounts; ALTER TABLE accounts_loose RENAME TO accounts;`);
    });
    expect(checkBackupFile(unchecked)).toMatch(/its table "accounts" is defined differently from schema version \d+'s/);
    const dangling = tampered('dangling.db', (d) =>
      d.prepare("INSERT INTO submissions (problem, source, created_at) VALUES ('no-such-problem', 'x', 1)").run(),
    );
    expect(checkBackupFile(dangling)).toMatch(/1 row\(s\) that point at rows it does not have \(the first in table "submissions", pointing into "problems"\)/);
  });

  it('restores a sound backup once the judge is stopped, keeping the old database beside it', async () => {
    const restored = await storageCli(dataDir, 'restore', backupFile);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/restored .*judge\.db: 50 submission\(s\)/);
    expect(restored.stdout).toContain('the database it replaced held what the backup lacks: 3 submission(s)');
    expect(restored.stdout).toMatch(/generated tests are rebuilt from their packages when the judge next starts/);
    expect(restored.stdout).toMatch(/kept as .*judge\.db\.before-restore-/);
    expect(readdirSync(dataDir).filter((f) => f.startsWith('judge.db.before-restore-')).length).toBe(1);
    expect(statSync(join(dataDir, 'judge.db')).mode & 0o777).toBe(0o600);
    const db = new Database(join(dataDir, 'judge.db'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    server = await startServer({ dataDir, workers: 1 });
    expect(server.logs()).toMatch(/imported problem nim \(\d+ tests\)/);
    const all = await list();
    expect(all.length).toBe(50);
    const live = new Database(join(dataDir, 'judge.db'), { readonly: true });
    expect(live.prepare("SELECT COUNT(*) FROM tests WHERE problem = 'nim' AND kind <> 'user'").pluck().get()).toBeGreaterThan(0);
    live.close();
    expect(statSync(join(dataDir, 'judge.db')).mode & 0o777).toBe(0o600);
  });
});
