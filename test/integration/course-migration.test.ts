import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, schemaVersion } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { hashPassword } from '../../server/storage/passwords';
import { Person } from '../helpers/accounts';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';

/**
 * A database written by the schema before display names (accounts, sets and judged work in it)
 * opens with this judge: every account gets its login as its display name, every set keeps its
 * standings (the same cells, counts and late marks), and the people can log in as before.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-course-migration-'));
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
  removeDataDir(dataDir);
});

async function makeOldDatabase(): Promise<void> {
  const db = openDatabase(join(dataDir, 'judge.db'));
  const displayNames = MIGRATIONS.findIndex((m) => m.sql.includes('display_name'));
  expect(displayNames).toBeGreaterThan(0);
  migrate(db, MIGRATIONS.slice(0, displayNames));
  expect(schemaVersion(db)).toBe(MIGRATIONS[displayNames - 1]!.version);
  db.prepare(
    `INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at)
     VALUES ('nim', 'Nim', 'Nim', 'old', '', '', 1000, 256, 'old-hash', 0)`,
  ).run();
  const account = db.prepare('INSERT INTO accounts (name, role, password_hash, created_at) VALUES (?, ?, ?, 1) RETURNING id');
  const hash = await hashPassword('old-password');
  account.get('tess', 'teacher', hash);
  const ann = (account.get('ann', 'student', hash) as { id: number }).id;
  const bob = (account.get('bob', 'student', hash) as { id: number }).id;
  const sub = db.prepare("INSERT INTO submissions (problem, source, status, verdict, created_at, finished_at, client, owner) VALUES ('nim', 'x', 'done', ?, ?, ?, '', ?)");
  sub.run('WA', 1_000, 1_001, ann);
  sub.run('AC', 2_000, 2_001, ann);
  sub.run('WA', 3_000, 3_001, bob);
  sub.run('AC', 9_000, 9_001, bob);
  // Closes at 5 s: ann on time, bob late.
  db.prepare("INSERT INTO problem_sets (id, name, problems, opens_at, closes_at, created_by, created_at) VALUES (1, 'Old set', '[\"nim\"]', NULL, 5000, 1, 500)").run();
  db.close();
}

describe('upgrading a database from before display names', { timeout: 300_000 }, () => {
  it('gives every account its login as display name and keeps every set\'s standings', async () => {
    await makeOldDatabase();
    server = await startServer({ dataDir, workers: 1, env: { ACCOUNTS: 'on' } });
    const tess = new Person(server.url, 'tess', 'old-password');
    expect(await (await tess.login()).json()).toMatchObject({ name: 'tess', displayName: 'tess', role: 'teacher' });
    const set = (await tess.json<{ name: string; students: { name: string; displayName: string; solved: number; onTime: number; late: number; cells: { state: string; tries: number; late: boolean }[] }[] }>('/api/sets/1')).body;
    expect(set.name).toBe('Old set');
    expect(set.students.map((s) => ({ name: s.name, displayName: s.displayName, solved: s.solved, onTime: s.onTime, late: s.late, cell: s.cells[0] }))).toEqual([
      { name: 'ann', displayName: 'ann', solved: 1, onTime: 1, late: 0, cell: expect.objectContaining({ state: 'solved', tries: 1, late: false }) },
      { name: 'bob', displayName: 'bob', solved: 1, onTime: 0, late: 1, cell: expect.objectContaining({ state: 'solved', tries: 1, late: true }) },
    ]);
    const ann = new Person(server.url, 'ann', 'old-password');
    expect((await ann.login()).status).toBe(200);
    expect((await ann.json('/api/me')).body).toEqual({ name: 'ann', displayName: 'ann', role: 'student' });
  });
});
