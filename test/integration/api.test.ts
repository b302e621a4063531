import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSubmission, submit, waitForVerdict } from '../helpers/judge-client';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim, TYPE_ERROR, wrongNim } from '../helpers/solutions';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ workers: 2 });
});
afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

async function post(body: string | Buffer, contentType = 'application/json'): Promise<{ status: number; json: unknown }> {
  const payload = typeof body === 'string' ? body : new Uint8Array(body);
  const res = await fetch(`${server.url}/api/submissions`, { method: 'POST', headers: { 'content-type': contentType }, body: payload });
  return { status: res.status, json: await res.json() };
}

/**
 * Every API error is `{"error": "<a sentence>"}`, and, where the sentence is a message of the
 * judge's table (server/text/messages.ts), its `id` and `args` beside it (both or neither).
 */
function expectError(r: { status: number; json: unknown }, status: number, words: RegExp): void {
  expect(r.status).toBe(status);
  const keys = Object.keys(r.json as object);
  expect([['error'], ['error', 'id', 'args']]).toContainEqual(keys);
  if (keys.includes('id')) {
    const { id, args } = r.json as { id: unknown; args: unknown };
    expect(typeof id).toBe('string');
    expect(Array.isArray(args)).toBe(true);
  }
  const error = (r.json as { error: unknown }).error;
  expect(typeof error).toBe('string');
  expect(error).toMatch(/^[A-Z"].*\.$/);
  expect(error).toMatch(words);
}

describe('problems API', () => {
  it('lists problems with titles, source and limits', async () => {
    const res = await fetch(`${server.url}/api/problems`);
    expect(res.status).toBe(200);
    const list = (await res.json()) as { slug: string; title: { en: string; zh: string }; limits: { timeMs: number; memoryMb: number } }[];
    const nim = list.find((p) => p.slug === 'nim');
    expect(nim).toMatchObject({ title: { en: 'Nim', zh: 'Nim 游戏' }, limits: { timeMs: 1000, memoryMb: 256 } });
  });

  it('gives one problem with statements and samples', async () => {
    const res = await fetch(`${server.url}/api/problems/nim`);
    const p = (await res.json()) as { statement: { en: string; zh: string }; samples: { input: string; output: string }[] };
    expect(res.status).toBe(200);
    expect(p.statement.en).toContain('piles');
    expect(p.statement.zh).toContain('石子');
    expect(p.samples[0]).toEqual({ input: '2\n2\n1 1\n2\n1 0\n', output: 'No\nYes\n' });
  });

  it('answers 404 with a sentence for unknown or malformed slugs', async () => {
    for (const slug of ['no-such-problem', '..%2F..%2Fetc%2Fpasswd', 'NIM']) {
      const res = await fetch(`${server.url}/api/problems/${slug}`);
      expectError({ status: res.status, json: await res.json() }, 404, /no problem/);
    }
  });
});

describe('judging through the API', () => {
  it('accepts the nim reference as a program: AC on every stored test', async () => {
    const id = await submit(server.url, 'nim', acceptedNim());
    const s = await waitForVerdict(server.url, id);
    expect(s).toMatchObject({ id, problem: 'nim', status: 'done', verdict: 'AC', compileOutput: null, failedTest: null });
    expect(s.tests.length).toBeGreaterThanOrEqual(20);
    expect(s.tests.map((t) => t.index)).toEqual(s.tests.map((_, i) => i + 1));
    for (const t of s.tests) {
      expect(t.verdict).toBe('AC');
      expect(Number.isInteger(t.timeMs) && Number.isInteger(t.memoryKb)).toBe(true);
    }
  });

  it('gives WA on the first failing test to each known-wrong solution', async () => {
    const wrong = wrongNim();
    expect(wrong.length).toBeGreaterThanOrEqual(2);
    const ids = await Promise.all(wrong.map((w) => submit(server.url, 'nim', w.source)));
    for (const [i, id] of ids.entries()) {
      const s = await waitForVerdict(server.url, id);
      expect(s.verdict, wrong[i]!.name).toBe('WA');
      expect(s.failedTest).toBe(s.tests.length);
      expect(s.tests.at(-1)!.verdict).toBe('WA');
      expect(s.tests.slice(0, -1).every((t) => t.verdict === 'AC')).toBe(true);
    }
  });

  it('gives CE with the compiler message for a type error, and runs no test', async () => {
    const s = await waitForVerdict(server.url, await submit(server.url, 'nim', TYPE_ERROR));
    expect(s.verdict).toBe('CE');
    expect(s.tests).toEqual([]);
    expect(s.compileOutput).toMatch(/TS2322/);
  });

  it('reports a queued submission with the documented fields', async () => {
    const id = await submit(server.url, 'nim', acceptedNim());
    const s = await getSubmission(server.url, id);
    for (const key of ['id', 'problem', 'status', 'verdict', 'tests', 'compileOutput']) expect(s).toHaveProperty(key);
    expect(['queued', 'compiling', 'running', 'done']).toContain(s.status);
    await waitForVerdict(server.url, id);
  });

  it('lists submissions newest first, filtered by problem and verdict', async () => {
    const all = (await (await fetch(`${server.url}/api/submissions?problem=&verdict=`)).json()) as { id: number; verdict: string | null }[];
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.map((s) => s.id)).toEqual([...all.map((s) => s.id)].sort((a, b) => b - a));
    const wa = (await (await fetch(`${server.url}/api/submissions?problem=nim&verdict=WA`)).json()) as { verdict: string }[];
    expect(wa.length).toBeGreaterThanOrEqual(2);
    expect(wa.every((s) => s.verdict === 'WA')).toBe(true);
  });
});

describe('API errors', () => {
  it('refuses malformed JSON, wrong shapes and missing or mistyped fields with 400', async () => {
    expectError(await post('{"problem": "nim", "source": '), 400, /not valid JSON/);
    expectError(await post(''), 400, /empty/);
    expectError(await post('[1, 2]'), 400, /JSON object/);
    expectError(await post('"just a string"'), 400, /JSON object/);
    expectError(await post(JSON.stringify({ source: 'x' })), 400, /"problem" is missing/);
    expectError(await post(JSON.stringify({ problem: 'nim' })), 400, /"source" is missing/);
    expectError(await post(JSON.stringify({ problem: 'nim', source: 42 })), 400, /"source" must be a string/);
    expectError(await post(JSON.stringify({ problem: ['nim'], source: 'x' })), 400, /"problem" must be a string/);
    expectError(await post(JSON.stringify({ problem: 'nim', source: '   \n' })), 400, /empty/);
  });

  it('refuses binary sources: NUL bytes, invalid UTF-8, lone surrogates', async () => {
    expectError(await post(JSON.stringify({ problem: 'nim', source: 'a\u0000b' })), 400, /NUL/);
    const bytes = Buffer.concat([Buffer.from('{"problem":"nim","source":"'), Buffer.from([0xff, 0xfe, 0x80]), Buffer.from('"}')]);
    expectError(await post(bytes), 400, /UTF-8/);
    expectError(await post('{"problem":"nim","source":"x\\ud800y"}'), 400, /surrogate/);
  });

  it('answers 404 for an unknown problem', async () => {
    expectError(await post(JSON.stringify({ problem: 'no-such-problem', source: 'console.log(1)' })), 404, /no problem "no-such-problem"/);
    expectError(await post(JSON.stringify({ problem: '../../etc/passwd', source: 'console.log(1)' })), 404, /no problem/);
  });

  it('answers 413 above 64 KiB of source and accepts exactly 64 KiB', async () => {
    const header = '// padding\n';
    const exact = header + 'x'.repeat(65536 - header.length - 1) + '\n';
    expect(Buffer.byteLength(exact)).toBe(65536);
    const ok = await post(JSON.stringify({ problem: 'nim', source: exact }));
    expect(ok.status).toBe(201);
    expectError(await post(JSON.stringify({ problem: 'nim', source: exact + 'y' })), 413, /65537 bytes.*64 KiB/);
    // Multi-byte characters count as their UTF-8 bytes.
    expectError(await post(JSON.stringify({ problem: 'nim', source: '中'.repeat(22000) })), 413, /66000 bytes/);
    // A body far above the limit is refused before it is parsed.
    expectError(await post(JSON.stringify({ problem: 'nim', source: 'z'.repeat(3 << 20) })), 413, /too large/);
  });

  it('answers 400 for a malformed id and 404 for a missing submission', async () => {
    let res = await fetch(`${server.url}/api/submissions/abc`);
    expectError({ status: res.status, json: await res.json() }, 400, /not a submission id/);
    res = await fetch(`${server.url}/api/submissions/987654`);
    expectError({ status: res.status, json: await res.json() }, 404, /no submission 987654/);
  });

  it('answers 400 for a bad filter and 404 for an unknown API route', async () => {
    let res = await fetch(`${server.url}/api/submissions?verdict=XX`);
    expectError({ status: res.status, json: await res.json() }, 400, /AC, WA/);
    res = await fetch(`${server.url}/api/submissions?problem=nope`);
    expectError({ status: res.status, json: await res.json() }, 404, /no problem/);
    res = await fetch(`${server.url}/api/nothing-here`);
    expectError({ status: res.status, json: await res.json() }, 404, /no API route/);
  });
});
