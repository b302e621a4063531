import { chmodSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOnPath } from '../../server/languages/detect';
import { waitForLanguages } from '../helpers/languages';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';

/**
 * The judge on a machine without g++ or PyPy, whose only `python3` is a shim in a private
 * directory (as pyenv's under /root): it starts, offers TypeScript and JavaScript, and says for
 * each other language why not, on the API, the problem page and a refused submission.
 */
let server: RunningServer;
const bin = mkdtempSync(join(tmpdir(), 'sg-judge-test-path-'));

beforeAll(async () => {
  chmodSync(bin, 0o700);
  writeFileSync(join(bin, 'python3'), `#!/bin/sh\nexec ${findOnPath('python3', process.env.PATH).at(-1)} "$@"\n`, { mode: 0o755 });
  // The C compiler the native runner's helper is built with stays (a machine with gcc but not g++).
  symlinkSync(findOnPath('cc', process.env.PATH)[0]!, join(bin, 'cc'));
  server = await startServer({ workers: 1, env: { PATH: bin } });
  await waitForLanguages(server.url);
}, 180_000);
afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
  rmSync(bin, { recursive: true, force: true });
});

describe('a judge without the compilers', () => {
  it('offers only what works, and says why for the rest', async () => {
    const list = (await (await fetch(`${server.url}/api/languages`)).json()) as { id: string; available: boolean; version: string | null; reason?: string }[];
    const by = Object.fromEntries(list.map((l) => [l.id, l]));
    expect(by.typescript).toMatchObject({ available: true });
    expect(by.javascript).toMatchObject({ available: true });
    expect(by.cpp17).toEqual({ id: 'cpp17', name: 'GNU C++17', available: false, version: null, reason: 'C++ is not available on this judge: install g++' });
    expect(by.cpp20).toMatchObject({ available: false, reason: 'C++ is not available on this judge: install g++' });
    expect(by.pypy3).toMatchObject({ available: false, reason: 'Python is not available on this judge: install pypy3' });
    expect(by.c11).toMatchObject({ available: false, reason: 'C is not available on this judge: install gcc' });
    // The shim is found on the PATH, but the sandbox's user cannot run it: not offered, and why.
    expect(by.python3!.available).toBe(false);
    expect(by.python3!.reason).toMatch(/^Python is not available on this judge: its self-test failed in the sandbox \(.*python3.*\); install python3$/);
  });

  it('refuses a submission in a missing language with the sentence, in English and Chinese', async () => {
    const res = await fetch(`${server.url}/api/submissions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ problem: 'nim', source: 'int main() {}', language: 'cpp17' }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('C++ is not available on this judge: install g++');
    const form = await fetch(`${server.url}/problems/nim/submit`, { method: 'POST', headers: { cookie: 'lang=zh' }, body: new URLSearchParams({ source: 'int main() {}', language: 'cpp17' }), redirect: 'manual' });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain('本评测机不支持 C++：请安装 g++');
  });

  it('names the missing languages on the problem page instead of offering them', async () => {
    const html = await (await fetch(`${server.url}/problems/nim`)).text();
    const menu = /<select name="language" id="language">([\s\S]*?)<\/select>/.exec(html)![1]!;
    expect([...menu.matchAll(/value="([^"]+)"/g)].map((m) => m[1])).toEqual(['typescript', 'javascript']);
    expect(html).toContain('C++ is not available on this judge: install g++');
    expect(html).toContain('Python is not available on this judge: install pypy3');
  });
});
