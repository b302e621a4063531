import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import type { ExportedPackage } from '../../server/package-format/export';
import { exportProblem } from '../../server/problem-store/export';
import { readZip } from '../../server/package-format/unzip';
import { zipFiles } from '../../server/package-format/zip';
import { importPackage } from '../../server/problem-store';
import { createSandbox } from '../../server/sandbox';
import { openDatabase } from '../../server/storage/db';
import { removeDataDir, ROOT, startServer, type RunningServer } from '../helpers/server';
import { smallPackage } from '../problem-store/small-package';

/**
 * The upload import as a queued job on the real server (local mode): 202 with an id, the status and
 * the solution table followed while it runs, other requests answered while a slow package's
 * solutions run, an import interrupted by a killed server finished after the restart (never half
 * stored), and a published lab draft downloaded, imported and exported again unchanged.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'sg-import-job-'));
const spare = mkdtempSync(join(tmpdir(), 'sg-import-job-files-'));
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  removeDataDir(dataDir);
  removeDataDir(spare);
});

interface ImportView {
  id: number;
  status: 'queued' | 'running' | 'done' | 'refused';
  slug: string | null;
  error?: string;
  solutions: { folder: string; name: string; got: string | null; ok: boolean }[];
  reasons: string[];
  notes: string[];
}

/** The sum package with two solutions that loop (each costs its 1 s time limit): a slow import. */
const SLOW = zipFiles(
  smallPackage((f) => {
    f.set('submissions/time_limit_exceeded/loop-1.ts', 'for (;;) {}\n');
    f.set('submissions/time_limit_exceeded/loop-2.ts', 'while (true) {}\n');
  }).map((f) => ({ path: `sum/${f.path}`, data: f.data })),
);

async function upload(zip: Buffer, query = ''): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server!.url}/api/problems/import${query}`, { method: 'POST', headers: { 'content-type': 'application/zip' }, body: new Uint8Array(zip) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function view(id: number): Promise<ImportView> {
  const res = await fetch(`${server!.url}/api/problems/import/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ImportView;
}

async function until(id: number, done: (v: ImportView) => boolean): Promise<ImportView> {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    const v = await view(id);
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`import ${id} did not get there in time`);
}

const settled = (v: ImportView) => v.status === 'done' || v.status === 'refused';

async function slugs(): Promise<string[]> {
  return ((await (await fetch(`${server!.url}/api/problems`)).json()) as { slug: string }[]).map((p) => p.slug);
}

