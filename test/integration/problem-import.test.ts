import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportPackage, packageZip, writePackage } from '../../server/package-format/export';
import { zipFiles } from '../../server/package-format/zip';
import { storageCli } from '../helpers/accounts';
import { submit, waitForVerdict } from '../helpers/judge-client';
import { removeDataDir, ROOT, startServer, type RunningServer } from '../helpers/server';

/**
 * Issue 36's import on the real server: the upload route, a stored problem judged and listed, the
 * CLI importing beside the running server, refusals as sentences while the server keeps serving,
 * and the stored problem surviving a backup, a restore and the start after it.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'sg-import-'));
const spare = mkdtempSync(join(tmpdir(), 'sg-import-files-'));
const restored = mkdtempSync(join(tmpdir(), 'sg-import-restored-'));
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  for (const d of [dataDir, spare, restored]) removeDataDir(d);
});

const EVIL = 'Take the last coin. <script>alert(1)</script>\n';

/** Uploads (202: a queued import) and follows GET /api/problems/import/:id until it is done or refused. */
async function upload(zip: Buffer, query = ''): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server!.url}/api/problems/import${query}`, { method: 'POST', headers: { 'content-type': 'application/zip' }, body: new Uint8Array(zip) });
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status !== 202) return { status: res.status, body };
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const v = (await (await fetch(`${server!.url}/api/problems/import/${body.id}`)).json()) as Record<string, unknown>;
    if (v.status === 'done' || v.status === 'refused') return { status: res.status, body: v };
  }
  throw new Error(`import ${body.id} did not finish`);
}

async function slugs(base = server!.url): Promise<string[]> {
  return ((await (await fetch(`${base}/api/problems`)).json()) as { slug: string }[]).map((p) => p.slug);
}

function cli(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/problem.ts', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += String(c)));
    child.stderr.on('data', (c: Buffer) => (stderr += String(c)));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('importing a problem into a running judge', { timeout: 240_000 }, () => {
  it('an uploaded zip is imported by a queued job, stored and judged', async () => {
    server = await startServer({ dataDir, workers: 1 });
    const exported = await exportPackage('kiki');
    // Without the too-slow solutions (each costs a whole time limit; test/problem-store runs them),
    // and without sg-judge/generator.ts, as a package from another judge comes: the exported
    // generator turning stress on is test/package-format/builtin-generator.test.ts.
    const files = exported.files
      .filter((f) => !f.path.startsWith('submissions/time_limit_exceeded/') && f.path !== 'sg-judge/generator.ts')
      .map((f) => (f.path === 'statement/problem.en.md' ? { ...f, data: Buffer.from(EVIL) } : f));
    // Pages answering while an import runs: test/integration/import-job.test.ts.
    const { status, body } = await upload(packageZip({ ...exported, files }), '?as=rt-kiki');
    expect(status, JSON.stringify(body)).toBe(202);
    expect(body.status, JSON.stringify(body)).toBe('done');
    expect(body.slug).toBe('rt-kiki');
    expect((body.solutions as { ok: boolean }[]).every((s) => s.ok)).toBe(true);
    expect(await slugs()).toContain('rt-kiki');

    const page = await (await fetch(`${server.url}/problems/rt-kiki`)).text();
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>alert(1)');
    // No generator: stress tests are off, custom inputs and saved tests work (the accepted solution answers).
    expect(page).toMatch(/rt-kiki has no generator \(TypeScript exporting generate\(rng, size\)\): stress tests are off for it; custom inputs and saved tests work\./);
    expect(page).toContain('id="user-tests"');

    const source = (name: string) => files.find((f) => f.path === name)!.data.toString();
    const wrong = files.find((f) => f.path.startsWith('submissions/wrong_answer/'))!.path;
    const ac = await waitForVerdict(server.url, await submit(server.url, 'rt-kiki', source('submissions/accepted/fast.ts')));
    const wa = await waitForVerdict(server.url, await submit(server.url, 'rt-kiki', source(wrong)));
    expect([ac.verdict, wa.verdict]).toEqual(['AC', 'WA']);

    const stress = await fetch(`${server.url}/api/stress`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ problem: 'rt-kiki', source: source('submissions/accepted/fast.ts') }) });
    expect(stress.status).toBe(409);
    expect(((await stress.json()) as { error: string }).error).toBe('rt-kiki has no generator (TypeScript exporting generate(rng, size)): stress tests are off for it; custom inputs and saved tests work.');

    // A custom input: the package's accepted solution (in its own sandbox) answers it, the wrong one gets a verdict.
    const sample = files.find((f) => f.path.startsWith('data/sample/') && f.path.endsWith('.in'))!;
    const input = sample.data.toString();
    const answer = files.find((f) => f.path === sample.path.replace(/\.in$/, '.ans'))!.data.toString();
    const invoke = async (src: string) => {
      const res = await fetch(`${server!.url}/api/invocations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ problem: 'rt-kiki', source: src, input }) });
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: number };
      for (;;) {
        const inv = (await (await fetch(`${server!.url}/api/invocations/${id}`)).json()) as { status: string; verdict: string; expected: string };
        if (inv.status === 'done') return inv;
        await new Promise((r) => setTimeout(r, 150));
      }
    };
    const mine = await invoke(source('submissions/accepted/fast.ts'));
    expect(mine.verdict).toBe('AC');
    expect(mine.expected.trim()).toBe(answer.trim());
    // A saved test's expected output is the reference's answer too.
    const saved = await fetch(`${server.url}/api/problems/rt-kiki/tests`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ input }) });
    expect(saved.status).toBe(201);
    const tests = (await (await fetch(`${server.url}/api/problems/rt-kiki/tests`)).json()) as { input: string; expected: string }[];
    expect(tests.at(-1)!.expected.trim()).toBe(answer.trim());
  });

  it('refuses hostile and oversized uploads with sentences, and keeps serving', async () => {
    const escape = zipFiles([{ path: 'pk/x.in', data: Buffer.from('1\n') }]);
    // A name of the same length, rewritten in place to climb out.
    const bad = Buffer.from(escape.toString('latin1').replaceAll('pk/x.in', '../x.in'), 'latin1');
    const refused = await upload(bad);
    expect(refused.body.status).toBe('refused');
    expect(String(refused.body.error)).toMatch(/^The package was refused: "\.\.\/x\.in": a name with "\.\."/);
    const tooBig = await new Promise<number>((resolve, reject) => {
      const url = new URL(server!.url);
      const req = request({ host: url.hostname, port: url.port, path: '/api/problems/import', method: 'POST', headers: { 'content-type': 'application/zip', 'content-length': String(200 * 1024 * 1024) } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write(Buffer.alloc(1024));
    });
    expect(tooBig).toBe(413);
    expect((await fetch(`${server!.url}/api/health`)).status).toBe(200);
  });

  it('the command line imports beside the running server, which lists the problem without a restart', async () => {
    const whole = await exportPackage('bash-game');
    const dir = writePackage({ ...whole, files: whole.files.filter((f) => !f.path.startsWith('submissions/time_limit_exceeded/')) }, spare);
    const run = await cli(['import', dir, '--as', 'rt-bash-game']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/ok {3}accepted\/fast\.ts/);
    expect(run.stdout).toMatch(/imported rt-bash-game/);
    expect(await slugs()).toContain('rt-bash-game');
    // The export's folder is the format's short name (bashgame); under the built-in's own name it is refused.
    const named = join(spare, 'again', 'bash-game');
    cpSync(dir, named, { recursive: true });
    const twice = await cli(['import', named]);
    expect(twice.status).toBe(1);
    expect(twice.stderr).toMatch(/refused: "bash-game" is the short name of a built-in problem; import it under another name \(--as NAME\)/);
  });

  it('a stored problem is kept by a backup, restored, and judged after the restored judge starts', async () => {
    const file = join(spare, 'backup.db');
    const made = await storageCli(dataDir, 'backup', file);
    expect(made.status, made.stderr).toBe(0);
    const copy = new Database(file, { readonly: true });
    const kept = copy.prepare("SELECT COUNT(*) AS n FROM tests WHERE problem = 'rt-kiki'").get() as { n: number };
    const hash = copy.prepare("SELECT content_hash AS h FROM problems WHERE slug = 'rt-kiki'").get() as { h: string };
    copy.close();
    expect(kept.n).toBeGreaterThan(5);
    expect(hash.h).toMatch(/^stored:/);
    await server!.stop();
    server = undefined;
    const back = await storageCli(restored, 'restore', file);
    expect(back.status, back.stderr).toBe(0);
    server = await startServer({ dataDir: restored, workers: 1 });
    expect(await slugs()).toEqual(expect.arrayContaining(['rt-kiki', 'rt-bash-game']));
    const fast = readFileSync(join(spare, 'bashgame/submissions/accepted/fast.ts'), 'utf8');
    expect((await waitForVerdict(server.url, await submit(server.url, 'rt-bash-game', fast))).verdict).toBe('AC');
  });
});
