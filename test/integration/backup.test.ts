import Database from 'better-sqlite3';
import { closeSync, copyFileSync, mkdtempSync, openSync, readdirSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBackupFile } from '../../server/storage/backup';
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
    const liveAfter = await list();
    expect(liveAfter.some((s) => s.status !== 'done'), 'the backup should have been taken mid-judging').toBe(true);

    expect(checkBackupFile(backupFile)).toBeNull();
    const copy = new Database(backupFile, { readonly: true });
    const rows = copy.prepare('SELECT id, status, verdict, (SELECT COUNT(*) FROM submission_tests t WHERE t.submission_id = s.id) AS tests FROM submissions s ORDER BY id').all() as { id: number; status: string; verdict: string | null; tests: number }[];
    copy.close();
    expect(rows.map((r) => r.id)).toEqual(ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    // Everything judged before the backup began is in it, judged, with the same verdict.
    for (const [id, verdict] of doneBefore) expect(byId.get(id)).toMatchObject({ status: 'done', verdict });
    // Every judged row in the copy is whole: a WA has its failing test, a CE none.
    for (const r of rows.filter((x) => x.status === 'done')) expect(r.tests, `submission ${r.id}`).toBe(r.verdict === 'CE' ? 0 : 1);
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

  it('restores a sound backup once the judge is stopped, keeping the old database beside it', async () => {
    const restored = await storageCli(dataDir, 'restore', backupFile);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/restored .*judge\.db: 50 submission\(s\)/);
    expect(restored.stdout).toMatch(/kept as .*judge\.db\.before-restore-/);
    expect(readdirSync(dataDir).filter((f) => f.startsWith('judge.db.before-restore-')).length).toBe(1);
    const db = new Database(join(dataDir, 'judge.db'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    server = await startServer({ dataDir, workers: 2 });
    const all = await list();
    expect(all.length).toBe(50);
  });
});
