import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, schemaVersion } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { getFailureText, insertSubmission, listFailureTexts, listSubmissionTests, saveFailureTexts, saveTestResult } from '../../server/storage/submissions';

const dir = mkdtempSync(join(tmpdir(), 'sg-dialogue-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('storing the dialogue of an interactive test (migration 4)', () => {
  it('keeps the failure texts of an older database and adds the dialogue beside them', () => {
    const db = openDatabase(join(dir, 'judge.db'));
    migrate(db, MIGRATIONS.filter((m) => m.version < 4));
    db.prepare(`INSERT INTO problems VALUES ('p', 'P', 'P', 's', '', '', 1000, 256, 'h', 0)`).run();
    // Written as the version-3 schema had it (later migrations add columns insertSubmission uses).
    const old = (db.prepare("INSERT INTO submissions (problem, source, created_at) VALUES ('p', 'src', 0) RETURNING id").get() as { id: number }).id;
    db.prepare("INSERT INTO failure_texts (submission_id, kind, length, cut, content) VALUES (?, 'output', 10, 0, 'old output')").run(old);

    migrate(db, MIGRATIONS);
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(getFailureText(db, old, 'output')).toEqual({ content: 'old output', cut: false });

    const id = insertSubmission(db, 'p', 'src');
    saveTestResult(db, id, { idx: 3, verdict: 'WA', timeMs: 1, memoryKb: 2, exitCode: 0, message: 'move 3', previews: { input: '2 1 1\n', expected: 'Second\n', output: '', stderr: '', dialogue: '< 2 1 1\n> First\n' } });
    saveFailureTexts(db, id, [{ kind: 'dialogue', content: '< 2 1 1\n> First\n> 1 1\n', length: 20, cut: false }]);
    expect(listSubmissionTests(db, id)[0]!.dialoguePreview).toBe('< 2 1 1\n> First\n');
    expect(listFailureTexts(db, id).get('dialogue')).toEqual({ length: 20, cut: false });
    expect(getFailureText(db, id, 'dialogue')?.content).toBe('< 2 1 1\n> First\n> 1 1\n');
    // Rows of ordinary problems have no dialogue.
    expect(listSubmissionTests(db, old)).toEqual([]);
    db.close();
  });
});
