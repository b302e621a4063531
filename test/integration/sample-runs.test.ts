import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTER_CODE } from '../../server/problems/starter-code';
import { waitJobDone } from '../helpers/judge-client';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim, ALWAYS_NO, TYPE_ERROR } from '../helpers/solutions';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ workers: 1, problems: ['nim', 'bash-game', 'game-on-tree'] });
});
afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

interface SampleRun {
  status: string;
  verdict: string | null;
  language: string;
  compileOutput: string | null;
  samples: { index: number; verdict: string; input: string; expected: string; output: string; message: string | null; timeMs: number }[];
}

const post = (body: unknown, raw?: string) =>
  fetch(`${server.url}/api/sample-runs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw ?? JSON.stringify(body) });

async function runSamples(problem: string, source: string, language?: string): Promise<SampleRun> {
  const res = await post({ problem, source, ...(language && { language }) });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  expect(res.headers.get('location')).toBe(`/api/sample-runs/${id}`);
  return waitJobDone<SampleRun>(server.url, `/api/sample-runs/${id}`);
}

const submissionCount = async () => ((await (await fetch(`${server.url}/api/submissions`)).json()) as unknown[]).length;

describe('POST /api/sample-runs', () => {
  it('runs every sample with the judge\'s checker, and stores no submission', async () => {
    const before = await submissionCount();
    const run = await runSamples('nim', acceptedNim());
    expect(run.verdict).toBe('AC');
    expect(run.samples.length).toBeGreaterThanOrEqual(1);
    for (const [i, s] of run.samples.entries()) {
      expect(s).toMatchObject({ index: i + 1, verdict: 'AC', message: null });
      expect(s.output.trim()).toBe(s.expected.trim());
      expect(s.input.length).toBeGreaterThan(0);
      expect(s.timeMs).toBeGreaterThanOrEqual(0);
    }
    expect(await submissionCount()).toBe(before);
  });

  it('runs every sample even after one fails, each with its verdict and the checker\'s words', async () => {
    const nim = await runSamples('nim', ALWAYS_NO);
    expect(nim.verdict).toBe('WA');
    expect(nim.samples[0]).toMatchObject({ verdict: 'WA', output: 'No\n' });
    expect(nim.samples[0]!.message).toBeTruthy();
    // game-on-tree has two samples, "Alice" then "Bob": the first fails, the second still runs.
    const tree = await runSamples('game-on-tree', "console.log('Bob');", 'javascript');
    expect(tree.verdict).toBe('WA');
    expect(tree.samples.map((s) => [s.index, s.verdict])).toEqual([
      [1, 'WA'],
      [2, 'AC'],
    ]);
  });

  it('compiles JavaScript as JavaScript and TypeScript as TypeScript', async () => {
    const js = "const d = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nlet p = 0; const t = d[p++]; const out = [];\nfor (let c = 0; c < t; c++) { const n = d[p++]; let x = 0; for (let i = 0; i < n; i++) x ^= d[p++]; out.push(x ? 'Yes' : 'No'); }\nconsole.log(out.join('\\n'));\n";
    const asJs = await runSamples('nim', js, 'javascript');
    expect(asJs).toMatchObject({ verdict: 'AC', language: 'javascript' });
    const ce = await runSamples('nim', TYPE_ERROR);
    expect(ce.verdict).toBe('CE');
    expect(ce.compileOutput).toMatch(/TS2322/);
    expect(ce.samples).toEqual([]);
  });

  it('the starter code of each language compiles and runs (its empty output is a wrong answer, not CE)', async () => {
    for (const language of ['typescript', 'javascript'] as const) {
      const run = await runSamples('bash-game', STARTER_CODE[language], language);
      expect(run.verdict, `${language}: ${run.compileOutput}`).toBe('WA');
      expect(run.samples.every((s) => s.verdict === 'WA')).toBe(true);
    }
  });

  it('gives a hostile program a verdict, never its way out', async () => {
    const hostile = "const fs = require('fs');\ntry { console.log('ESCAPED ' + fs.readFileSync('/etc/passwd', 'utf8').length); } catch {}\nconsole.log(require('child_process').execSync('id').toString());\n";
    const run = await runSamples('nim', hostile, 'javascript');
    expect(run.verdict).toBe('RE');
    for (const s of run.samples) {
      expect(s.output).not.toContain('ESCAPED');
      expect(s.verdict).toBe('RE');
      expect(s.message).toMatch(/ERR_ACCESS_DENIED|restricted/);
    }
    const loop = await runSamples('nim', 'for (;;) {}', 'javascript');
    expect(loop.verdict).toBe('TLE');
  });

  it('refuses bad requests with a 4xx and a sentence', async () => {
    const cases: [unknown, number, RegExp, string?][] = [
      [null, 400, /JSON/, 'not json'],
      [[1, 2], 400, /object/],
      [{ problem: 'nim' }, 400, /"source" is missing/],
      [{ problem: 'nim', source: 42 }, 400, /"source" must be a string/],
      [{ problem: 'nim', source: '   ' }, 400, /empty/],
      [{ problem: 'no-such', source: 'console.log(1)' }, 404, /no problem/],
      [{ problem: 'nim', source: 'console.log(1)', language: 'python' }, 400, /"language" must be one of/],
      [{ problem: 'nim', source: 'x'.repeat(70 * 1024) }, 413, /limit/],
    ];
    for (const [body, status, message, raw] of cases) {
      const res = await post(body, raw);
      expect(res.status, JSON.stringify(body)?.slice(0, 80)).toBe(status);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
    }
    expect((await fetch(`${server.url}/api/sample-runs/x`)).status).toBe(400);
    const missing = await fetch(`${server.url}/api/sample-runs/999999`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toMatch(/no sample run/);
  });
});
