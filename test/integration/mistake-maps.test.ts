import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, schemaVersion } from '../../server/storage/db';
import { MIGRATIONS } from '../../server/storage/migrations';
import { getMistakeMap, insertMistakeMap } from '../../server/storage/mistake-maps';
import { postJob, submit, waitForVerdict, waitJobDone, waitJobEnded } from '../helpers/judge-client';
import { removeDataDir, ROOT, startServer, type RunningServer } from '../helpers/server';

/** The mistake-map API on a real server with real judge threads, and the migration that adds its table. */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ workers: 1, problems: ['bash-game', 'kiki', 'nim', 'subtraction-game'] });
});

afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

interface ApiMap {
  status: string;
  params: string[];
  from: number[];
  to: number[];
  cells: { state: number[]; truth: string; got: string }[];
  disagree: number;
  summary: { en: string; zh: string };
  first: { state: number[]; input: string } | null;
  error: string | null;
}

/** A page's text with Handlebars' escapes undone. */
const text = async (r: Response) => (await r.text()).replace(/&#x3D;/g, '=').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
const wrong = (slug: string, name: string) => readFileSync(join(ROOT, 'problems', slug, 'wrong', name), 'utf8');

describe('POST and GET /api/mistake-maps', { timeout: 180_000 }, () => {
  it('maps a source: 1,000 states of the Bash game, the disagreeing ones and the pattern in words', async () => {
    const id = await postJob(server.url, '/api/mistake-maps', { problem: 'bash-game', source: wrong('bash-game', 'odd-parity.ts') });
    const map = await waitJobDone<ApiMap>(server.url, `/api/mistake-maps/${id}`);
    expect(map).toMatchObject({ status: 'done', params: ['n'], settings: { m: 3 }, from: [1], to: [1000], disagree: 250, error: null });
    expect(map.cells).toHaveLength(1000);
    expect(map.cells[1]).toEqual({ state: [2], truth: 'W', got: 'L' });
    expect(map.cells[3]).toEqual({ state: [4], truth: 'L', got: 'L' });
    expect(map.summary.en).toContain('Your losing positions: n ≡ 0 (mod 2) from n = 1; the true ones: n ≡ 0 (mod 4) from n = 1.');
    expect(map.summary.zh).toContain('你的必败态');
    expect(map.first).toEqual({ state: [2], input: '1\n2 3\n' });
  });

  it('maps a stored submission on request, and a program that does not compile says so', async () => {
    const sub = await submit(server.url, 'kiki', wrong('kiki', 'columns-only.ts'));
    expect((await waitForVerdict(server.url, sub)).verdict).toBe('WA');
    const id = await postJob(server.url, '/api/mistake-maps', { submission: sub });
    const map = await waitJobDone<ApiMap & { submission: number }>(server.url, `/api/mistake-maps/${id}`);
    expect(map).toMatchObject({ status: 'done', submission: sub, params: ['n', 'm'], disagree: 400 });
    expect(map.cells).toHaveLength(1600);
    const ce = await postJob(server.url, '/api/mistake-maps', { problem: 'kiki', source: "const n: number = 'x';\n" });
    const failed = await waitJobEnded<ApiMap>(server.url, `/api/mistake-maps/${ce}`);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^The program does not compile/);
  });

  it('pages: the button on a wrong submission, the map with its marked cells, the class view grouping identical tables', async () => {
    const subs = [await submit(server.url, 'bash-game', wrong('bash-game', 'odd-parity.ts')), await submit(server.url, 'bash-game', wrong('bash-game', 'odd-parity.ts'))];
    for (const id of subs) expect((await waitForVerdict(server.url, id)).verdict).toBe('WA');
    const page = await (await fetch(`${server.url}/submissions/${subs[0]}`)).text();
    expect(page).toContain(`action="/submissions/${subs[0]}/mistake-map"`);
    expect(page).toContain('See where your program disagrees');
    const maps: number[] = [];
    for (const id of subs) {
      const asked = await fetch(`${server.url}/submissions/${id}/mistake-map`, { method: 'POST', redirect: 'manual' });
      expect(asked.status).toBe(303);
      maps.push(Number(/\/mistake-maps\/(\d+)$/.exec(asked.headers.get('location') ?? '')![1]));
    }
    for (const id of maps) await waitJobDone(server.url, `/api/mistake-maps/${id}`);
    const html = await text(await fetch(`${server.url}/mistake-maps/${maps[0]}`));
    expect(html).toContain('Your losing positions: n ≡ 0 (mod 2) from n = 1; the true ones: n ≡ 0 (mod 4) from n = 1.');
    expect(html.match(/<td role="gridcell" tabindex="-1" class="(win|lose) wrong"/g)).toHaveLength(250);
    expect(html).toContain('n = 2: true W, your program L (differs)');
    expect(html).toContain('name="input" value="1\n2 3\n"');
    const zh = await (await fetch(`${server.url}/mistake-maps/${maps[0]}`, { headers: { cookie: 'lang=zh' } })).text();
    expect(zh).toContain('你的必败态');
    const cls = await text(await fetch(`${server.url}/class/mistakes`));
    expect(cls).toMatch(/<td class="num">2 \/ 2<\/td><td class="num">250 \/ 1000<\/td><td class="mm-group-summary">Your program disagrees on 250 of 1,000 states/);
    expect(await (await fetch(`${server.url}/class`)).text()).toContain('href="/class/mistakes"');
  });

  it('maps the code in the editor from the stress panel (the submit form posted to /problems/:slug/mistake-map)', async () => {
    const page = await (await fetch(`${server.url}/problems/bash-game`)).text();
    expect(page).toContain('formaction="/problems/bash-game/mistake-map"');
    expect(await (await fetch(`${server.url}/problems/nim`)).text()).not.toContain('/mistake-map"');
    const form = new URLSearchParams({ source: wrong('bash-game', 'one-or-m.ts'), language: 'typescript' });
    const res = await fetch(`${server.url}/problems/bash-game/mistake-map`, { method: 'POST', body: form, redirect: 'manual' });
    expect(res.status).toBe(303);
    const id = Number(/\/mistake-maps\/(\d+)$/.exec(res.headers.get('location') ?? '')![1]);
    const map = await waitJobDone<ApiMap>(server.url, `/api/mistake-maps/${id}`);
    expect(map).toMatchObject({ status: 'done', disagree: 250 });
  });

  it('refuses what it cannot map, with a sentence', async () => {
    const post = (body: unknown) => fetch(`${server.url}/api/mistake-maps`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const nim = await post({ problem: 'nim', source: 'console.log(1)' });
    expect(nim.status).toBe(404);
    expect(((await nim.json()) as { error: string }).error).toMatch(/^Problem "nim" declares no game for the SG lab, so it has no mistake map: /);
    const interactive = await post({ problem: 'subtraction-game', source: 'console.log(1)' });
    expect(interactive.status).toBe(404);
    expect((await post({ problem: 'no-such', source: 'x' })).status).toBe(404);
    expect((await post({ submission: 999999 })).status).toBe(404);
    const bad = await post({ problem: 'kiki', source: 'x', colour: 1 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/Unknown field "colour"/);
    expect((await fetch(`${server.url}/api/mistake-maps/424242`)).status).toBe(404);
  });
});

describe('the migration that adds mistake maps', () => {
  it('opens a database written by the previous schema and stores a map beside its old submissions', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sg-maps-migration-'));
    try {
      const path = join(dir, 'judge.db');
      const at = MIGRATIONS.findIndex((m) => m.sql.includes('CREATE TABLE mistake_maps'));
      expect(at).toBeGreaterThan(0);
      let db = openDatabase(path);
      migrate(db, MIGRATIONS.slice(0, at));
      db.prepare(
        `INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at)
         VALUES ('kiki', 'Kiki', 'Kiki', 'old', '', '', 1000, 256, 'h', 0)`,
      ).run();
      db.prepare("INSERT INTO submissions (id, problem, source, status, verdict, created_at, client) VALUES (5, 'kiki', 'old code', 'done', 'WA', 1, 'x')").run();
      db.close();
      db = openDatabase(path, { migrate: true });
      expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)!.version);
      const id = insertMistakeMap(db, { problem: 'kiki', source: 'old code', language: 'typescript', submission: 5, owner: null, requester: '' });
      expect(getMistakeMap(db, id)).toMatchObject({ submission: 5, status: 'queued', got: null });
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
