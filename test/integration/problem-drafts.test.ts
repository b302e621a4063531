import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { submit, waitForVerdict } from '../helpers/judge-client';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';

/**
 * Issue 36's drafts on the real server, local mode (the one person may author): a lab game drafted,
 * checked by a queued job in the real sandbox, published, then judged like any problem; a typed
 * draft whose answers the reference writes; bounds refused with a sentence before anything runs.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'sg-drafts-'));
let server: RunningServer;
afterAll(async () => {
  await server?.stop();
  removeDataDir(dataDir);
});

async function post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

interface DraftView {
  status: string;
  tests: { group: string; name: string }[];
  solutions: { name: string; expected: string; verdict: string | null }[];
  reasons: string[];
}

async function settled(id: number): Promise<DraftView> {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    const view = (await (await fetch(`${server.url}/api/problem-drafts/${id}`)).json()) as DraftView;
    if (view.status === 'ready' || view.status === 'failed') return view;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`draft ${id} not checked in time`);
}

describe('problem drafts', { timeout: 240_000 }, () => {
  it("a lab game becomes a problem: drafted, checked in the sandbox, published, and judged (the fast reference AC, a predicted mistake WA)", async () => {
    server = await startServer({ dataDir, workers: 1 });
    const created = await post('/api/problem-drafts', { lab: { octal: '0.07' } });
    expect(created.status).toBe(201);
    expect(created.body.slug).toBe('octal-0-07');
    const id = created.body.id as number;
    // Not a problem before it is published.
    const listed = async () => ((await (await fetch(`${server.url}/api/problems`)).json()) as { slug: string }[]).map((p) => p.slug);
    expect(await listed()).not.toContain('octal-0-07');
    const early = await post(`/api/problem-drafts/${id}/publish`, {});
    expect([409, 200]).toContain(early.status);
    if (early.status === 200) throw new Error('published before its checks ran');

    const view = await settled(id);
    expect(view.reasons).toEqual([]);
    expect(view.status).toBe('ready');
    expect(view.solutions.map((s) => `${s.name.replace(/ \(.*/, '')} ${s.verdict}`).sort()).toEqual([
      'accepted/fast.ts AC',
      'sg-judge/brute.ts AC',
      'wrong_answer/exceptions-ignored.ts WA',
      'wrong_answer/period-off-by-one.ts WA',
      'wrong_answer/period-without-preperiod.ts WA',
      'wrong_answer/table-cut-short.ts WA',
    ]);
    expect(view.tests.some((t) => t.name.endsWith('exceptions'))).toBe(true);

    const published = await post(`/api/problem-drafts/${id}/publish`, {});
    expect(published.status).toBe(200);
    expect(await listed()).toContain('octal-0-07');

    // The same programs, submitted as a student would: the judge gives them their verdicts.
    const files = (await import('../../server/problem-drafts/lab-draft')).draftFromLab(
      await (await import('../../server/lab/lab')).runLab({ game: { kind: 'octal', code: '0.07' } }, { tools: async () => { throw new Error('none'); } }),
      { octal: '0.07' },
      null,
    ).pkg.submissions;
    const fast = await waitForVerdict(server.url, await submit(server.url, 'octal-0-07', files.accepted[0]!.source!));
    expect(fast.verdict).toBe('AC');
    const wrong = files.wrong_answer.find((w) => w.name === 'exceptions-ignored.ts')!;
    const wa = await waitForVerdict(server.url, await submit(server.url, 'octal-0-07', wrong.source!));
    expect(wa.verdict).toBe('WA');

    // Once published the draft is done: publishing again says so.
    expect((await post(`/api/problem-drafts/${id}/publish`, {})).status).toBe(409);
  });

  it('the published lab problem keeps its case layout: a wrong second answer is "case 2 of T" on the sample run and the submission page', async () => {
    const files = (await import('../../server/problem-drafts/lab-draft')).draftFromLab(
      await (await import('../../server/lab/lab')).runLab({ game: { kind: 'octal', code: '0.07' } }, { tools: async () => { throw new Error('none'); } }),
      { octal: '0.07' },
      null,
    ).pkg.submissions;
    const write = "process.stdout.write(out.join('\\n') + '\\n');";
    const fast = files.accepted[0]!.source!;
    expect(fast).toContain(write);
    const secondWrong = fast.replace(write, `out[1] = String(Number(out[1]) + 1);\n${write}`);

    const queued = await post('/api/sample-runs', { problem: 'octal-0-07', source: secondWrong });
    expect(queued.status).toBe(201);
    let run: { status: string; samples: { verdict: string; case: { index: number; of: number } | null }[] } | null = null;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      run = (await (await fetch(`${server.url}/api/sample-runs/${queued.body.id}`)).json()) as typeof run;
      if (run!.status === 'done') break;
    }
    expect(run!.samples[0]!.verdict).toBe('WA');
    expect(run!.samples[0]!.case?.index).toBe(2);
    expect(run!.samples[0]!.case!.of).toBeGreaterThanOrEqual(3);

    const id = await submit(server.url, 'octal-0-07', secondWrong);
    expect((await waitForVerdict(server.url, id)).verdict).toBe('WA');
    const page = await (await fetch(`${server.url}/submissions/${id}`)).text();
    expect(page).toMatch(/data-case="2" data-cases="\d+"/);
  });

  it('a typed draft: the reference writes the missing answers; a wrong solution the tests miss blocks publishing with its reason', async () => {
    const reference = "import { readFileSync } from 'node:fs';\nconst [a, b] = readFileSync(0, 'utf8').split(/\\s+/).map(Number);\nconsole.log(a + b);\n";
    const survivor = "import { readFileSync } from 'node:fs';\nconst [a, b] = readFileSync(0, 'utf8').split(/\\s+/).map(Number);\nconsole.log(a > 100 ? 0 : a + b);\n";
    const created = await post('/api/problem-drafts', {
      slug: 'add-two',
      title: { en: 'Add two', zh: '两数之和' },
      statement: { en: 'Print $a + b$.', zh: '输出 $a + b$。' },
      limits: { timeMs: 1000, memoryMb: 256 },
      samples: [{ input: '1 2\n', output: '3\n' }],
      tests: [{ input: '5 7\n' }, { input: '40 2\n' }],
      reference,
      generator: 'export function generate(rng: () => number): string { return `${Math.floor(rng() * 9)} 1\\n`; }\nconst broken: number = "text";\n',
      wrong: [survivor],
    });
    expect(created.status).toBe(201);
    const view = await settled(created.body.id as number);
    expect(view.status).toBe('failed');
    expect(view.reasons[0]).toBe('wrong_answer/wrong-1.ts should get WA but passes every test: add a test it fails.');
    expect(view.reasons[1]).toMatch(/^The generator does not compile:\n.*TS2322/);
    expect(view.reasons).toHaveLength(2);
    const refused = await post(`/api/problem-drafts/${created.body.id}/publish`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.reasons).toEqual(view.reasons);
  });

  it('refuses bodies past the bounds with a sentence, before anything is queued', async () => {
    const base = { slug: 'x', title: { en: 'X' }, statement: { en: 'x' }, limits: { timeMs: 1000, memoryMb: 256 }, samples: [{ input: '1\n' }], reference: 'console.log(1);' };
    for (const [body, words] of [
      [{ ...base, limits: { timeMs: 60_000, memoryMb: 256 } }, 'time limit'],
      [{ ...base, slug: 'Bad Name' }, 'not a short name'],
      [{ ...base, slug: 'nim' }, 'built-in'],
      [{ ...base, tests: Array.from({ length: 51 }, () => ({ input: '1\n' })) }, 'at most 50 tests'],
      [{ ...base, reference: 'x'.repeat(70_000) }, '64 KiB'],
      [{ lab: { octal: '9.9' } }, 'octal code'],
      [{ lab: { problem: 'ed' } }, 'already a problem'],
      [{ ...base, extra: 1 }, 'Unknown field'],
    ] as const) {
      const r = await post('/api/problem-drafts', body);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(String(r.body.error)).toContain(words);
    }
    const missing = await fetch(`${server.url}/api/problem-drafts/999`);
    expect(missing.status).toBe(404);
  });
});
