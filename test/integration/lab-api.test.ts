import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ workers: 1, problems: ['ed'] });
});

afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

async function post(body: unknown, raw?: string, query = ''): Promise<{ status: number; json: any }> {
  const res = await fetch(`${server.url}/api/lab${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw ?? JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}

/** Posts and, when the lab answers with a job, polls it until it ends. */
async function compute(body: unknown, query = ''): Promise<any> {
  const first = await post(body, undefined, query);
  if (first.status === 200) return first.json;
  expect(first.status, JSON.stringify(first.json)).toBe(202);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const job = await (await fetch(`${server.url}/api/lab/${first.json.id}${query}`)).json();
    if (job.status === 'done' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`lab job ${first.json.id} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const DAWSON = `export function options(n: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; 2 * i <= n - 2; i++) out.push([i, n - 2 - i]);
  return out;
}
`;

describe('POST /api/lab', () => {
  it('answers a preset at once: Kayles proven periodic', async () => {
    const r = await post({ octal: '0.77', to: 200 });
    expect(r.status).toBe(200);
    expect(r.json.status).toBe('done');
    expect(r.json.result.analysis).toMatchObject({ preperiod: 71, period: 12, saltus: 0, proven: true, checkedUpTo: 200 });
    expect(r.json.result.states.slice(0, 3)).toEqual([[0], [1], [2]]);
    expect(r.json.result.values.length).toBe(201);
  });

  it('answers a problem’s game with its parameter, and a subtraction set', async () => {
    const alice = await post({ problem: 'alice-game', params: { k: 3 }, to: 80 });
    expect(alice.json.result.analysis).toMatchObject({ preperiod: 1, period: 14 });
    const sub = await post({ subtract: [2, 3, 7], to: 50 });
    expect(sub.json.result.analysis).toMatchObject({ preperiod: 0, period: 5 });
    const kiki = await post({ problem: 'kiki', to: 12 });
    expect(kiki.json.result.grid.zeros).toEqual({ first: { period: 2, from: 1 }, second: { period: 2, from: 1 } });
  });

  it('runs a student game in the sandbox as a job and finds a false conjecture’s smallest counterexample', async () => {
    const job = await compute({ source: DAWSON, to: 200, conjecture: 'export default (n: number) => n % 5 < 2 ? 0 : 1;' });
    expect(job.status, job.error).toBe('done');
    expect(job.result.analysis).toMatchObject({ preperiod: 53, period: 34, saltus: 0, proven: false });
    expect(job.result.conjecture).toMatchObject({ holds: false, state: [4], expected: 2, got: 1 });
    expect(job.result.conjecture.options).toEqual([
      { components: [[0], [2]], value: 1 },
      { components: [[1], [1]], value: 0 },
    ]);
  });

  it('checks a conjecture on a problem’s game (the E&D halving rule holds)', async () => {
    const halving = 'export default function sg(x: number, y: number): number { return x % 2 && y % 2 ? 0 : sg((x + 1) >> 1, (y + 1) >> 1) + 1; }';
    const job = await compute({ problem: 'ed', to: 32, conjecture: halving });
    expect(job.result.conjecture).toMatchObject({ holds: true, checked: 1024 });
  });

  it('gives Win / Lose / Draw for a game with a cycle', async () => {
    const loopy = 'export const max = 6;\nexport function options(n: number): number[][] { return n === 0 ? [] : n === 3 ? [[4]] : n === 4 ? [[3], [0]] : [[n - 1]]; }';
    const job = await compute({ source: loopy, to: 6 });
    expect(job.status, job.error).toBe('done');
    expect(job.result.loopy).toBe(true);
    // 3 ⇄ 4 is a cycle; 4 can also end the game (→ 0), so 4 wins and 3, whose only move is to 4, loses.
    expect(job.result.values).toEqual(['L', 'W', 'L', 'L', 'W', 'L', 'W']);
    expect(job.result.summary[0]).toContain('the move graph has a cycle');
  });

  it('proves the period of a student game that declares its bound, as for the built-in game; a move beyond the bound fails the job', async () => {
    const kayles = `export const bound = 2;
export function options(n: number): number[][] {
  const out: number[][] = [];
  for (const take of [1, 2]) for (let a = 0; 2 * a <= n - take; a++) out.push([a, n - take - a]);
  return out;
}
`;
    const mine = await compute({ source: kayles, to: 200 });
    expect(mine.status, mine.error).toBe('done');
    const builtin = await compute({ octal: '0.77', to: 200 });
    expect(mine.result.game.bound).toBe(2);
    expect(mine.result.analysis).toMatchObject({ preperiod: 71, period: 12, saltus: 0, proven: true, proofNeeds: 168 });
    expect(mine.result.analysis.exceptions.at(-1)).toBe(70);
    expect(mine.result.summary).toEqual(builtin.result.summary);
    const unbounded = await compute({ source: kayles.replace('export const bound = 2;\n', ''), to: 200 });
    expect(unbounded.result.analysis).toMatchObject({ period: 12, proven: false });
    expect(unbounded.result.summary[0]).toBe('period 12 from n = 71: seen over 201 values (up to n = 200)');
    const over = await compute({ source: kayles.replace('[1, 2]', '[1, 2, 3]'), to: 200 });
    expect(over.status).toBe('failed');
    expect(over.error).toBe('options(3): option 4 leaves nothing, removing 3 tokens; the game declares export const bound = 2, so a move removes 1 to 2');
  });

  it('says the summary in the language asked for (?summary=en|zh), on a quick answer and on a job', async () => {
    const { runLab } = await import('../../server/lab/lab');
    const { labSummary } = await import('../../server/http/lab-text');
    const here = await runLab({ game: { kind: 'octal', code: '0.77' }, to: 200 }, { tools: () => Promise.reject(new Error('no student code')) });
    const quick = await post({ octal: '0.77', to: 200 }, undefined, '?summary=zh');
    expect(quick.status).toBe(200);
    expect(quick.json.result.summaryIn).toEqual({ lang: 'zh', lines: labSummary(here, 'zh') });
    expect(quick.json.result.summaryIn.lines[0]).toMatch(/[\u4e00-\u9fff]/);
    expect(quick.json.result.summaryIn.lines[0]).toContain('168');
    expect((await post({ octal: '0.77', to: 200 }, undefined, '?summary=en')).json.result.summaryIn).toEqual({ lang: 'en', lines: here.summary });
    // Opt-in: without the field the answer is as before.
    expect((await post({ octal: '0.77', to: 200 })).json.result).not.toHaveProperty('summaryIn');
    const job = await compute({ source: DAWSON, to: 60 }, '?summary=zh');
    expect(job.status, job.error).toBe('done');
    const dawson = await runLab({ game: { kind: 'octal', code: '0.07' }, to: 60 }, { tools: () => Promise.reject(new Error('no student code')) });
    expect(job.result.summary).toEqual(dawson.summary);
    expect(job.result.summaryIn).toEqual({ lang: 'zh', lines: labSummary(dawson, 'zh') });
    expect((await fetch(`${server.url}/api/lab/${job.id}`).then((r) => r.json())).result).not.toHaveProperty('summaryIn');
    const bad = await post({ octal: '0.77' }, undefined, '?summary=fr');
    expect(bad).toEqual({ status: 400, json: { error: 'The query field "summary" must be "en" or "zh" (the language to say the summary in).' } });
    expect((await fetch(`${server.url}/api/lab/${job.id}?summary=de`)).status).toBe(400);
  });

  it('reports a bad options() and a compilation error as a failed job with a sentence', async () => {
    const bad = await compute({ source: 'export function options(n: number) { return n === 3 ? [[1.5]] : []; }' });
    expect(bad.status).toBe('failed');
    expect(bad.error).toContain('options(3): option 1 has the component 1.5, which is not an integer');
    const throws = await compute({ source: 'export function options(n: number): number[][] {\n  const a: any = null;\n  if (n === 7) return a.x;\n  return [];\n}\n' });
    expect(throws.error).toBe("options(7) threw TypeError: Cannot read properties of null (reading 'x') (at solution.ts:3:25)");
    const ce = await compute({ source: 'export function options(n: number): number[][] { return "x"; }' });
    expect(ce.status).toBe('failed');
    expect(ce.error).toMatch(/does not compile[\s\S]*TS2322/);
    // The job's error also as a message id and its arguments, for a page to say in its language.
    expect(ce).toMatchObject({ errorId: 'lab.game-compile', errorArgs: [expect.stringContaining('TS2322')] });
    const slow = await compute({ source: 'export function options(n: number): number[][] { for (;;) {} }' });
    expect(slow.error).toMatch(/time limit/);
  }, 180_000); // the loop alone is the lab's 10 s of CPU: 15 s of wall on a quiet machine, more beside a heavy job

  it('refuses bad requests with a sentence', async () => {
    expect(await post({})).toEqual({ status: 400, json: { error: expect.stringContaining('Name exactly one game') } });
    // The sentence is the contract; its message id and arguments stand beside it.
    expect((await post({ octal: '0.9' })).json).toEqual({ error: expect.stringContaining('not an octal code'), id: 'lab.octal-code', args: ['0.9'] });
    expect((await post({ octal: '0.07', to: -1 })).json.error).toContain('"to" must be an integer');
    expect((await post({ octal: '0.07', colour: 1 })).json.error).toContain('Unknown field "colour"');
    expect((await post(null, '{"octal":')).status).toBe(400);
    expect((await post({ problem: 'alice-game', params: { k: 0 } })).json).toMatchObject({ error: expect.stringContaining('k must be an integer in [1, 100]'), id: 'lab.setting-range', args: ['k', '1', '100', '0'] });
    const nim = await post({ problem: 'nim' });
    expect(nim.status).toBe(404);
    expect(nim.json.error).toContain('declares no game');
    expect((await post({ problem: 'no-such' })).status).toBe(404);
    expect((await post({ source: 'x'.repeat(70_000) })).status).toBe(413);
    expect((await fetch(`${server.url}/api/lab/abc`)).status).toBe(400);
    expect((await fetch(`${server.url}/api/lab/99999`)).status).toBe(404);
  });
});

describe('a big built-in table as a job', () => {
  it('reports progress while it runs, keeps the first 1,000 values and streams the whole table as CSV', async () => {
    // 0.6 has no known period: 70,000 values take seconds of CPU (about 1.2·10^9 options), and are
    // over the quick path's 40,000 states, so the lab answers with a job.
    const first = await post({ octal: '0.6', to: 70_000 });
    expect(first.status, JSON.stringify(first.json)).toBe(202);
    const seen: number[] = [];
    let job: any;
    for (const deadline = Date.now() + 300_000; ; ) {
      job = await (await fetch(`${server.url}/api/lab/${first.json.id}`)).json();
      if (job.status === 'running' && job.progress !== null) seen.push(job.progress);
      if (job.status === 'done' || job.status === 'failed') break;
      if (Date.now() > deadline) throw new Error(`lab job still ${job.status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(job.status, job.error).toBe('done');
    expect(job.progress).toBeNull();
    expect(seen.length).toBeGreaterThan(0);
    for (const [i, p] of seen.entries()) {
      expect(p).toBeGreaterThanOrEqual(i ? seen[i - 1]! : 0);
      expect(p).toBeLessThanOrEqual(1);
    }
    const r = job.result;
    expect(r.values.length).toBe(1000);
    expect(r.count).toBe(70_001);
    expect(r.csv).toBeNull();
    expect(r.text).toBeNull();
    expect(r.summary[0]).toBe('no period seen over 70001 values');
    expect(r.plot.points.length).toBeGreaterThan(0);

    expect(r.cut).toMatchObject({ states: 70_001, shown: 1000, to: [70_000], csvUrl: `/api/lab/${first.json.id}/table.csv` });
    const csv = await fetch(`${server.url}${r.cut.csvUrl}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trimEnd().split('\n');
    expect(lines[0]).toBe('n,sg');
    expect(lines.length).toBe(70_002);
    expect(lines.slice(1, 1001)).toEqual(r.values.map((v: number, n: number) => `${n},${v}`));
    expect(lines.at(-1)).toMatch(/^70000,\d+$/);
    expect((await fetch(`${server.url}/api/lab/99999/table.csv`)).status).toBe(404);
  });

  it('an octal table finished by its period: 0.07 up to 10^6 with the values from n = 1024 on marked', async () => {
    const job = await compute({ octal: '0.07', to: 1_000_000 });
    const r = job.result;
    expect(r.byPeriodFrom).toBe(1024);
    expect(r.analysis).toMatchObject({ period: 34, preperiod: 53, proven: true, checkedUpTo: 1_000_000 });
    expect(r.summary[1]).toContain('values from n = 1024 to 1000000 follow from the proven period');
  });
});

describe('POST /api/lab/options', () => {
  it('lists one state’s options for a built-in game, and refuses states outside it', async () => {
    const ask = (body: unknown) => fetch(`${server.url}/api/lab/options`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const ok = await ask({ problem: 'cutting-game', state: [6, 2] });
    expect(ok.status).toBe(200);
    expect((await ok.json()).options).toEqual([
      [[2, 2], [4, 2]],
      [[3, 2], [3, 2]],
    ]);
    expect((await (await ask({ octal: '0.07', state: [4] })).json()).options).toEqual([[[2]], [[1], [1]]]);
    const outside = await ask({ problem: 'ed', state: [0, 3] });
    expect(outside.status).toBe(400);
    expect((await outside.json()).error).toBe('(0, 3) is not a state of ed');
    expect((await ask({ problem: 'ed' })).status).toBe(400);
  });
});

describe('lab pages', () => {
  it('shows the lab, a problem’s table, and the SG table panel on problems with a game', async () => {
    const lab = await (await fetch(`${server.url}/lab`)).text();
    expect(lab).toContain('id="lab-builtin"');
    expect(lab).toContain('A Nim position is a whole multiset of heaps');
    const ed = await (await fetch(`${server.url}/lab?problem=ed&to=8`)).text();
    expect(ed).toContain('id="lab-data"');
    expect(ed).toContain('P-positions (value 0): period 2 in x from x = 1, period 2 in y from y = 1');
    expect(ed).not.toMatch(/<script>(?!<\/script>)/);
    const page = await (await fetch(`${server.url}/problems/ed`)).text();
    expect(page).toContain('href="/lab?problem=ed"');
  });

  it('works without JavaScript: the source form posts and the job page shows the result', async () => {
    const res = await fetch(`${server.url}/lab`, { method: 'POST', body: new URLSearchParams({ source: DAWSON, to: '40', conjecture: '// none' }), redirect: 'manual' });
    expect(res.status).toBe(303);
    const where = res.headers.get('location')!;
    expect(where).toMatch(/^\/lab\/jobs\/\d+$/);
    const deadline = Date.now() + 90_000;
    let html = '';
    while (Date.now() < deadline) {
      html = await (await fetch(`${server.url}${where}`)).text();
      if (html.includes('id="lab-summary"') || html.includes('lab-error')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(html).toContain('no period seen over 41 values');
    expect(html).toContain('id="lab-text"');
  });
});
