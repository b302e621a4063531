import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '../helpers/accounts';
import { classServer, form, makeRound, post } from '../helpers/class-server';
import { removeDataDir, type RunningServer } from '../helpers/server';
import { ALWAYS_NO } from '../helpers/solutions';

/**
 * Contest-only problems on the real server: Bash Game held for a round of Sam's. Before the start
 * no student finds it anywhere (lists, page, API, submissions, sample runs, stress, custom input,
 * saved tests, hints, lab, submission filter, package); from the start Sam does and Sue still not;
 * after the end everyone. A hold a teacher publishes early is everyone's at once. Also the round's
 * questions: capped per person (429 with a sentence) and paged on the teacher's page, and pushed
 * live (with answers and announcements) to every open page that may read them.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-contest-only-'));
let server: RunningServer;
let tess: Person, sam: Person, sue: Person;
const MIN = 60_000;
const SAM = 2;
const SUE = 3;

/** A round's event stream as a page opens it (cookie session), collecting what arrives. */
function follow(path: string, who: Person): Promise<{ status: number; text: () => string; close: () => void }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${server.url}${path}`, { agent: false, headers: { cookie: who.cookie, accept: 'text/event-stream' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      const stream = { status: res.statusCode!, text: () => text, close: () => req.destroy() };
      res.on('data', (chunk: string) => {
        if (text === '') resolve(stream);
        text += chunk;
      });
      res.on('end', () => resolve(stream));
    });
    req.on('error', (e) => ((e as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(e)));
  });
}
async function until(check: () => boolean, what: string): Promise<void> {
  for (const deadline = Date.now() + 10_000; !check(); ) {
    if (Date.now() > deadline) throw new Error(`never ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const make = (body: object): Promise<number> => makeRound(tess, body);

beforeAll(async () => {
  ({ server, people: [tess, sam, sue] } = await classServer(dataDir, [['add-teacher', 'tess'], ['add-student', 'sam'], ['add-student', 'sue']], { problems: ['bash-game', 'nim'] }));
}, 300_000);

afterAll(async () => {
  await server?.stop();
  removeDataDir(dataDir);
});

/** Every way a student might reach the problem, with the status each answers. */
async function reach(p: Person, slug: string): Promise<Record<string, number | boolean>> {
  const listed = ((await p.json<{ slug: string }[]>('/api/problems')).body).some((x) => x.slug === slug);
  const onPage = (await (await p.browser('/problems')).text()).includes(`href="/problems/${slug}"`);
  const inLab = (await p.json<{ games: { slug: string }[] }>('/api/lab/games')).body.games.some((g) => g.slug === slug);
  const labPage = (await (await p.browser('/lab')).text()).includes(`problem:${slug}`);
  const inFilter = (await (await p.browser('/submissions')).text()).includes(`value="${slug}"`);
  return {
    listed,
    onPage,
    inLab,
    labPage,
    inFilter,
    page: (await p.browser(`/problems/${slug}`)).status,
    api: (await p.api(`/api/problems/${slug}`)).status,
    submit: (await post(p, '/api/submissions', { problem: slug, source: ALWAYS_NO })).status,
    submitForm: (await form(p, `/problems/${slug}/submit`, { source: ALWAYS_NO, language: 'javascript' })).status,
    samples: (await post(p, '/api/sample-runs', { problem: slug, source: ALWAYS_NO })).status,
    stress: (await post(p, '/api/stress', { problem: slug, source: ALWAYS_NO })).status,
    invoke: (await post(p, '/api/invocations', { problem: slug, source: ALWAYS_NO, input: '1\n5 3\n' })).status,
    tests: (await p.api(`/api/problems/${slug}/tests`)).status,
    hints: (await p.api(`/api/problems/${slug}/hints/1`)).status,
    lab: (await post(p, '/api/lab', { problem: slug, to: 5 })).status,
    filter: (await p.api(`/api/submissions?problem=${slug}`)).status,
    zip: (await p.browser(`/problems/${slug}/package.zip`)).status,
  };
}
const HIDDEN = { listed: false, onPage: false, inLab: false, labPage: false, inFilter: false, page: 404, api: 404, submit: 404, submitForm: 404, samples: 404, stress: 404, invoke: 404, tests: 404, hints: 404, lab: 404, filter: 404, zip: 404 };

