/** Submissions: judged test by test; the only kind whose progress is shown live on its page. */
import { finishSubmission, getSubmission, requeueSubmission, saveCompileOutput, saveProgress, claimNextSubmission, saveFailureTexts, requeueInterrupted, type FailureText } from '../../storage/submissions';
import { PERSON, type JobKindModule } from './kind';

export const submissionKind: JobKindModule<'submission'> = {
  kind: 'submission',
  table: 'submissions',
  unfinished: "status <> 'done'",
  priority: 2,
  person: PERSON,
  messages: ['compiling', 'compiled', 'progress', 'done'],
  final: 'done',
  claimId(db, id) {
    const claimed = claimNextSubmission(db, (heads) => heads.find((h) => h.id === id));
    return claimed ? { id: claimed.id, attempts: claimed.attempts } : null;
  },
  recoverInterrupted: (db) => ({ requeued: requeueInterrupted(db), failed: 0 }),
  record: (db, id) => getSubmission(db, id),
  requeue(db, events, id, refund) {
    requeueSubmission(db, id, refund);
    events.publish(id, { type: 'status', status: 'queued', currentTest: null });
  },
  apply(db, events, m) {
    switch (m.type) {
      case 'compiling':
        return events.publish(m.id, { type: 'status', status: 'compiling', currentTest: null });
      case 'compiled':
        return saveCompileOutput(db, m.id, m.output || null, m.cached ?? false);
      case 'progress': {
        saveProgress(db, m.id, m.results, m.running);
        for (const { idx, verdict, timeMs, memoryKb } of m.results) {
          events.publish(m.id, { type: 'test', test: { index: idx, verdict, timeMs: Math.round(timeMs), memoryKb: Math.round(memoryKb) } });
        }
        if (m.running !== null) events.publish(m.id, { type: 'status', status: 'running', currentTest: m.running });
        return;
      }
      case 'done':
        finishSubmission(db, m.id, m.result);
        return events.publish(m.id, { type: 'done', verdict: m.result.verdict, failedTest: m.result.failedTest });
    }
  },
  internalError: (id, message) => ({ type: 'done', id, result: { verdict: 'IE', failedTest: null, timeMs: 0, memoryKb: 0, compileOutput: message } }),
  started: (events, id) => events.publish(id, { type: 'status', status: 'compiling', currentTest: null }),
  discardAttempt(db, events, id, how) {
    db.prepare('DELETE FROM submission_tests WHERE submission_id = ?').run(id);
    db.prepare('DELETE FROM failure_texts WHERE submission_id = ?').run(id);
    if (how === 'restarted') {
      db.prepare('UPDATE submissions SET attempts = attempts + 1 WHERE id = ?').run(id);
      return;
    }
    db.prepare("UPDATE submissions SET status = 'queued', current_test = NULL, compile_output = NULL WHERE id = ? AND status <> 'done'").run(id);
    events.publish(id, { type: 'status', status: 'queued', currentTest: null });
  },
  problemOf: (row) => String(row.problem),
  carriedTexts: {
    read: (db, id) =>
      db.prepare('SELECT kind, content, length, cut FROM failure_texts WHERE submission_id = ?').all(id).map((r) => {
        const row = r as { kind: FailureText['kind']; content: string; length: number; cut: number };
        return { kind: row.kind, content: row.content, length: row.length, cut: row.cut === 1 };
      }),
    save: (db, id, texts) => {
      if (texts.length > 0) saveFailureTexts(db, id, texts);
    },
  },
  mirrorReset: ['verdict = NULL', 'failed_test = NULL', 'current_test = NULL', 'compile_output = NULL'],
};
