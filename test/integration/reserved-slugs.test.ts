import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPackage, packageZip, writePackage, type ExportedPackage } from '../../server/package-format/export';
import { RESERVED_SLUGS } from '../../server/problems/registry';
import { removeDataDir, ROOT, startServer, type RunningServer } from '../helpers/server';

/**
 * "new" and "import" are path segments of the judge's own routes under /problems/ and
 * /api/problems/, mounted before /problems/:slug: no problem may take one, by any way in.
 */
const files = mkdtempSync(join(tmpdir(), 'sg-reserved-files-'));
let server: RunningServer;
let kiki: ExportedPackage;

beforeAll(async () => {
  server = await startServer({ workers: 1 });
  kiki = await exportPackage('kiki');
}, 120_000);

afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
  rmSync(files, { recursive: true, force: true });
});

const REFUSED = (slug: string) => `"${slug}" is a word the judge's own addresses use (/problems/${slug}), not a problem's short name`;

function cli(args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/problem.ts', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: server.dataDir } });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += String(c)));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

describe('reserved short names', { timeout: 120_000 }, () => {
  it('reserves every literal segment a route puts right after /problems/ or /api/problems/', () => {
    const dir = join(ROOT, 'server/http');
    const segments = new Set<string>();
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
      // Routers mounted at /api declare '/problems/…' too: both spellings name the same segment.
      for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/\.(?:get|post|put|patch|delete|all|use)\(\s*['`](?:\/api)?\/problems\/([^/:'`?]+)/g)) segments.add(m[1]!);
    }
    expect([...segments].sort()).toEqual(['import', 'new']);
    for (const s of segments) expect(RESERVED_SLUGS).toContain(s);
  });

  it('the command line refuses a package folder named "new", and --as import', async () => {
    const dir = writePackage({ ...kiki, slug: 'new' }, files);
    const byFolder = await cli(['import', dir]);
    expect(byFolder.status).toBe(1);
    expect(byFolder.stderr).toContain(`refused: ${REFUSED('new')}; import it under another name (--as NAME).`);
    const byAs = await cli(['import', dir, '--as', 'import']);
    expect([byAs.status, byAs.stderr]).toEqual([1, expect.stringContaining(REFUSED('import'))]);
  });

  it('an upload refuses a zip of a folder named "import" (the queued job is refused), and ?as=new (400 before the body is read), storing nothing', async () => {
    const upload = async (zip: Buffer, query = '') => {
      const res = await fetch(`${server.url}/api/problems/import${query}`, { method: 'POST', headers: { 'content-type': 'application/zip' }, body: new Uint8Array(zip) });
      return { status: res.status, body: (await res.json()) as { id?: number; error?: string } };
    };
    const byFolder = await upload(packageZip({ ...kiki, slug: 'import' }));
    expect(byFolder.status).toBe(202);
    let job: { status: string; reasons: string[] };
    for (;;) {
      job = (await (await fetch(`${server.url}/api/problems/import/${byFolder.body.id}`)).json()) as typeof job;
      if (job.status === 'done' || job.status === 'refused') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(job.status).toBe('refused');
    expect(job.reasons.join('\n')).toContain(`${REFUSED('import')}; import it under another name (--as NAME).`);
    const byAs = await upload(packageZip(kiki), '?as=new');
    expect([byAs.status, byAs.body.error]).toEqual([400, `${REFUSED('new')}; choose another.`]);
    const slugs = ((await (await fetch(`${server.url}/api/problems`)).json()) as { slug: string }[]).map((p) => p.slug);
    expect(slugs).not.toContain('new');
    expect(slugs).not.toContain('import');
    // The authoring page is still the authoring page.
    expect(await (await fetch(`${server.url}/problems/new`)).text()).toContain('<form');
  });

  it('a typed draft named "new" or "import" answers 400 with the sentence', async () => {
    const base = { title: { en: 'X' }, statement: { en: 'x' }, limits: { timeMs: 1000, memoryMb: 256 }, samples: [{ input: '1\n' }], reference: 'console.log(1);' };
    for (const slug of RESERVED_SLUGS) {
      const res = await fetch(`${server.url}/api/problem-drafts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...base, slug }) });
      expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([400, `${REFUSED(slug)}; choose another.`]);
    }
  });
});