describe('contest-only problems', { timeout: 600_000 }, () => {
  it('a held problem is nobody\'s until the start, the contestants\' during the round, everyone\'s after', async () => {
    const round = await make({ name: 'Cup', problems: ['nim', 'bash-game'], startsAt: Date.now() + 30 * MIN, minutes: 60, rules: 'icpc', participants: [SAM], hidden: ['bash-game'] });
    for (const p of [sam, sue]) expect(await reach(p, 'bash-game'), p.name).toEqual(HIDDEN);
    // Answered exactly as a missing problem, sentence and all.
    const held = await sam.json<{ error: string }>('/api/problems/bash-game');
    const missing = await sam.json<{ error: string }>('/api/problems/no-such-game');
    expect(held.body.error.replace('bash-game', 'X')).toBe(missing.body.error.replace('no-such-game', 'X'));
    // The lab's list of games, named in its refusal, leaves it out too.
    expect((await (await post(sam, '/api/lab', { problem: 'bash-game', to: 5 })).json()) as { error: string }).not.toMatchObject({ error: expect.stringContaining('bash-game, ') });
    // The teacher sees it, and the round's page says who does.
    expect((await tess.api('/api/problems/bash-game')).status).toBe(200);
    expect(await (await tess.browser(`/contests/${round}`)).text()).toContain(`/contests/${round}/problems/bash-game/publish`);
    // Her problem page and list say it is kept for the round (and link to where to publish it); Nim's do not.
    const teacherPage = await (await tess.browser('/problems/bash-game')).text();
    expect(teacherPage).toContain('Contest-only: kept for the round “Cup”; its contestants see it from the start, everyone after the end.');
    expect(teacherPage).toContain(`href="/contests/${round}#problems"`);
    expect(await (await tess.browser('/problems/nim')).text()).not.toContain('class="held-mark"');
    const list = await (await tess.browser('/problems')).text();
    expect(list.match(/<tr[^>]*data-slug="([a-z-]+)"[^]*?<\/tr>/g)?.filter((row) => row.includes('held-mark')).map((row) => row.match(/data-slug="([a-z-]+)"/)?.[1])).toEqual(['bash-game']);
    // Nim, in the same round but not held, stays everyone's.
    expect((await sue.api('/api/problems/nim')).status).toBe(200);
    // A homework set that lists it, and the student's own page, leave it out for them.
    const setRes = await post(tess, '/api/sets', { name: 'Week 1', problems: ['bash-game', 'nim'], opensAt: null, closesAt: null });
    expect(setRes.status).toBe(201);
    const set = ((await setRes.json()) as { id: number }).id;
    expect((await sue.json<{ problems: string[] }>(`/api/sets/${set}`)).body.problems).toEqual(['nim']);
    expect((await tess.json<{ problems: string[] }>(`/api/sets/${set}`)).body.problems).toEqual(['bash-game', 'nim']);
    for (const path of [`/sets/${set}`, '/me']) expect(await (await sue.browser(path)).text(), path).not.toMatch(/bash-game|Brave Game/);
    expect(await (await tess.browser(`/sets/${set}`)).text()).toContain('Brave Game');

    // The round starts: Sam (a contestant) reaches it, Sue still does not.
    expect((await post(tess, `/api/contests/${round}`, { startsAt: Date.now() - MIN }, 'PATCH')).status).toBe(200);
    const samDuring = await reach(sam, 'bash-game');
    expect(samDuring).toMatchObject({ listed: true, onPage: true, inLab: true, page: 200, api: 200, submit: 201, submitForm: 303, tests: 200, hints: 200 });
    expect(await reach(sue, 'bash-game')).toEqual(HIDDEN);

    // After the end: everyone.
    expect((await post(tess, `/api/contests/${round}/end`)).status).toBe(200);
    expect(await reach(sue, 'bash-game')).toMatchObject({ listed: true, onPage: true, page: 200, api: 200, submit: 201 });
  });

  it('a teacher holds a problem for a round and publishes it early, from the round page', async () => {
    const later = await make({ name: 'Later', problems: ['nim'], startsAt: Date.now() + 60 * MIN, minutes: 60, rules: 'icpc', participants: [SAM] });
    expect((await post(sam, '/api/problems/nim/hold', { contest: later }, 'PUT')).status).toBe(403);
    expect((await post(tess, '/api/problems/bash-game/hold', { contest: later }, 'PUT')).status).toBe(400);
    const held = await form(tess, `/contests/${later}/problems/nim/hold`, {});
    expect([held.status, held.headers.get('location')]).toEqual([303, `/contests/${later}#problems`]);
    expect((await sue.api('/problems/nim')).status).toBe(404);
    expect((await sue.json<{ slug: string }[]>('/api/problems')).body.map((p) => p.slug)).toEqual(['bash-game']);
    expect((await form(tess, `/contests/${later}/problems/nim/publish`, {})).status).toBe(303);
    expect((await sue.api('/problems/nim')).status).toBe(200);
    expect((await post(tess, '/api/problems/nim/hold', undefined, 'DELETE')).status).toBe(404);
  });

  it('questions: at most 20 per person and round (429 with a sentence), the teacher\'s page paged', async () => {
    const live = await make({ name: 'Live', problems: ['nim'], startsAt: Date.now() - MIN, minutes: 60, rules: 'icpc', participants: [SAM] });
    for (let i = 1; i <= 20; i++) expect((await post(sam, `/api/contests/${live}/questions`, { text: `Question ${i}?` })).status).toBe(201);
    const refused = await post(sam, `/api/contests/${live}/questions`, { text: 'One more?' });
    expect([refused.status, ((await refused.json()) as { error: string }).error]).toEqual([429, 'You have asked 20 questions in this round, the most one person may; wait for the answers, or ask the teacher in person.']);
    const page = await form(sam, `/contests/${live}/questions`, { text: 'And by the form?' });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain('You have asked 20 questions in this round');
    // The teacher is not capped; the page shows 50 messages at a time, newest first.
    for (let i = 1; i <= 40; i++) expect((await post(tess, `/api/contests/${live}/announcements`, { text: `Note ${i}` })).status).toBe(201);
    const first = await (await tess.browser(`/contests/${live}`)).text();
    expect(first.match(/<li class="message-/g)).toHaveLength(50);
    expect(first.indexOf('Note 40')).toBeLessThan(first.indexOf('Note 39'));
    // (Handlebars writes "=" in an attribute as &#x3D;.)
    expect(first.replace(/&#x3D;/g, '=')).toContain(`href="/contests/${live}?messages=2#messages"`);
    const second = await (await tess.browser(`/contests/${live}?messages=2`)).text();
    expect(second.match(/<li class="message-/g)).toHaveLength(10);
    expect(second).toContain('Question 1?');
  });

  it('questions, answers and announcements reach every open page that may read them, live', async () => {
    const round = await make({ name: 'Live news', problems: ['nim'], startsAt: Date.now() - MIN, minutes: 60, rules: 'icpc', participants: [SAM, SUE] });
    const [teacher, samPage, suePage] = await Promise.all([follow(`/contests/${round}/events`, tess), follow(`/live?topic=round:${round}`, sam), follow(`/contests/${round}/events`, sue)]);
    expect([teacher.status, samPage.status, suePage.status]).toEqual([200, 200, 200]);
    // A stranger's round answers as a missing one, before any stream opens.
    const other = await make({ name: 'Elsewhere', problems: ['nim'], startsAt: Date.now() + 60 * MIN, minutes: 60, rules: 'icpc', participants: [SAM] });
    expect((await sue.browser(`/contests/${other}/events`)).status).toBe(404);

    // Sue asks: the teacher's open page gets it with her name; Sam's gets nothing.
    const asked = await post(sue, `/api/contests/${round}/questions`, { problem: 'nim', text: 'Can a heap hold 0 stones?' });
    expect(asked.status).toBe(201);
    await until(() => teacher.text().includes('Can a heap hold 0 stones?'), 'pushed to the teacher');
    expect(teacher.text()).toMatch(/event: message\ndata: .*message-author[^"]*\\">sue</);
    expect(teacher.text()).toContain('/answer\\"');
    await until(() => suePage.text().includes('Can a heap hold 0 stones?'), 'pushed to the asker');
    expect(suePage.text()).not.toContain('message-author');
    // Answered to everyone: Sam now reads the question and its answer, without the asker's name.
    const qid = ((await asked.json()) as { id: number }).id;
    expect((await post(tess, `/api/contests/${round}/questions/${qid}/answer`, { text: 'Yes, it may.', toAll: true })).status).toBe(200);
    await until(() => samPage.text().includes('Yes, it may.'), 'the answer pushed to everyone');
    expect(samPage.text()).toContain('Can a heap hold 0 stones?');
    expect(samPage.text()).not.toContain('sue');
    // An announcement reaches all three.
    expect((await post(tess, `/api/contests/${round}/announcements`, { text: 'Ten minutes left.' })).status).toBe(201);
    for (const s of [teacher, samPage, suePage]) await until(() => s.text().includes('Ten minutes left.'), 'the announcement pushed');
    for (const s of [teacher, samPage, suePage]) s.close();
  });
});
