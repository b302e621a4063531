import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { submit, waitForStatus, waitForVerdict } from '../helpers/judge-client';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim } from '../helpers/solutions';

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDataDir));

function readDb<T>(dataDir: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(join(dataDir, 'judge.db'), { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

describe('restarts', () => {
  it('imports every package on first start and re-imports nothing unchanged on the next', async () => {
    let server: RunningServer = await startServer({ problems: null, workers: 1, startTimeoutMs: 280_000 });
    dirs.push(server.dataDir);
    expect(server.logs()).toMatch(/imported problem nim \(\d+ tests\)/);
    const before = readDb<{ id: number; input: string }>(server.dataDir, "SELECT id, input FROM tests WHERE problem = 'nim' ORDER BY idx");
    const imported = readDb<{ slug: string; at: number }>(server.dataDir, 'SELECT slug, imported_at AS at FROM problems ORDER BY slug');
    expect(before.length).toBeGreaterThanOrEqual(20);
    await server.stop();

    server = await startServer({ problems: null, workers: 1, dataDir: server.dataDir, startTimeoutMs: 280_000 });
    const logs = server.logs();
    await server.stop();
    expect(logs).not.toMatch(/imported problem/);
    expect(logs).toMatch(/problems unchanged since last import: .*\bnim\b/);
    expect(logs).not.toMatch(/migrated the database/);
    expect(readDb(server.dataDir, "SELECT id, input FROM tests WHERE problem = 'nim' ORDER BY idx")).toEqual(before);
    expect(readDb(server.dataDir, 'SELECT slug, imported_at AS at FROM problems ORDER BY slug')).toEqual(imported);
  }, 300_000); // the first start builds the tests of every package

  it('judges again, after a restart, a submission that was being judged when the server was killed', async () => {
    let server = await startServer({ workers: 1 });
    dirs.push(server.dataDir);
    await server.waitForLog(/judge thread 0 ready/);
    // Accepted, but on the last test it takes a fixed count of steps (about 0.2 s of CPU, a fifth of
    // the time limit): while the submission is "running" that work is still ahead, so the
    // kill lands mid-judging even when the test process reads the status late on a busy machine.
    const [last] = readDb<{ input: string }>(server.dataDir, "SELECT input FROM tests WHERE problem = 'nim' ORDER BY idx DESC LIMIT 1");
    const isLast = `input.length === ${last!.input.length} && input.startsWith(${JSON.stringify(last!.input.slice(0, 64))})`;
    const slowOnLast = acceptedNim().replace(
      "process.stdout.write(solve(require('fs').readFileSync(0, 'utf8')));",
      `const input: string = require('fs').readFileSync(0, 'utf8'); if (${isLast}) { let x = 0; for (let i = 0; i < 30_000_000; i++) x = (x * 31 + i) | 0; if (x === 7) console.error(''); } process.stdout.write(solve(input));`,
    );
    expect(slowOnLast).not.toBe(acceptedNim());
    const id = await submit(server.url, 'nim', slowOnLast);
    await waitForStatus(server.url, id, ['running']);
    await server.kill();

    const [row] = readDb<{ status: string; results: number }>(
      server.dataDir,
      'SELECT status, (SELECT COUNT(*) FROM submission_tests WHERE submission_id = s.id) AS results FROM submissions s WHERE id = ?',
      id,
    );
    expect(row!.status).toBe('running');

    server = await startServer({ workers: 1, dataDir: server.dataDir });
    try {
      expect(server.logs()).toMatch(/put 1 submission\(s\) interrupted by the last shutdown back in the queue/);
      const s = await waitForVerdict(server.url, id);
      expect(s.verdict).toBe('AC');
      expect(s.tests.map((t) => t.index)).toEqual(s.tests.map((_, i) => i + 1));
    } finally {
      await server.stop();
    }
  }, 180_000); // two starts of the server: seconds each, tens of seconds on a loaded machine
});
