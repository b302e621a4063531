import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePackage } from '../../server/package-format/parse';
import { zipFiles } from '../../server/package-format/zip';
import { storePackage } from '../../server/problem-store/store';
import { openDatabase } from '../../server/storage/db';
import { submit, waitForVerdict } from '../helpers/judge-client';
import { removeDataDir, ROOT, startServer, type RunningServer } from '../helpers/server';
import { smallPackage } from '../problem-store/small-package';

/**
 * Statements that do not render in bound, on the real server: 5,000 nested braces (a 1.8 KB zip)
 * once made the problem page 500 and every later start fail ("Maximum call stack size exceeded",
 * thrown by the start-up render). Now a problem stored so before is shown as broken and the rest
 * served; an upload or a draft's preview of such a statement is refused with a sentence; and the
 * problem can be removed, by the teacher's button or `npm run problem -- remove`, its submissions kept.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'sg-statements-'));
const work = mkdtempSync(join(tmpdir(), 'sg-statements-files-'));
let server: RunningServer | undefined;

const BRACES = (n: number) => `Win: $${'{'.repeat(n)}x${'}'.repeat(n)}$\n`;
const NESTED_LIST = (bytes: number) => {
  const lines: string[] = [];
  for (let i = 0, size = 0; size < bytes; i++) {
    const line = `${' '.repeat((i % 40) * 2)}- item ${i}`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
};

function packageFiles(statement: string) {
  return smallPackage((f) => {
    // The export writes 2023-07's statement/ folder.
    f.set('statement/problem.en.md', statement);
    f.delete('statement/problem.zh.md');
  });
}

/** A problem stored as the version before the bounds stored it: straight into the database. */
function storeAsBefore(db: ReturnType<typeof openDatabase>, slug: string, statement: string): void {
  const dir = join(work, slug);
  for (const f of packageFiles(statement)) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.data);
  }
  const parsed = parsePackage(dir);
  if (!parsed.ok) throw new Error(parsed.reasons.join('\n'));
  storePackage(db, parsed.pkg, { owner: null, published: true });
}

async function upload(zip: Buffer): Promise<Record<string, unknown>> {
  const res = await fetch(`${server!.url}/api/problems/import`, { method: 'POST', headers: { 'content-type': 'application/zip' }, body: new Uint8Array(zip) });
  const body = (await res.json()) as Record<string, unknown>;
  expect(res.status).toBe(202);
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const v = (await (await fetch(`${server!.url}/api/problems/import/${body.id}`)).json()) as Record<string, unknown>;
    if (v.status === 'done' || v.status === 'refused') return v;
  }
  throw new Error(`import ${body.id} did not finish`);
}

function problemCli(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/problem.ts', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const page = async (path: string) => {
  const res = await fetch(`${server!.url}${path}`);
  return { status: res.status, html: await res.text() };
};

beforeAll(async () => {
  const db = openDatabase(join(dataDir, 'judge.db'), { migrate: true });
  storeAsBefore(db, 'deep-braces', BRACES(5000));
  storeAsBefore(db, 'plain-sum', 'Print $a + b$.\n');
  db.close();
  server = await startServer({ dataDir, workers: 1 });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  removeDataDir(dataDir);
  removeDataDir(work);
});

