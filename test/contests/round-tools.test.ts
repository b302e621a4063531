import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '../helpers/accounts';
import { classServer, form, makeRound, post } from '../helpers/class-server';
import { removeDataDir, type RunningServer } from '../helpers/server';
import { ALWAYS_NO } from '../helpers/solutions';

/**
 * What a contestant may use during a round, on the real server: an exam with every helper off
 * (Sam, a real round) and a finished round with every helper off played virtually (Val). Each
 * helper's route answers 403 with the round's sentence however its path is spelled, through the
 * API and the pages' forms; the problem page offers none of them and says why in the page's
 * language; a failing test stays the judge's during the ICPC round. Tess (teacher) and Sue (in no
 * round) keep everything.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-round-tools-'));
let server: RunningServer;
let tess: Person, sam: Person, sue: Person, val: Person;
const MIN = 60_000;
let exam = 0;
let later = 0;

const make = (body: object): Promise<number> => makeRound(tess, body);
const ALL_OFF = { stress: false, lab: false, hints: false };

beforeAll(async () => {
  ({ server, people: [tess, sam, sue, val] } = await classServer(dataDir, [['add-teacher', 'tess'], ['add-student', 'sam'], ['add-student', 'sue'], ['add-student', 'val']], { problems: ['bash-game', 'nim'] }));
  // Accounts are numbered in the order made: tess 1, sam 2, sue 3, val 4.
  const accounts = new Map([['sam', 2], ['sue', 3], ['val', 4]]);
  exam = await make({ name: 'Exam', problems: ['bash-game', 'nim'], startsAt: Date.now() - 5 * MIN, minutes: 120, rules: 'icpc', tools: ALL_OFF, participants: [accounts.get('sam')] });
  const old = await make({ name: 'Old', problems: ['nim'], startsAt: Date.now() - 180 * MIN, minutes: 120, rules: 'icpc', tools: ALL_OFF, participants: [accounts.get('sue')] });
  // The old round ended an hour ago; Val plays it virtually now, on his own two-hour clock.
  expect((await post(val, `/api/contests/${old}/virtual`)).status).toBe(201);
  later = await make({ name: 'Later', problems: ['nim'], startsAt: Date.now() + 60 * MIN, minutes: 60, rules: 'icpc', participants: [accounts.get('sam')] });
}, 300_000);

afterAll(async () => {
  await server?.stop();
  removeDataDir(dataDir);
});

/** Every way a path may be spelled that Express routes the same, and one it does not (an encoded letter). */
function spellings(path: string): string[] {
  const i = path.lastIndexOf('/') + 1;
  const encoded = `${path.slice(0, i)}%${path.charCodeAt(i).toString(16)}${path.slice(i + 1)}`;
  return [path, `${path}/`, path.toUpperCase().replace('/API/', '/api/'), path.replace(/[a-z]/, (ch) => ch.toUpperCase()), encoded];
}

const SOURCE = ALWAYS_NO;
const API_ROUTES: { path: string; body: object; tool: 'stress' | 'lab' | 'hints'; method?: string }[] = [
  { path: '/api/stress', body: { problem: 'nim', source: SOURCE }, tool: 'stress' },
  { path: '/api/invocations', body: { problem: 'nim', source: SOURCE, input: '1\n1\n1\n' }, tool: 'stress' },
  { path: '/api/mistake-maps', body: { problem: 'nim', source: SOURCE }, tool: 'stress' },
  { path: '/api/problems/nim/tests', body: { input: '1\n1\n5\n' }, tool: 'stress' },
  { path: '/api/lab', body: { problem: 'bash-game', to: 10 }, tool: 'lab' },
  { path: '/api/lab/options', body: { problem: 'bash-game', state: [3] }, tool: 'lab' },
  { path: '/api/problems/nim/hints/1', body: {}, tool: 'hints', method: 'GET' },
];
const FORM_ROUTES: { path: string; fields: Record<string, string>; tool: 'stress' | 'lab' }[] = [
  { path: '/problems/nim/stress', fields: { source: SOURCE, cases: '10', size: 'small', seed: '1' }, tool: 'stress' },
  { path: '/problems/nim/invoke', fields: { source: SOURCE, input: '1\n1\n1\n' }, tool: 'stress' },
  { path: '/problems/nim/mistake-map', fields: { source: SOURCE }, tool: 'stress' },
  { path: '/lab', fields: { game: 'problem:bash-game', source: '', to: '10' }, tool: 'lab' },
];
const SENTENCE = {
  stress: (round: string) => `The stress test, custom inputs, saved tests and mistake maps are turned off during the contest "${round}" and available again after the round.`,
  lab: (round: string) => `The lab is turned off during the contest "${round}" and available again after the round.`,
  hints: (round: string) => `Hints and the editorial are turned off during the contest "${round}" and available again after the round.`,
};

