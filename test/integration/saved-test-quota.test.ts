import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/storage/db';
import { addUserTest, MAX_SAVED_TEST_BYTES_PER_PERSON, MAX_SAVED_TESTS_PER_PERSON, MAX_USER_TESTS, saveImportedProblem } from '../../server/storage/problems';
import { removeDataDir } from '../helpers/server';

/**
 * The per-person saved-test quota, in a real SQLite file: one person keeps at most 200 tests over
 * every problem (each problem 20) and 16 MiB of them; another person is untouched by it.
 */
const dir = mkdtempSync(join(tmpdir(), 'sg-judge-quota-'));
const db = openDatabase(join(dir, 'judge.db'), { migrate: true });
afterAll(() => {
  db.close();
  removeDataDir(dir);
});

function problem(slug: string): void {
  saveImportedProblem(db, { slug, titleEn: slug, titleZh: slug, source: 'test', statementEn: 'en', statementZh: 'zh', timeLimitMs: 1000, memoryLimitMb: 256, contentHash: slug }, [
    { kind: 'random', label: 'random 1', input: '1\n', expected: '1\n' },
  ]);
}

function person(name: string): number {
  return (db.prepare("INSERT INTO accounts (name, role, password_hash, created_at) VALUES (?, 'student', 'x', 0) RETURNING id").get(name) as { id: number }).id;
}

describe('saved tests per person', () => {
  it('stops one person at 200 tests over every problem, with the count, and not another person', () => {
    const ann = person('ann');
    const bob = person('bob');
    const problems = Math.ceil(MAX_SAVED_TESTS_PER_PERSON / MAX_USER_TESTS) + 1;
    for (let p = 0; p < problems; p++) problem(`p${p}`);
    let kept = 0;
    for (let p = 0; p < problems && kept < MAX_SAVED_TESTS_PER_PERSON; p++) {
      for (let i = 0; i < MAX_USER_TESTS && kept < MAX_SAVED_TESTS_PER_PERSON; i++, kept++) expect(addUserTest(db, `p${p}`, 't', `${i}\n`, '0\n', ann).ok).toBe(true);
    }
    const over = addUserTest(db, `p${problems - 1}`, 't', 'one more\n', '0\n', ann);
    expect(over).toMatchObject({ ok: false, reason: 'person', count: MAX_SAVED_TESTS_PER_PERSON });
    expect(addUserTest(db, `p${problems - 1}`, 't', 'bob\n', '0\n', bob).ok).toBe(true);
  });

  it('stops one person at 16 MiB of saved tests over every problem', () => {
    const cid = person('cid');
    const big = 'x'.repeat(1024 * 1024 - 2) + '\n';
    let added = 0;
    let refused: ReturnType<typeof addUserTest> | null = null;
    // Each problem keeps 2 MiB per person: one test of 1 MiB per problem, over 17 problems.
    for (let p = 0; p < 17 && !refused; p++) {
      problem(`big${p}`);
      const r = addUserTest(db, `big${p}`, 't', big, '0\n', cid);
      if (r.ok) added++;
      else refused = r;
    }
    expect(added).toBe(Math.floor(MAX_SAVED_TEST_BYTES_PER_PERSON / (big.length + 2)));
    expect(refused).toMatchObject({ ok: false, reason: 'person' });
  });
});
