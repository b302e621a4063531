import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, seriousViolations } from '../helpers/browser';
import { postJob } from '../helpers/judge-client';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';

/**
 * A round as its contestant meets it in real Chromium (local mode: the one person takes part): the
 * problem page is the round's (name, letter, time left ticking, its messages, next in the round's
 * order), and an announcement, a question and its answer appear on the open round and problem
 * pages without a reload, in the page's language.
 */
const MIN = 60_000;

let server: RunningServer;
let browser: Browser;
let id: number;

beforeAll(async () => {
  server = await startServer({ workers: 1, problems: ['nim', 'kiki'] });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  id = await postJob(server.url, '/api/contests', { name: 'Friday round', problems: ['kiki', 'nim'], startsAt: new Date(Date.now() - 5 * MIN).toISOString(), minutes: 90, rules: 'icpc', freezeMinutes: 30 });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

const post = (path: string, body: object) => fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('a round\'s pages in Chromium', { timeout: 300_000 }, () => {
  it('the problem page is the round\'s, and messages arrive live on it and on the round page', async () => {
    const context = await browser.newContext();
    try {
      const problem = await context.newPage();
      const errors: string[] = [];
      problem.on('pageerror', (e) => errors.push(e.message));
      await problem.goto(`${server.url}/problems/kiki`);
      const bar = problem.locator('nav.round-bar');
      await expect.poll(() => bar.locator('.round-back').innerText()).toContain('Friday round');
      expect(await bar.locator('.round-label').innerText()).toBe('Problem A');
      // The clock ticks in seconds (contest-clock.js), starting from the server's minutes.
      await expect.poll(() => bar.locator('.clock-value').innerText(), { timeout: 5000 }).toMatch(/^1:2\d:\d\d$/);
      expect(await problem.locator('.problem-meta, .homework-mark').count()).toBe(0);
      expect(await problem.locator('nav.next-problem a').innerText()).toContain('B. ');

      const round = await context.newPage();
      await round.goto(`${server.url}/contests/${id}`);
      expect(await round.locator('.contest-freeze').innerText()).toMatch(/^The board freezes at \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
      expect(await round.locator('.contest-helpers').innerText()).toBe('Every helper stays on during the round.');

      // An announcement reaches both open pages, no reload.
      expect((await post(`/api/contests/${id}/announcements`, { text: 'Sample 2 of A is fixed.' })).status).toBe(201);
      await expect.poll(() => problem.locator('.round-messages li').first().innerText()).toContain('Sample 2 of A is fixed.');
      await expect.poll(() => round.locator('ul.contest-messages li').first().innerText()).toContain('Sample 2 of A is fixed.');

      // A question through the form: the page says it is sent, and its answer replaces it in place.
      await round.locator('form.contest-question select[name=problem]').selectOption('nim');
      await round.locator('form.contest-question textarea[name=text]').fill('Is a heap of 0 allowed?');
      await round.locator('form.contest-question button[type=submit]').click();
      await round.waitForURL(/asked=1/);
      expect(await round.locator('.asked').innerText()).toBe('Your question is sent; the answer will appear here.');
      const question = round.locator('ul.contest-messages li.message-question');
      expect(await question.count()).toBe(1);
      const qid = Number(await question.getAttribute('data-id'));
      expect((await post(`/api/contests/${id}/questions/${qid}/answer`, { text: 'Yes.', toAll: true })).status).toBe(200);
      await expect.poll(() => question.locator('.message-answer').innerText().catch(() => '')).toContain('Yes.');
      expect(await round.locator('ul.contest-messages li.message-question').count()).toBe(1);
      await expect.poll(() => problem.locator('.round-messages li').first().innerText()).toContain('Yes.');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('in Chinese the round bar and a pushed message speak Chinese; no serious accessibility violation', async () => {
    // (bypassCSP only to inject axe; the first test ran the pages under their real policy.)
    const context = await browser.newContext({ locale: 'zh-CN', bypassCSP: true });
    try {
      await context.addCookies([{ name: 'lang', value: 'zh', url: server.url }]);
      const p = await context.newPage();
      await p.goto(`${server.url}/problems/nim`);
      expect(await p.locator('nav.round-bar .round-label').innerText()).toBe('题目 B');
      expect((await post(`/api/contests/${id}/announcements`, { text: '还有十分钟。' })).status).toBe(201);
      await expect.poll(() => p.locator('.round-messages li').first().innerText()).toMatch(/^公告 · .*还有十分钟。/s);
      expect(await seriousViolations(p)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
