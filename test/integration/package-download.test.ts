import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { accountsCli, Person } from '../helpers/accounts';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';

const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) {
    await s.stop();
    removeDataDir(s.dataDir);
  }
});

/** The names and contents of a zip's entries (central directory, stored or deflated). */
function unzip(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  const out = new Map<string, string>();
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const body = zip.subarray(start, start + zip.readUInt32LE(at + 20));
    out.set(zip.subarray(at + 46, at + 46 + nameLength).toString(), (zip.readUInt16LE(at + 10) === 8 ? inflateRawSync(body) : body).toString());
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return out;
}

describe('the problem package download', { timeout: 300_000 }, () => {
  it('gives the one local person the package with the tests the judge stores, linked from the problem page', async () => {
    const server = await startServer({ workers: 1 });
    servers.push(server);
    const page = await (await fetch(`${server.url}/problems/nim`)).text();
    expect(page).toContain('href="/problems/nim/package.zip"');
    const res = await fetch(`${server.url}/problems/nim/package.zip`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="nim.zip"');
    const files = unzip(Buffer.from(await res.arrayBuffer()));
    expect(files.get('nim/problem.yaml')).toContain('time_limit: 1\n');
    expect(files.get('nim/submissions/accepted/fast.ts')).toContain('solve');
    expect(JSON.parse(files.get('nim/sg-judge/tests.json')!).from).toBe('database');
    expect([...files.keys()].filter((f) => f.startsWith('nim/data/sample/'))).toEqual(['nim/data/sample/1.in', 'nim/data/sample/1.ans']);

    const missing = await fetch(`${server.url}/problems/no-such/package.zip`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('There is no problem');
  });

  it('is for teachers only in accounts mode', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-package-'));
    expect((await accountsCli(dataDir, ['add-teacher', 'tess'], 'teacher-password\n')).status).toBe(0);
    const server = await startServer({ dataDir, workers: 1, env: { ACCOUNTS: 'on', CLASS_CODE: 'code-1234', TRUST_PROXY: '1' } });
    servers.push(server);
    const registered = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'ann', password: 'ann-password', classCode: 'code-1234' }),
    });
    expect(registered.status).toBe(201);
    const ann = new Person(server.url, 'ann', 'ann-password');
    const tess = new Person(server.url, 'tess', 'teacher-password');
    expect((await ann.login()).status).toBe(200);
    expect((await tess.login()).status).toBe(200);

    const refused = await ann.browser('/problems/nim/package.zip');
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Only a teacher can download a problem package');
    expect(await (await ann.browser('/problems/nim')).text()).not.toContain('package.zip');

    expect(await (await tess.browser('/problems/nim')).text()).toContain('href="/problems/nim/package.zip"');
    const res = await tess.browser('/problems/nim/package.zip');
    expect(res.status).toBe(200);
    expect(unzip(Buffer.from(await res.arrayBuffer())).has('nim/problem.yaml')).toBe(true);
  });
});
