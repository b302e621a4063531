import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsCli, Person } from '../helpers/accounts';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim, ALWAYS_NO } from '../helpers/solutions';

/**
 * The teacher's side of a round in real Chromium, accounts mode (a teacher, two students): the ICPC
 * resolver on the projector board of a frozen round (one cell at a time from the last place up,
 * the students' board frozen until the last one; axe in both themes), the edit form before a
 * start, extending a running round, a student's virtual round, and the rejudge button.
 */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const MIN = 60_000;

const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-resolver-'));
let server: RunningServer;
let browser: Browser;
let tess: Person, ann: Person, bob: Person;
let round: number;

interface Board {
  frozen: boolean;
  rows: { rank: number; name: string; solved: number; cells: { state: string; text: string }[] }[];
  resolver?: { name: string; problem: string; cell: { text: string; first: boolean }; rows: { name: string; rank: number; solved: number }[] }[];
}

const post = (p: Person, path: string, body?: unknown) => p.api(path, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
async function judged(p: Person, source: string): Promise<string> {
  const id = ((await (await post(p, '/api/submissions', { problem: 'nim', source })).json()) as { id: number }).id;
  for (let i = 0; i < 1200; i++) {
    const s = (await p.json<{ status: string; verdict: string }>(`/api/submissions/${id}`)).body;
    if (s.status === 'done') return s.verdict;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`submission ${id} not judged`);
}

beforeAll(async () => {
  for (const [role, name] of [['add-teacher', 'tess'], ['add-student', 'ann'], ['add-student', 'bob']] as const) {
    const made = await accountsCli(dataDir, [role, name], `${name}-password\n`);
    expect(made.status, made.stderr).toBe(0);
  }
  server = await startServer({ dataDir, workers: 1, env: { ACCOUNTS: 'on' } });
  tess = new Person(server.url, 'tess', 'tess-password');
  ann = new Person(server.url, 'ann', 'ann-password');
  bob = new Person(server.url, 'bob', 'bob-password');
  for (const p of [tess, ann, bob]) expect((await p.login()).status).toBe(200);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  // Frozen from minute 15 of 60; it is minute 30: every try below is frozen. Then it ends.
  const made = await post(tess, '/api/contests', { name: 'Final', problems: ['nim'], startsAt: new Date(Date.now() - 30 * MIN).toISOString(), minutes: 60, rules: 'icpc', freezeMinutes: 45 });
  round = ((await made.json()) as { id: number }).id;
  expect([await judged(ann, ALWAYS_NO), await judged(ann, acceptedNim()), await judged(bob, acceptedNim())]).toEqual(['WA', 'AC', 'AC']);
  expect((await post(tess, `/api/contests/${round}/end`)).status).toBe(200);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  removeDataDir(dataDir);
});

async function as(p: Person, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ bypassCSP: true, ...options });
  await context.addCookies([{ name: 'sg_session', value: p.cookie.replace(/^sg_session=/, ''), url: server.url }]);
  return context;
}