describe('statements that do not render in bound', () => {
  it('a stored one does not stop the judge from starting: reported, shown as broken, the rest served', async () => {
    await server!.waitForLog(/rendered \d+ problem statement/, 60_000);
    expect(server!.logs()).toMatch(/problem deep-braces: its statement is shown as broken: The statement \(en\) nests 5000 levels deep/);
    const broken = await page('/problems/deep-braces');
    expect(broken.status).toBe(200);
    expect(broken.html).toContain('This statement cannot be shown. The statement (en) nests 5000 levels deep (braces, brackets, quotes, lists or emphasis marks); at most 64 levels are rendered.');
    expect(broken.html).toContain('这道题的题面无法显示。题面（en）嵌套了 5000 层');
    const fine = await page('/problems/plain-sum');
    expect(fine.status).toBe(200);
    expect(fine.html).toContain('class="katex"');
    expect((await page('/problems')).html).toContain('/problems/plain-sum');
  });

  it('an upload of 5,000 nested braces (a 1.8 KB zip) or a 4 MB nested list is refused with a sentence', async () => {
    const braces = zipFiles(packageFiles(BRACES(5000)).map((f) => ({ path: `up-braces/${f.path}`, data: f.data })));
    expect(braces.length).toBeLessThan(4000);
    const a = await upload(braces);
    expect(a.status).toBe('refused');
    expect(a.reasons).toEqual(['The statement (en) nests 5000 levels deep (braces, brackets, quotes, lists or emphasis marks); at most 64 levels are rendered.']);
    const started = Date.now();
    const b = await upload(zipFiles(packageFiles(NESTED_LIST(4 * 1024 * 1024)).map((f) => ({ path: `up-list/${f.path}`, data: f.data }))));
    expect(b.reasons).toEqual([expect.stringMatching(/^The statement \(en\) is 4194\d{3} bytes; a statement may have at most 262144 bytes\.$/)]);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect((await page('/problems/up-braces')).status).toBe(404);
  });

  it('a draft\'s preview of 2,000 nested braces is refused with the sentence, in the page\'s language by its id', async () => {
    const res = await fetch(`${server!.url}/api/problem-drafts/preview`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ markdown: BRACES(2000) }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: expect.stringMatching(/^The statement \(en\) nests 2000 levels deep/), id: 'statement.too-deep', args: ['en', '2000', '64'] });
    // The server still renders the rest.
    expect((await page('/problems/plain-sum')).status).toBe(200);
  });

  it('the teacher\'s button removes a stored problem after a confirmation; its submissions are kept', async () => {
    const id = await submit(server!.url, 'deep-braces', 'console.log(0);\n');
    expect((await waitForVerdict(server!.url, id)).verdict).toBe('WA');
    expect((await page('/problems/deep-braces')).html).toContain('href="/problems/deep-braces/remove"');
    const confirm = await page('/problems/deep-braces/remove');
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain('Its 1 submission(s) are kept');
    expect(confirm.html).toMatch(/<form method="post" action="\/problems\/deep-braces\/remove"/);
    // A built-in problem has no such button, and its address answers 404.
    expect((await page('/problems/nim')).html).not.toContain('/problems/nim/remove');
    expect((await page('/problems/nim/remove')).status).toBe(404);
    const done = await fetch(`${server!.url}/problems/deep-braces/remove`, { method: 'POST', headers: { origin: server!.url, 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('deep-braces was removed. Its 1 submission(s) are kept.');
    expect((await page('/problems/deep-braces')).status).toBe(404);
    expect((await page('/problems')).html).not.toContain('/problems/deep-braces"');
    const kept = await page(`/submissions/${id}`);
    expect(kept.status).toBe(200);
    expect(kept.html).toContain('deep-braces');
  }, 120_000);

  it('npm run problem -- remove SLUG removes one while the server runs; a built-in one is refused', async () => {
    const r = await problemCli(['remove', 'plain-sum']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^removed plain-sum from .*judge\.db; its 0 submission\(s\) are kept/);
    expect((await page('/problems/plain-sum')).status).toBe(404);
    const again = await problemCli(['remove', 'plain-sum']);
    expect([again.status, again.stderr.trim()]).toEqual([1, 'error: There is no imported or drafted problem "plain-sum".']);
    const builtIn = await problemCli(['remove', 'nim']);
    expect([builtIn.status, builtIn.stderr.trim()]).toEqual([1, 'error: "nim" is a built-in problem (problems/nim/); only imported and drafted problems can be removed.']);
  }, 60_000);
});