describe('the upload import as a queued job', { timeout: 240_000 }, () => {
  it('answers 202 with an id, serves other requests while the slow package runs, and shows the table as it runs', async () => {
    server = await startServer({ dataDir });
    const queued = await upload(SLOW);
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    const id = queued.body.id as number;
    expect(queued.body.status).toBe('queued');
    // The accepted and the wrong solution are judged; the looping ones come next (a whole time
    // limit of CPU each). A poll the loaded machine delays may already see the first loop's row.
    const midway = await until(id, (v) => settled(v) || v.solutions.length >= 2);
    expect(midway.status).toBe('running');
    expect(midway.solutions.slice(0, 2).map((s) => `${s.folder}/${s.name} ${s.got}`)).toEqual(['accepted/sum.ts AC', 'wrong_answer/product.ts WA']);
    expect(midway.solutions.length).toBeLessThan(4);
    // The order of events: this answer comes while the import is still running.
    const listed = await fetch(`${server.url}/api/problems`);
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { slug: string }[]).map((p) => p.slug)).toContain('nim');
    expect((await view(id)).status).toBe('running');

    const done = await until(id, settled);
    expect(done.status, JSON.stringify(done)).toBe('done');
    expect(done.slug).toBe('sum');
    expect(done.solutions.map((s) => `${s.name} ${s.got} ${s.ok}`).sort()).toEqual(['loop-1.ts TLE true', 'loop-2.ts TLE true', 'product.ts WA true', 'sum.ts AC true']);
    expect(done.notes).toContain('1 input validator(s) accepted all 5 test inputs.');
    expect(await slugs()).toContain('sum');
    // The zip waited under the data directory, and is gone once imported.
    expect(readdirSync(join(dataDir, 'imports'))).toEqual([]);

    // The command line exports the stored problem beside the running server, as it was uploaded.
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/problem.ts', 'export', 'sum', join(spare, 'cli')], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/exported sum to .*: 20 files, 5 tests from the database/);
    expect(readFileSync(join(spare, 'cli/sum/submissions/time_limit_exceeded/loop-2.ts'), 'utf8')).toBe('while (true) {}\n');
    expect(readFileSync(join(spare, 'cli/sum/input_validators/two-ints/README.md'), 'utf8')).toBe('Two integers on one line.\n');
  });

  it('a refused package: every reason at GET, nothing stored', async () => {
    const bad = zipFiles(smallPackage((f) => f.set('data/secret/03-mixed.in', 'seven\n')).map((f) => ({ path: `sum/${f.path}`, data: f.data })));
    const queued = await upload(bad, '?as=bad-sum');
    expect(queued.status).toBe(202);
    const v = await until(queued.body.id as number, settled);
    expect(v.status).toBe('refused');
    expect(v.error).toBe('The package was refused: data/secret/03-mixed.in is invalid by the input validator input_validators/two-ints/validate.ts: not two integers on one line: "seven\\n"');
    expect(v.reasons).toHaveLength(1);
    expect(await slugs()).not.toContain('bad-sum');
    const missing = await fetch(`${server!.url}/api/problems/import/999999`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'There is no problem import 999999.' });
  });

  it('a body without a declared length is counted as it comes and stopped past 64 MiB, nothing kept', async () => {
    const url = new URL(server!.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: '/api/problems/import', method: 'POST', headers: { 'content-type': 'application/zip', 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      // The server may close the connection while this side still writes.
      req.on('error', (e) => setTimeout(() => reject(e), 1000));
      const chunk = Buffer.alloc(1024 * 1024);
      let sent = 0;
      const more = (): void => {
        while (sent < 70) {
          sent++;
          if (!req.write(chunk)) return void req.once('drain', more);
        }
        req.end();
      };
      more();
    });
    expect(status).toBe(413);
    expect(readdirSync(join(dataDir, 'imports'))).toEqual([]);
    expect((await fetch(`${server!.url}/api/health`)).status).toBe(200);
  });

  it('an import running when the server is killed is finished after the restart, stored once', async () => {
    const queued = await upload(SLOW, '?as=sum-again');
    const id = queued.body.id as number;
    await until(id, (v) => v.status === 'running' || settled(v));
    await server!.kill();
    server = await startServer({ dataDir });
    const v = await until(id, settled);
    expect(v.status, JSON.stringify(v)).toBe('done');
    expect(v.slug).toBe('sum-again');
    expect((await slugs()).filter((s) => s === 'sum-again')).toHaveLength(1);
    expect(readdirSync(join(dataDir, 'imports'))).toEqual([]);
  });

  it("a published lab draft: the teacher's download imports into a fresh judge and exports the same files", async () => {
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${server!.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const created = await post('/api/problem-drafts', { lab: { subtract: '1,2' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    for (let status = ''; status !== 'ready'; ) {
      status = ((await (await fetch(`${server!.url}/api/problem-drafts/${id}`)).json()) as { status: string }).status;
      expect(status).not.toBe('failed');
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await post(`/api/problem-drafts/${id}/publish`, {})).status).toBe(200);
    const slug = created.body.slug as string;
    const res = await fetch(`${server!.url}/problems/${slug}/package.zip`);
    expect(res.status).toBe(200);
    const unzipped = readZip(Buffer.from(await res.arrayBuffer()));
    if (!unzipped.ok) throw new Error(unzipped.reasons.join('\n'));
    const downloaded = Object.fromEntries(unzipped.entries.map((e) => [e.path.slice(e.path.indexOf('/') + 1), e.data.toString('utf8')]));
    expect(Object.keys(downloaded)).toEqual(expect.arrayContaining(['problem.yaml', 'submissions/accepted/fast.ts', 'sg-judge/generator.ts', 'sg-judge/brute.ts', 'sg-judge/lab.json', 'sg-judge/case-layout.json']));
    expect(Object.keys(downloaded).some((p) => p.startsWith('submissions/wrong_answer/'))).toBe(true);

    const fresh = join(spare, 'fresh');
    mkdirSync(fresh);
    const db = openDatabase(join(fresh, 'judge.db'), { migrate: true });
    const compiler = createCompiler();
    const sandbox = await createSandbox();
    try {
      const zip = zipFiles(unzipped.entries);
      const r = await importPackage(db, { zip, fileName: `${slug}.zip` }, { dataDir: fresh, owner: null, as: slug, compiler, sandbox });
      if (!r.ok) throw new Error(r.reasons.join('\n'));
      const again: ExportedPackage = await exportProblem(slug, db);
      expect(Object.fromEntries(again.files.map((f) => [f.path, f.data.toString('utf8')]))).toEqual(downloaded);
    } finally {
      db.close();
      await compiler.close();
      await sandbox.close();
    }
    expect(existsSync(join(fresh, 'import-tmp')) ? readdirSync(join(fresh, 'import-tmp')) : []).toEqual([]);
  });
});
