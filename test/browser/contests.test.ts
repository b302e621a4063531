import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJob, submit, waitForVerdict } from '../helpers/judge-client';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim, ALWAYS_NO } from '../helpers/solutions';

/**
 * The contest pages in real Chromium, local mode (the one person is teacher and contestant): a
 * round whose start lies in the past, a wrong and an accepted try, then the list, the round's page,
 * the board (cells, the live refresh, axe in both themes), the forms and the Chinese words.
 */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const MIN = 60_000;

let server: RunningServer;
let browser: Browser;
let id: number;
let startsAt: number;
let acMinute: number;

beforeAll(async () => {
  server = await startServer({ workers: 1, problems: ['nim', 'kiki'] });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  startsAt = Date.now() - 30 * MIN;
  id = await postJob(server.url, '/api/contests', { name: 'Round <1>', problems: ['nim', 'kiki'], startsAt: new Date(startsAt).toISOString(), minutes: 90, rules: 'icpc' });
  const wrong = await waitForVerdict(server.url, await submit(server.url, 'nim', ALWAYS_NO), 120_000);
  const ac = await waitForVerdict(server.url, await submit(server.url, 'nim', acceptedNim()), 120_000);
  expect([wrong.verdict, ac.verdict]).toEqual(['WA', 'AC']);
  acMinute = Math.floor((Date.parse((ac as unknown as { createdAt: string }).createdAt) - startsAt) / MIN);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

interface Violation { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

async function seriousViolations(p: Page): Promise<string[]> {
  await p.addScriptTag({ content: AXE });
  const violations = await p.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, options: object): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(', ')}`);
}

const cellTexts = (p: Page) => p.locator('table.board tbody tr').first().locator('td, th').allInnerTexts();

describe('contest pages', { timeout: 300_000 }, () => {
  it('lists the round, shows its page with the viewer\'s status, and the header links to it', async () => {
    const context = await browser.newContext();
    try {
      const p = await context.newPage();
      const errors: string[] = [];
      p.on('pageerror', (e) => errors.push(e.message));
      await p.goto(`${server.url}/problems`);
      await p.getByRole('link', { name: 'Contests' }).click();
      await p.waitForURL(/\/contests$/);
      const row = p.locator('table.contests tbody tr').first();
      // The name is escaped text, not markup.
      expect(await row.locator('td').allInnerTexts()).toEqual(['Round <1>', 'running', expect.stringMatching(/UTC$/), expect.stringMatching(/UTC$/), 'ICPC']);
      await row.getByRole('link').click();
      await p.waitForURL(new RegExp(`/contests/${id}$`));
      expect(await p.locator('h1').innerText()).toBe('Round <1>');
      expect(await p.locator('table.contest-problems tbody tr').allInnerTexts()).toEqual([expect.stringMatching(/^A\t.+\t\+1 \d+ min$/), expect.stringMatching(/^B\t.+\t—$/)]);
      // The countdown script replaces the server's minutes with a ticking h:mm:ss.
      await expect.poll(() => p.locator('.contest-clock .clock-value').innerText()).toMatch(/^(1:)?\d\d:\d\d$/);

      // A question through the form, answered to everyone through the teacher's form, then an announcement.
      await p.getByLabel('About').selectOption('nim');
      await p.getByLabel('Your question').fill('May a heap be empty?');
      await p.getByRole('button', { name: 'Ask' }).click();
      // The page comes back saying it is sent (at its messages).
      await p.waitForURL(new RegExp(`/contests/${id}\\?asked=1#messages$`));
      const item = p.locator('.contest-messages li').first();
      expect(await item.locator('.message-text').innerText()).toBe('May a heap be empty?');
      await item.getByLabel('Answer').fill('Yes.');
      await item.getByLabel('to everyone').check();
      await item.getByRole('button', { name: 'Send' }).click();
      await p.waitForURL(new RegExp(`/contests/${id}$`));
      expect(await p.locator('.message-answer').innerText()).toBe('Answer (to everyone): Yes.');
      await p.getByLabel('Announcement').fill('An hour left.');
      await p.getByRole('button', { name: 'Announce' }).click();
      await p.waitForURL(new RegExp(`/contests/${id}$`));
      expect(await p.locator('.contest-messages .message-announcement .message-text').innerText()).toBe('An hour left.');
      const api = (await (await fetch(`${server.url}/api/contests/${id}/messages`)).json()) as { messages: { kind: string; text: string; answer: string | null; toAll: boolean }[] };
      expect(api.messages.map((m) => [m.kind, m.text, m.answer, m.toAll])).toEqual([['question', 'May a heap be empty?', 'Yes.', true], ['announcement', 'An hour left.', null, true]]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the board with its cells, refreshes it, and axe finds nothing serious in light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ colorScheme: scheme, bypassCSP: true });
      try {
        const p = await context.newPage();
        await p.goto(`${server.url}/contests/${id}/board`);
        expect(await p.locator('table.board thead th').allInnerTexts()).toEqual(['Rank', 'Contestant', 'Solved', 'Penalty', 'A', 'B']);
        // One rejected try before the accept: "+1", the accept's minute, penalty = minute + 20; B untried.
        expect(await cellTexts(p)).toEqual(['1', 'you', '1', String(acMinute + 20), `★+1\n${acMinute}`, '']);
        expect(await p.locator('table.board tbody td.cell-first').count()).toBe(1);
        expect(await p.getByRole('link', { name: 'Download as CSV' }).getAttribute('href')).toBe(`/contests/${id}/board.csv`);
        expect(await seriousViolations(p)).toEqual([]);
        await p.goto(`${server.url}/contests/${id}/board?projector=1`);
        expect(await p.locator('.contest-board.projector').count()).toBe(1);
        expect(await seriousViolations(p)).toEqual([]);
        for (const path of ['/contests', `/contests/${id}`]) {
          await p.goto(`${server.url}${path}`);
          expect(await seriousViolations(p), path).toEqual([]);
        }
      } finally {
        await context.close();
      }
    }
    // On a 390 px phone the board fits the screen: nothing wider than the viewport, no sideways scroll.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    try {
      const p = await phone.newPage();
      for (const path of [`/contests/${id}/board`, `/contests/${id}`]) {
        await p.goto(`${server.url}${path}`);
        const widths = await p.evaluate(() => ({ page: document.documentElement.scrollWidth, board: Math.ceil(document.querySelector('table.board, table.contest-problems')!.getBoundingClientRect().right) }));
        expect(widths.page, path).toBeLessThanOrEqual(390);
        expect(widths.board, path).toBeLessThanOrEqual(390);
      }
    } finally {
      await phone.close();
    }
    // The live refresh: a wrong try on B appears without a reload.
    const context = await browser.newContext();
    try {
      const p = await context.newPage();
      await p.goto(`${server.url}/contests/${id}/board`);
      expect((await cellTexts(p))[5]).toBe('');
      const wrong = await waitForVerdict(server.url, await submit(server.url, 'kiki', ALWAYS_NO), 120_000);
      expect(['WA', 'PE']).toContain(wrong.verdict);
      await expect.poll(async () => (await cellTexts(p))[5], { timeout: 20_000 }).toBe('−1');
    } finally {
      await context.close();
    }
  });

  it('makes a round with the teacher form, ends it and words it in Chinese', async () => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    try {
      const p = await context.newPage();
      await p.goto(`${server.url}/contests`);
      expect(await p.locator('h1').innerText()).toBe('比赛');
      await p.locator('.contest-form summary').click();
      await p.getByLabel('比赛名称').fill('Quiz');
      await p.getByLabel('开始时间（服务器时间）').fill('2020-01-01T10:00');
      await p.getByLabel('时长（分钟）').fill('30');
      // Ticking nothing is a mistake the form shows, keeping what was typed.
      await p.getByRole('button', { name: '创建' }).click();
      expect(await p.locator('.form-error').innerText()).toMatch(/problems/);
      expect(await p.getByLabel('时长（分钟）').inputValue()).toBe('30');
      await p.locator('input[name="pick:nim"]').check();
      await p.locator('input[name="pick:kiki"]').check();
      await p.getByRole('button', { name: '创建' }).click();
      await p.waitForURL(/\/contests\/\d+$/);
      // The learning order (kiki before nim), not the ticking order, decides A and B; a round in the past is over.
      const quiz = Number(new URL(p.url()).pathname.split('/').pop());
      const made = (await (await fetch(`${server.url}/api/contests/${quiz}`)).json()) as { problems: { label: string; problem: string }[]; phase: string; minutes: number };
      expect(made).toMatchObject({ phase: 'over', minutes: 30, problems: [{ label: 'A', problem: 'kiki' }, { label: 'B', problem: 'nim' }] });
      expect(await p.locator('.contest-over').innerText()).toContain('赛后补题');

      // "End now" on the running round from the first test.
      await p.goto(`${server.url}/contests/${id}`);
      await p.getByRole('button', { name: '立即结束比赛' }).click();
      await p.waitForURL(new RegExp(`/contests/${id}$`));
      expect(((await (await fetch(`${server.url}/api/contests/${id}`)).json()) as { phase: string }).phase).toBe('over');
      expect(await p.locator('.contest-over').count()).toBe(1);
      // A button sent once too often: the page again, answered 400, with the sentence.
      const again = await fetch(`${server.url}/contests/${id}/end`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
      expect(again.status).toBe(400);
      expect(await again.text()).toContain('Only a running contest can be ended.');
    } finally {
      await context.close();
    }
  });
});
