import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSubmission, waitForVerdict } from '../helpers/judge-client';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ workers: 2 });
});
afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

async function post(body: unknown): Promise<{ status: number; json: { id?: number; error?: string } }> {
  const res = await fetch(`${server.url}/api/submissions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as { id?: number; error?: string } };
}

// Plain contest JavaScript: an untyped object grown property by property, and loop variables never
// declared (sloppy mode, as Node runs a CommonJS file).
const NIM_JS = `
const data = require('fs').readFileSync(0, 'utf8').split(/\\s+/).filter(Boolean).map(Number);
const memo = {};
memo.pos = 1;
const out = [];
for (t = data[0]; t > 0; t--) {
  n = data[memo.pos++];
  x = 0;
  for (i = 0; i < n; i++) x ^= data[memo.pos++];
  out.push(x ? 'Yes' : 'No');
}
console.log(out.join('\\n'));
`;

describe('JavaScript solutions', () => {
  it('are judged by the same sandbox without a type check, and keep their language', async () => {
    const { status, json } = await post({ problem: 'nim', source: NIM_JS, language: 'javascript' });
    expect(status).toBe(201);
    const done = await waitForVerdict(server.url, json.id!);
    expect(done.verdict).toBe('AC');
    expect(((await getSubmission(server.url, json.id!)) as unknown as { language: string }).language).toBe('javascript');
    // The same code as TypeScript is a compilation error: '{}' has no property 'pos'.
    const ts = await post({ problem: 'nim', source: NIM_JS });
    const tsDone = await waitForVerdict(server.url, ts.json.id!);
    expect(tsDone.verdict).toBe('CE');
    expect(tsDone.compileOutput).toMatch(/TS2339|TS2304/);
    expect(((await getSubmission(server.url, ts.json.id!)) as unknown as { language: string }).language).toBe('typescript');
  });

  it('report a syntax error, or TypeScript-only syntax, as a compilation error', async () => {
    for (const source of ['const x = ;\n', 'let n: number = 1;\nconsole.log(n);\n']) {
      const { json } = await post({ problem: 'nim', source, language: 'javascript' });
      const done = await waitForVerdict(server.url, json.id!);
      expect(done.verdict, source).toBe('CE');
      expect(done.compileOutput, source).toMatch(/^1:\d+ error TS\d+/);
    }
  });

  it('refuse an unknown language with a sentence', async () => {
    const { status, json } = await post({ problem: 'nim', source: NIM_JS, language: 'python' });
    expect(status).toBe(400);
    expect(json.error).toBe('The field "language" must be one of "typescript", "javascript", "cpp17", "cpp20", "c11", "python3", "pypy3".');
  });

  it('can be posted from the web form, which names the compiler and Node version', async () => {
    const html = await (await fetch(`${server.url}/problems/nim`)).text();
    expect(html).toContain('<option value="javascript">JavaScript</option>');
    expect(html).toContain(`Judged by Node.js ${process.versions.node}`);
    expect(html).toMatch(/a type error is a compilation error/);
    const res = await fetch(`${server.url}/problems/nim/submit`, { method: 'POST', body: new URLSearchParams({ source: NIM_JS, language: 'javascript' }), redirect: 'manual' });
    expect(res.status).toBe(303);
    const id = Number(/\/submissions\/(\d+)/.exec(res.headers.get('location')!)![1]);
    expect((await waitForVerdict(server.url, id)).verdict).toBe('AC');
    expect(await (await fetch(`${server.url}/submissions/${id}`)).text()).toContain('<small class="source-language">JavaScript</small>');
  });
});
