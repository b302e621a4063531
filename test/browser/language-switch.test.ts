import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsCli } from '../helpers/accounts';
import { setSource } from '../helpers/editor';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';

/**
 * The header's "English 中文" on every page, logged out (login, register) and in (a student's pages,
 * the teacher's class): one click changes the whole interface at once, and the choice is kept.
 * Then the lab: after Compute its status is in view, and a job can be cancelled.
 */
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CLASS_CODE = 'grundy';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-lang-browser-'));
  expect((await accountsCli(dataDir, ['add-teacher', 'tess'], 'teacher-password\n')).status).toBe(0);
  server = await startServer({ dataDir, workers: 1, env: { ACCOUNTS: 'on', CLASS_CODE } });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

/** Clicks the header's switch to `lang` and checks the page came back whole in it, at the same address. */
async function switchTo(page: Page, lang: 'en' | 'zh'): Promise<void> {
  const path = new URL(page.url()).pathname;
  await page.click(`header .ui-lang-switch a[data-ui-lang="${lang}"]`);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  expect(new URL(page.url()).pathname, path).toBe(path);
  expect(new URL(page.url()).search, path).not.toMatch(/lang=/);
  expect(await page.locator('header .ui-lang-switch a.current').getAttribute('data-ui-lang'), path).toBe(lang);
  expect(await page.locator('footer').textContent(), path).toMatch(lang === 'zh' ? /[\u4e00-\u9fff]/ : /^[^\u4e00-\u9fff]*$/);
}

describe('the language switch on every page', () => {
  it('changes login and register at once, logged out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/login`);
      await switchTo(page, 'zh');
      expect(await page.locator('button.login-button').textContent()).toBe('登录');
      await page.goto(`${server.url}/register`);
      expect(await page.locator('html').getAttribute('lang')).toBe('zh');
      await switchTo(page, 'en');
      expect(await page.locator('button.register-button').textContent()).toBe('Register');
    } finally {
      await context.close();
    }
  });

  it("changes a student's pages and the teacher's class at once, and keeps the choice", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/register`);
      await page.fill('input[name=name]', 'lin');
      await page.fill('input[name=password]', 'lin-password');
      await page.fill('input[name=password2]', 'lin-password');
      await page.fill('input[name=classCode]', CLASS_CODE);
      await page.click('button.register-button');
      await page.waitForURL(`${server.url}/problems`);
      for (const path of ['/problems', '/problems/nim', '/submissions', '/lab', '/me', '/account']) {
        await page.goto(`${server.url}${path}`);
        await switchTo(page, 'zh');
        expect(await page.locator('header.top nav a[href="/problems"]').textContent(), path).toBe('题目');
        await page.reload();
        expect(await page.locator('html').getAttribute('lang'), path).toBe('zh');
        await switchTo(page, 'en');
        expect(await page.locator('header.top nav a[href="/problems"]').textContent(), path).toBe('Problems');
      }
      // The statement's own switch reloads the whole interface too.
      await page.goto(`${server.url}/problems/nim`);
      await page.click('.lang-switch a[data-lang="zh"]');
      await page.waitForFunction(() => document.documentElement.lang === 'zh');
      expect(await page.locator('section.statement[data-lang="zh"]').isVisible()).toBe(true);
      expect(await page.locator('header.top nav a[href="/problems"]').textContent()).toBe('题目');
      // The lab's starter game and conjecture box speak Chinese too.
      await page.goto(`${server.url}/lab`);
      expect(await page.locator('#lab-source').inputValue()).toMatch(/^\/\/ 一个游戏：options\(n\)/);
      expect(await page.locator('#lab-conjecture').inputValue()).toMatch(/^\/\/ 可选：/);
    } finally {
      await context.close();
    }
    const teacher = await browser.newContext();
    const tess = await teacher.newPage();
    try {
      await tess.goto(`${server.url}/login?next=%2Fclass`);
      await tess.fill('input[name=name]', 'tess');
      await tess.fill('input[name=password]', 'teacher-password');
      await tess.click('button.login-button');
      await tess.waitForURL(`${server.url}/class`);
      await switchTo(tess, 'zh');
      await switchTo(tess, 'en');
    } finally {
      await teacher.close();
    }
  });
});

describe('the lab after Compute', () => {
  it('scrolls its status and result into view', async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 600 } });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/login?next=%2Flab`);
      await page.fill('input[name=name]', 'tess');
      await page.fill('input[name=password]', 'teacher-password');
      await page.click('button.login-button');
      await page.waitForURL(`${server.url}/lab`);
      const inView = () =>
        page.locator('#lab-status').evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        });
      expect(await inView()).toBe(false);
      await page.click('#lab-compute');
      await page.locator('#lab-summary').waitFor();
      expect(await inView()).toBe(true);

      // A game whose options never return: a job, which the page offers to cancel.
      await page.evaluate(() => window.scrollTo(0, 0));
      await setSource(page, 'export function options(n: number): number[][] {\n  for (;;) {}\n}\n', 'lab-source-editor');
      const posted = page.waitForResponse((r) => r.url().endsWith('/api/lab?summary=en') && r.request().method() === 'POST');
      await page.click('#lab-compute-source');
      const { id } = (await (await posted).json()) as { id: number };
      expect(await inView()).toBe(true);
      await page.click('#lab-cancel');
      await page.waitForFunction(() => document.getElementById('lab-status')?.textContent === 'Cancelled.');
      const job = await page.evaluate(async (n) => (await fetch(`/api/lab/${n}`)).json(), id);
      expect(job).toMatchObject({ status: 'failed', error: 'Cancelled.' });
      // Cancelling twice: the job has finished.
      const again = await page.evaluate(async (n) => {
        const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
        const r = await fetch(`/api/lab/${n}/cancel`, { method: 'POST', headers: { 'x-csrf-token': token } });
        return { status: r.status, body: await r.json() };
      }, id);
      expect(again).toEqual({ status: 409, body: { error: `Lab job ${id} has already finished.` } });
      await new Promise((r) => setTimeout(r, 1500));
      expect(await page.locator('#lab-status').textContent()).toBe('Cancelled.');
    } finally {
      await context.close();
    }
  });
});