interface Violation { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }
async function seriousViolations(p: Page): Promise<string[]> {
  await p.addScriptTag({ content: AXE });
  const violations = await p.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(', ')}`);
}

const rowsOf = (p: Page) => p.locator('table.board tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td, th')).map((c) => (c as HTMLElement).innerText.replace(/\s+/g, ' ').trim())));
const annBoard = async () => (await ann.json<Board>(`/api/contests/${round}/board`)).body;

describe('the teacher\'s round pages', { timeout: 300_000 }, () => {
  it('reveals a frozen board one cell at a time from the last place up; students see it only after the last', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await as(tess, { colorScheme: scheme });
      try {
        const p = await context.newPage();
        const errors: string[] = [];
        p.on('pageerror', (e) => errors.push(e.message));
        await p.goto(`${server.url}/contests/${round}/board?projector=1`);
        // As the students see it: both tied with a frozen cell, in name order.
        await expect.poll(() => p.locator('.resolver-left').innerText()).toBe('2 frozen cells left');
        expect((await rowsOf(p)).map((r) => [r[0], r[1], r[2], r[4]])).toEqual([['1', 'ann', '0', '?2'], ['1', 'bob', '0', '?1']]);
        expect(await seriousViolations(p)).toEqual([]);
        if (scheme === 'dark') {
          // The dark pass reveals all at once.
          await p.getByRole('button', { name: 'Reveal all' }).click();
          await expect.poll(() => p.locator('.resolver-left').innerText()).toBe('Every cell is revealed: the board is unfrozen for everyone.');
          expect((await rowsOf(p)).map((r) => [r[0], r[1], r[2]])).toEqual([['1', 'bob', '1'], ['2', 'ann', '1']]);
          expect(await seriousViolations(p)).toEqual([]);
          expect(errors).toEqual([]);
          continue;
        }
        // The reveal sequence is the server's (server/contests/board.ts): the page plays it step by step.
        const steps = (await tess.json<Board>(`/api/contests/${round}/board?view=frozen`)).body.resolver!;
        expect(steps.map((s) => s.name)).toEqual(['bob', 'ann']);
        const played = async () => (await rowsOf(p)).map((r) => [r[0], r[1], r[2]]);
        const expected = (k: number) => steps[k]!.rows.map((r) => [String(r.rank), r.name, String(r.solved)]);
        // The last row (bob) first: his Accepted lifts him above ann.
        await p.getByRole('button', { name: 'Reveal next' }).click();
        expect(await played()).toEqual(expected(0));
        // (ann's Accepted came first: she keeps the first-solver star, still frozen.)
        expect((await rowsOf(p)).map((r) => [r[0], r[1], r[2], r[4]!.replace(/ \d+$/, '')])).toEqual([['1', 'bob', '1', '+'], ['2', 'ann', '0', '?2']]);
        expect(await p.locator('td.cell-revealed').count()).toBe(1);
        // Nothing reached the students yet.
        expect((await annBoard()).frozen).toBe(true);
        await p.getByRole('button', { name: 'Reveal next' }).click();
        await expect.poll(() => p.locator('.resolver-left').innerText()).toBe('Every cell is revealed: the board is unfrozen for everyone.');
        expect(await played()).toEqual(expected(1));
        expect((await rowsOf(p)).map((r) => [r[0], r[1], r[2], r[4]!.replace(/ \d+$/, '')])).toEqual([['1', 'bob', '1', '+'], ['2', 'ann', '1', '★+1']]);
        expect(await p.getByRole('button', { name: 'Reveal next' }).isDisabled()).toBe(true);
        const unfrozen = await annBoard();
        expect([unfrozen.frozen, unfrozen.rows.map((r) => [r.rank, r.name, r.solved])]).toEqual([false, [[1, 'bob', 1], [2, 'ann', 1]]]);
        expect(errors).toEqual([]);
        // For the dark pass: frozen again (a test-only reset of the stored flag is not possible over HTTP),
        // so a second round with the same tries is used instead.
        const again = await post(tess, '/api/contests', { name: 'Final (again)', problems: ['nim'], startsAt: new Date(Date.now() - 30 * MIN).toISOString(), minutes: 60, rules: 'icpc', freezeMinutes: 45 });
        round = ((await again.json()) as { id: number }).id;
        expect([await judged(ann, ALWAYS_NO), await judged(ann, acceptedNim()), await judged(bob, acceptedNim())]).toEqual(['WA', 'AC', 'AC']);
        // During the freeze the projector shows what the class sees, frozen, and says so; the teacher's own board says it is live.
        await p.goto(`${server.url}/contests/${round}/board?projector=1`);
        expect(await p.locator('.board-sight').innerText()).toBe('Projector: the board as the class sees it, frozen: tries since the freeze show as pending.');
        expect((await rowsOf(p)).map((r) => [r[1], r[4]])).toEqual([['ann', '?2'], ['bob', '?1']]);
        await p.goto(`${server.url}/contests/${round}/board`);
        expect(await p.locator('.board-sight').innerText()).toMatch(/^Live: your teacher's view shows every try/);
        expect((await rowsOf(p)).map((r) => r[1])).toEqual(['bob', 'ann']);
        expect((await post(tess, `/api/contests/${round}/end`)).status).toBe(200);
      } finally {
        await context.close();
      }
    }
  });

  it('edits a round before its start, extends a running one, and rejudges a round from its page', async () => {
    const context = await as(tess);
    try {
      const p = await context.newPage();
      const later = ((await (await post(tess, '/api/contests', { name: 'Next week', problems: ['nim'], startsAt: Date.now() + 7 * 24 * 60 * MIN, minutes: 90, rules: 'icpc' })).json()) as { id: number }).id;
      await p.goto(`${server.url}/contests/${later}`);
      await p.getByRole('link', { name: 'Edit the round' }).click();
      expect(await p.getByLabel('Contest name').inputValue()).toBe('Next week');
      await p.getByLabel('Contest name').fill('Next week, ann only');
      await p.getByLabel('Hints').uncheck();
      await p.getByLabel('Only the students ticked below').check();
      await p.getByLabel('ann (ann)').check();
      expect(await seriousViolations(p)).toEqual([]);
      await p.getByRole('button', { name: 'Save the round' }).click();
      await p.waitForURL(new RegExp(`/contests/${later}$`));
      const edited = (await tess.json<{ name: string; participants: number[]; tools: { hints: boolean } }>(`/api/contests/${later}`)).body;
      expect(edited).toMatchObject({ name: 'Next week, ann only', participants: [expect.any(Number)], tools: { hints: false } });
      // ann takes part, bob does not see it.
      expect((await ann.api(`/api/contests/${later}`)).status).toBe(200);
      expect((await bob.api(`/api/contests/${later}`)).status).toBe(404);

      const running = ((await (await post(tess, '/api/contests', { name: 'Now', problems: ['nim'], startsAt: Date.now() - MIN, minutes: 60, rules: 'practice' })).json()) as { id: number }).id;
      await p.goto(`${server.url}/contests/${running}`);
      expect(await p.getByRole('link', { name: 'Edit the round' }).count()).toBe(0);
      // Shorter is refused (the field's minimum stops the browser; the server says it too).
      expect(await p.getByLabel('Length (minutes; only longer during the round)').getAttribute('min')).toBe('60');
      const shorter = await tess.browser(`/contests/${running}/extend`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `_csrf=${encodeURIComponent(await tess.csrf())}&minutes=30` });
      expect([shorter.status, await shorter.text()]).toEqual([400, expect.stringContaining('During the round the length may only be extended')]);
      await p.getByLabel('Length (minutes; only longer during the round)').fill('75');
      await p.getByRole('button', { name: 'Extend' }).click();
      await p.waitForURL(new RegExp(`/contests/${running}$`));
      expect((await tess.json<{ minutes: number }>(`/api/contests/${running}`)).body.minutes).toBe(75);

      // The rejudge button of the finished round: its page follows it to the end.
      await p.goto(`${server.url}/contests/${round}`);
      await p.getByRole('button', { name: "Rejudge this round's submissions" }).click();
      await p.waitForURL(/\/rejudge\/\d+/);
      await expect.poll(() => p.locator('.rejudge-none').innerText(), { timeout: 60_000 }).toBe('None: every verdict stayed the same.');
      expect(await p.locator('.rejudge-count').innerText()).toBe('3 / 3');
      expect(await seriousViolations(p)).toEqual([]);
      // The same pages in the dark theme: the rejudge, the edit form, the running round's extend form.
      const dark = await as(tess, { colorScheme: 'dark' });
      try {
        const d = await dark.newPage();
        for (const url of [p.url(), `${server.url}/contests/${later}/edit`, `${server.url}/contests/${running}`]) {
          await d.goto(url);
          expect(await seriousViolations(d), url).toEqual([]);
        }
      } finally {
        await dark.close();
      }
      await p.goto(`${server.url}/contests/${round}`);
      expect(await p.locator('.rejudge-last').innerText()).toMatch(/^Rejudge \d+: done, 3 \/ 3 · 0 verdicts changed$/);
    } finally {
      await context.close();
    }
  });

  it('lets a student start a virtual round after the end, in Chinese too', async () => {
    const context = await as(ann, { locale: 'zh-CN' });
    try {
      const p = await context.newPage();
      await p.goto(`${server.url}/contests/${round}`);
      await p.getByRole('button', { name: '开始虚拟参赛' }).click();
      await p.waitForURL(new RegExp(`/contests/${round}$`));
      // Her own clock, counting down her virtual round.
      await expect.poll(() => p.locator('.contest-clock').innerText()).toMatch(/^你的虚拟参赛剩余时间 \d\d:\d\d$/);
      await p.getByRole('link', { name: '你的虚拟排行榜' }).click();
      // Her virtual row, marked, beside the real rows as they stood at her minute 0 (nothing yet).
      expect((await rowsOf(p)).map((r) => r[1]).sort()).toEqual(['ann', 'ann (虚拟)', 'bob']);
      expect(await seriousViolations(p)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
