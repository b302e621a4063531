import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, schemaVersion } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { loadAuthSettings } from '../../server/http/auth/settings';
import { findAccount, issueSessionIfCurrent, resetPassword } from '../../server/storage/accounts';
import { classCodeOf, registrationOpen } from '../../server/storage/class-settings';
import { accountsCli, Person } from '../helpers/accounts';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';

/**
 * A database used in local mode (the schema version before accounts) switched to accounts mode:
 * nothing is lost, the old work belongs to the first teacher, old saved tests stay shared.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-accounts-migration-'));
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
  removeDataDir(dataDir);
});

function makeVersion7Database(): void {
  const db = openDatabase(join(dataDir, 'judge.db'));
  // Every migration before the one that adds accounts (version 7 when it was written; the numbers
  // may shift when other migrations are merged before it).
  const accounts = MIGRATIONS.findIndex((m) => m.sql.includes('CREATE TABLE accounts'));
  expect(accounts).toBeGreaterThan(0);
  migrate(db, MIGRATIONS.slice(0, accounts));
  expect(schemaVersion(db)).toBe(MIGRATIONS[accounts - 1]!.version);
  db.prepare(
    `INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at)
     VALUES ('nim', 'Nim', 'Nim', 'old', '', '', 1000, 256, 'old-hash', 0)`,
  ).run();
  db.prepare("INSERT INTO tests (problem, idx, kind, label, input, expected, public_id) VALUES ('nim', 1, 'user', 'old saved test', '1\n1\n1\n', 'Yes\n', 't0123456789ab')").run();
  db.prepare("INSERT INTO submissions (id, problem, source, status, verdict, time_ms, memory_kb, created_at, finished_at, client) VALUES (41, 'nim', 'old code', 'done', 'AC', 5, 100, 1, 2, '127.0.0.1')").run();
  db.prepare("INSERT INTO stress_runs (id, problem, source, cases, size, seed, status, result, created_at) VALUES (7, 'nim', 'old code', 10, 'tiny', 1, 'done', 'passed', 1)").run();
  db.close();
}

describe('switching an existing local database to accounts mode', { timeout: 300_000 }, () => {
  it('migrates version 7, gives the old work to the first teacher and keeps old saved tests shared', async () => {
    makeVersion7Database();
    // The student's account comes first: the old work goes to the first teacher, not the first account.
    const studentMade = await accountsCli(dataDir, ['add-student', 'sam'], 'student-password\n');
    expect(studentMade.status, studentMade.stderr).toBe(0);
    const teacherMade = await accountsCli(dataDir, ['add-teacher', 'tess'], 'teacher-password\n');
    expect(teacherMade.status, teacherMade.stderr).toBe(0);

    // A non-loopback HOST turns accounts on without ACCOUNTS=on.
    server = await startServer({ dataDir, workers: 1, env: { HOST: '0.0.0.0' } });
    expect(server.logs()).toMatch(/accounts mode: 1 teacher\(s\), registration open with the class code [a-z0-9-]{14} \(generated and kept in the database/);
    expect((await fetch(`${server.url}/api/submissions`)).status).toBe(401);

    const tess = new Person(server.url, 'tess', 'teacher-password');
    const sam = new Person(server.url, 'sam', 'student-password');
    expect((await tess.login()).status).toBe(200);
    expect((await sam.login()).status).toBe(200);

    const old = await tess.json<{ id: number; verdict: string; author: string }>('/api/submissions/41');
    expect(old).toMatchObject({ status: 200, body: { id: 41, verdict: 'AC', author: 'tess' } });
    // A teacher sees every row anyway: what shows the old stress run was adopted is its author.
    expect(await (await tess.browser('/stress/7')).text()).toContain('<span class="author">tess</span>');
    expect(await (await tess.browser('/problems')).text()).toMatch(/Solved 1 of 1/);

    expect((await sam.api('/api/submissions/41')).status).toBe(404);
    // What the student may see: not the teacher's stress run, by the API or the page.
    expect((await sam.api('/api/stress/7')).status).toBe(404);
    expect((await sam.browser('/stress/7')).status).toBe(404);
    expect((await sam.json<unknown[]>('/api/submissions')).body).toEqual([]);
    expect(await (await sam.browser('/problems')).text()).toMatch(/Solved 0 of 1/);
    const tests = (await sam.json<{ id: string; shared: boolean }[]>('/api/problems/nim/tests')).body;
    expect(tests).toEqual([expect.objectContaining({ id: 't0123456789ab', shared: true })]);

    const closed = await fetch(`${server.url}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'zed', password: 'long-enough', classCode: '' }) });
    expect(closed.status).toBe(403);
    expect(((await closed.json()) as { error: string }).error).toMatch(/class code is wrong/);
    await server.stop();
    server = undefined;
  });

  it('with ACCOUNTS=off on the network, warns in one line and serves everyone as one person', async () => {
    server = await startServer({ dataDir, workers: 1, env: { HOST: '0.0.0.0', ACCOUNTS: 'off' } });
    const warnings = server.logs().split('\n').filter((l) => l.includes('shares one identity') || l.includes('share one identity'));
    expect(warnings.length).toBe(1);
    const all = (await (await fetch(`${server.url}/api/submissions`)).json()) as { id: number }[];
    expect(all.map((s) => s.id)).toContain(41);
  });

  it('reads ACCOUNTS, HOST and TRUST_PROXY as documented', () => {
    expect(loadAuthSettings('127.0.0.1', {}).accounts).toBe(false);
    expect(loadAuthSettings('localhost', {}).accounts).toBe(false);
    expect(loadAuthSettings('127.0.0.1', { ACCOUNTS: 'on' }).accounts).toBe(true);
    expect(loadAuthSettings('0.0.0.0', {}).accounts).toBe(true);
    expect(loadAuthSettings('192.168.1.5', { ACCOUNTS: 'off' })).toMatchObject({ accounts: false, warning: expect.stringContaining('one identity') });
    expect(loadAuthSettings('0.0.0.0', { CLASS_CODE: ' abc ' }).classCode).toBe('abc');
    expect(loadAuthSettings('0.0.0.0', {}).classCode).toBeNull();
    expect(loadAuthSettings('0.0.0.0', { TRUST_PROXY: 'on' }).trustProxy).toBe(1);
    expect(() => loadAuthSettings('0.0.0.0', { ACCOUNTS: 'maybe' })).toThrow(/ACCOUNTS must be "on" or "off"/);
  });

  it('migrates a database of the schema before credential generations: accounts keep logging in, a reset still ends in-flight logins', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sg-judge-generation-migration-'));
    try {
      const path = join(dir, 'judge.db');
      const old = openDatabase(path);
      const generations = MIGRATIONS.findIndex((m) => m.sql.includes('credential_generation'));
      migrate(old, MIGRATIONS.slice(0, generations));
      old.prepare("INSERT INTO accounts (name, role, password_hash, created_at) VALUES ('sam', 'student', 'scrypt$1$1$1$AA==$AA==', 1)").run();
      old.close();
      const db = openDatabase(path, { migrate: true });
      const sam = findAccount(db, 'sam')!;
      expect(sam.generation).toBe(0);
      expect(issueSessionIfCurrent(db, sam.id, sam.generation)).not.toBeNull();
      expect(await resetPassword(db, 'sam', 'sam-new-password')).toBe(true);
      expect(issueSessionIfCurrent(db, sam.id, sam.generation)).toBeNull();
      expect(registrationOpen(db)).toBe(true);
      const code = classCodeOf(db, null).code;
      expect(classCodeOf(db, null).code).toBe(code);
      db.close();
    } finally {
      removeDataDir(dir);
    }
  });
});
