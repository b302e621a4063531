import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { PERSON_KEEPS, trimKeptWork } from '../../server/queue/person-caps';
import { openDatabase } from '../../server/storage/db';
import { insertInvocation } from '../../server/storage/invocations';

/**
 * A custom invocation keeps up to 1 MiB of a program's output: one person's stored outputs are
 * bounded by keeping their newest finished ones, and nobody else's are touched.
 */
const dir = mkdtempSync(join(tmpdir(), 'sg-kept-work-'));
const db = openDatabase(join(dir, 'judge.db'), { migrate: true });
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

it("keeps a person's newest finished invocations, their running ones, and everyone else's", () => {
  db.prepare("INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at) VALUES ('nim', 'Nim', 'Nim', 's', '', '', 1000, 256, 'h', 0)").run();
  const keep = PERSON_KEEPS.invocation!;
  const done = (id: number) => db.prepare("UPDATE invocations SET status = 'done', verdict = 'AC', output = 'x' WHERE id = ?").run(id);
  const mine = Array.from({ length: keep + 7 }, () => insertInvocation(db, 'nim', 'x', '1\n1\n1\n', 'typescript', null, 'address:a'));
  mine.slice(0, -1).forEach(done);
  const theirs = Array.from({ length: 3 }, () => insertInvocation(db, 'nim', 'x', '1\n1\n1\n', 'typescript', null, 'address:b'));
  theirs.forEach(done);

  expect(trimKeptWork(db, 'invocation', 'address:a')).toBe(6);
  const left = (db.prepare("SELECT id FROM invocations WHERE client = 'address:a' ORDER BY id").all() as { id: number }[]).map((r) => r.id);
  // The newest `keep` finished ones and the one still queued stay; the oldest six went.
  expect(left).toEqual(mine.slice(6));
  expect(db.prepare("SELECT COUNT(*) AS n FROM invocations WHERE client = 'address:b'").get()).toEqual({ n: 3 });
  expect(trimKeptWork(db, 'submission', 'address:a')).toBe(0);
});