describe('helpers off during a round', { timeout: 600_000 }, () => {
  it('every helper route refuses a contestant however it is spelled, API and forms, real and virtual round', async () => {
    for (const [who, round] of [[sam, 'Exam'], [val, 'Old']] as const) {
      for (const r of API_ROUTES) {
        for (const path of spellings(r.path)) {
          const res = r.method === 'GET' ? await who.api(path) : await post(who, path, r.body);
          const body = (await res.json()) as { error: string };
          // A spelling Express routes to the helper meets its gate; any other reaches no helper at all.
          if (res.status === 403) expect(body.error, `${who.name} ${path}`).toBe(SENTENCE[r.tool](round));
          else expect([who.name, path, res.status]).toEqual([who.name, path, 404]);
          if (path === r.path || path === `${r.path}/`) expect([path, res.status]).toEqual([path, 403]);
        }
      }
      for (const r of FORM_ROUTES) {
        for (const path of spellings(r.path)) {
          const res = await form(who, path, r.fields);
          const html = await res.text();
          if (res.status === 403) expect(html, path).toContain(SENTENCE[r.tool](round).replace(/"/g, '&quot;'));
          else expect([path, res.status]).toEqual([path, 404]);
          if (path === r.path || path === `${r.path}/`) expect([path, res.status]).toEqual([path, 403]);
        }
      }
      // The lab's page itself, the round problem's own table included.
      for (const path of ['/lab?game=problem:bash-game', '/lab/?game=problem:bash-game', '/LAB?problem=bash-game']) expect([path, (await who.browser(path)).status]).toEqual([path, 403]);
    }
    // Nothing of theirs was stored: no saved test, no stress run listed on the problem page.
    expect((await sam.json<unknown[]>('/api/problems/nim/tests')).body).toEqual([]);
    // Sue is in no running round, Tess is the teacher: both keep every helper.
    for (const p of [sue, tess]) {
      expect((await p.api('/api/problems/nim/hints/1')).status).toBe(200);
      expect((await post(p, '/api/invocations/', { problem: 'nim', source: SOURCE, input: '1\n1\n1\n' })).status).toBe(201);
      expect((await p.browser('/lab?game=problem:bash-game')).status).toBe(200);
    }
  });

  it('the problem page offers none of them and says why, in the page language, and is the round\'s page', async () => {
    const page = await (await sam.browser('/problems/nim?hints=2&editorial=show')).text();
    // Neither the query nor a button opens a hint or the editorial; no stress, invocation, lab or mistake-map panel.
    for (const absent of ['class="hint-item"', 'class="editorial-text"', 'reveal-hint', 'ask-editorial', 'id="stress-test"', 'id="custom-invocation"', 'mistake-map-run']) expect(page, absent).not.toContain(absent);
    for (const tool of ['stress', 'hints'] as const) expect(page).toContain(SENTENCE[tool]('Exam').replace(/"/g, '&quot;'));
    // However the page's address is spelled (the old gate let a trailing slash open the editorial).
    for (const path of ['/problems/nim/?editorial=show', '/PROBLEMS/nim?hints=3', '/problems/Nim/?hints=1&editorial=show']) {
      const got = await sam.browser(path);
      const html = await got.text();
      expect([path, html.includes('class="editorial-text"'), html.includes('class="hint-item"')]).toEqual([path, false, false]);
    }
    // Bash Game declares its game: its SG-table panel says the lab is off instead of linking to it.
    const bash = await (await sam.browser('/problems/bash-game')).text();
    expect(bash).not.toContain('class="lab-link"');
    expect(bash).toContain(SENTENCE.lab('Exam').replace(/"/g, '&quot;'));
    // The round: its name and a link back, the letter, the time left; no tags, difficulty or homework; next in the round's order.
    expect(page).toContain(`href="/contests/${exam}" class="round-back"`);
    expect(page).toContain('Problem B');
    expect(page).toContain('class="contest-clock"');
    for (const absent of ['class="tag"', 'difficulty-mark', 'homework-mark', 'rel="next"']) expect(page, absent).not.toContain(absent);
    expect(await (await sam.browser('/problems/bash-game')).text()).toMatch(/href="\/problems\/nim" rel="next">[^<]*B\. /);
    const zh = await (await sam.browser('/problems/nim', { headers: { cookie: `${sam.cookie}; lang=zh` } })).text();
    expect(zh).toContain('比赛“Exam”期间，提示和题解都已关闭，赛后恢复。');
    expect(zh).toContain('比赛“Exam”期间，对拍、自定义输入、保存测试和错误地图都已关闭，赛后恢复。');
    // In a virtual round too, on the player's own clock.
    const virtual = await (await val.browser('/problems/nim')).text();
    expect(virtual).toContain('class="round-back">← Old</a> (your virtual round)');
    expect(virtual).toContain(SENTENCE.hints('Old').replace(/"/g, '&quot;'));
    // Outside any round the same page is the practice page.
    const sues = await (await sue.browser('/problems/nim')).text();
    for (const present of ['reveal-hint', 'id="stress-test"', 'class="tag"']) expect(sues, present).toContain(present);
    expect(await (await sue.browser('/problems/bash-game')).text()).toContain('class="lab-link"');
    // The header's SG lab link is gone while the round has the lab off (its pages answer 403), there for the others.
    expect(page).not.toMatch(/<a href="\/lab"/);
    expect(sues).toMatch(/<a href="\/lab"/);
    expect(await (await tess.browser('/problems/nim')).text()).toMatch(/<a href="\/lab"/);
    expect(sues).not.toContain('round-back');
  });

  it('a failing test stays the judge\'s during an ICPC round: verdict and number only, no files', async () => {
    const res = await post(sam, '/api/submissions', { problem: 'nim', source: ALWAYS_NO });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { id: number }).id;
    let s = { status: '', verdict: '', failedTest: 0 as number | null, contest: null as number | null };
    for (let i = 0; i < 1200 && s.status !== 'done'; i++) {
      await new Promise((r) => setTimeout(r, 150));
      s = (await sam.json<typeof s>(`/api/submissions/${id}`)).body;
    }
    expect([s.verdict, s.contest]).toEqual(['WA', exam]);
    const mine = await (await sam.browser(`/submissions/${id}`)).text();
    expect(mine).toContain(`Test ${s.failedTest}: Wrong answer`);
    expect(mine).toContain('During the contest &quot;Exam&quot; only the verdict and the test&#x27;s number are shown');
    for (const absent of ['class="io-block"', 'class="checker-message"', '/input.txt', 'mistake-map-ask']) expect(mine, absent).not.toContain(absent);
    for (const file of ['input', 'expected', 'output', 'stderr']) {
      for (const path of [`/submissions/${id}/${file}.txt`, `/submissions/${id}/${file}.txt/`, `/submissions/${id}/${file.toUpperCase()}.txt`]) {
        const got = await sam.browser(path);
        expect(got.status, path).toBeGreaterThanOrEqual(403);
        expect(await got.text()).not.toMatch(/^\d/);
      }
    }
    // The teacher sees the test; after the round, so does Sam.
    expect(await (await tess.browser(`/submissions/${id}`)).text()).toContain('class="io-block"');
    expect((await tess.browser(`/submissions/${id}/input.txt`)).status).toBe(200);
    expect((await post(tess, `/api/contests/${exam}/end`)).status).toBe(200);
    expect(await (await sam.browser(`/submissions/${id}`)).text()).toContain('class="io-block"');
    expect((await sam.browser(`/submissions/${id}/input.txt`)).status).toBe(200);
    // And the helpers are back for him.
    expect((await sam.api('/api/problems/nim/hints/1')).status).toBe(200);
  });

  it('before the start a question naming a problem tells nothing about the round\'s problems', async () => {
    const inRound = await post(sam, `/api/contests/${later}/questions`, { problem: 'nim', text: 'Is nim in it?' });
    const notInRound = await post(sam, `/api/contests/${later}/questions`, { problem: 'bash-game', text: 'Is bash-game in it?' });
    const a = (await inRound.json()) as { error: string };
    const b = (await notInRound.json()) as { error: string };
    expect([inRound.status, notInRound.status]).toEqual([400, 400]);
    expect(a.error).toBe(b.error);
    expect((await post(sam, `/api/contests/${later}/questions`, { text: 'When does it start?' })).status).toBe(201);
  });

  it('the create form starts a round a few minutes ahead and says what its page will tell the contestants', async () => {
    const html = (await (await tess.browser('/contests')).text()).replace(/&#x3D;/g, '=');
    // A datetime-local value in the server's time (this machine's, as the test's).
    const start = new Date(/name="startsAt" type="datetime-local" required value="([^"]+)"/.exec(html)![1]!).getTime();
    expect(start - Date.now()).toBeGreaterThan(5 * MIN);
    expect(start - Date.now()).toBeLessThan(15 * MIN);
    expect(html).toContain('tells the contestants when the board freezes');
    expect(html).toContain('An unticked helper is off for every contestant while the round runs');
    // The round's own header names what is off.
    expect(await (await sam.browser(`/contests/${later}`)).text()).toContain('Every helper stays on during the round.');
    expect(await (await tess.browser(`/contests/${exam}`)).text()).toContain('Off during the round: Stress test, SG lab, Hints.');
  });
});
