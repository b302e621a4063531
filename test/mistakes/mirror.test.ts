import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mirrorJob, snapshotJob } from '../../server/distributed/job-payload';
import { JOB_KINDS } from '../../server/queue/kinds/registry';
import { openDatabase } from '../../server/storage/db';
import { getMistakeMap, insertMistakeMap } from '../../server/storage/mistake-maps';

/**
 * Distributed mode: a worker's database gets a mistake map's row as it gets any job's, though it
 * holds no submissions (the map of a submission carries its source), and its judge threads claim it.
 */
const dir = mkdtempSync(join(tmpdir(), 'sg-maps-mirror-'));
const web = openDatabase(join(dir, 'web.db'), { migrate: true });
const worker = openDatabase(join(dir, 'worker.db'), { migrate: true });

afterAll(() => {
  web.close();
  worker.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a mistake map on a distributed worker', () => {
  it('is mirrored without its submission and claimed there', () => {
    for (const db of [web, worker]) {
      db.prepare(
        `INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at)
         VALUES ('kiki', 'Kiki', 'Kiki', 's', '', '', 1000, 256, 'h', 0)`,
      ).run();
    }
    web.prepare("INSERT INTO submissions (id, problem, source, status, verdict, created_at, client) VALUES (9, 'kiki', 'code', 'done', 'WA', 1, 'x')").run();
    const id = insertMistakeMap(web, { problem: 'kiki', source: 'code', language: 'typescript', submission: 9, owner: null, requester: '' });
    const payload = snapshotJob(web, 'mistake-map', id);
    expect(payload).toMatchObject({ kind: 'mistake-map', problem: 'kiki', packageHash: 'h' });
    mirrorJob(worker, payload!);
    expect(getMistakeMap(worker, id)).toMatchObject({ submission: 9, source: 'code', status: 'queued' });
    expect(JOB_KINDS['mistake-map'].claimId(worker, id)).toEqual({ id, attempts: 1 });
  });
});
