import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickIntoEditor } from '../helpers/editor';
import { submit } from '../helpers/judge-client';
import { removeDataDir, ROOT, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim } from '../helpers/solutions';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = join(ROOT, 'test/artifacts');
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let server: RunningServer;
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];
/** The submission typed into the editor, whose row the submissions list must show. */
let editorSubmission = 0;

beforeAll(async () => {
  expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium`).toBe(true);
  mkdirSync(ARTIFACTS, { recursive: true });
  server = await startServer({ workers: 1 });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  page.on('pageerror', (e) => consoleErrors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

describe('in a browser', () => {
  it('shows the problem list', async () => {
    await page.goto(`${server.url}/problems`);
    await expect(page.locator('table.problems a[href="/problems/nim"]').textContent()).resolves.toBe('Nim');
    await shot('problems');
  });

  it('opens a problem, switches the statement language and keeps it after a reload', async () => {
    await page.goto(`${server.url}/problems/nim`);
    const en = page.locator('section.statement[data-lang="en"]');
    const zh = page.locator('section.statement[data-lang="zh"]');
    expect(await en.isVisible()).toBe(true);
    expect(await page.locator('section.statement[data-lang="en"] .katex').count()).toBeGreaterThan(3);
    await page.click('.lang-switch a[data-lang="zh"]');
    expect(await zh.isVisible()).toBe(true);
    expect(await en.isVisible()).toBe(false);
    await page.reload();
    expect(await zh.isVisible()).toBe(true);
    await page.click('.lang-switch a[data-lang="en"]');
    expect(await en.isVisible()).toBe(true);
    // The editor replaced the textarea and the copy buttons appeared.
    expect(await page.locator('#editor .ace_content').isVisible()).toBe(true);
    expect(await page.locator('#source').isVisible()).toBe(false);
    expect(await page.locator('.copy-button').first().isVisible()).toBe(true);
    await shot('problem');
  });

  it('types a solution into the editor, submits, and sees "Accepted" arrive live', async () => {
    // Keep the single judge thread busy first, so the new submission is visibly waiting when its
    // page opens and its verdict can only arrive live.
    await submit(server.url, 'nim', readFileSync(join(ROOT, 'problems/nim/slow/try-every-move.ts'), 'utf8'));
    await page.goto(`${server.url}/problems/nim`);
    await clickIntoEditor(page);
    // insertText sends the text as one input event, as a paste would, so the editor's
    // auto-indent and bracket pairing do not change what was typed.
    await page.keyboard.insertText(acceptedNim());
    expect(await page.evaluate(() => (window as unknown as { ace: { edit(el: string): { getValue(): string } } }).ace.edit('editor').getValue())).toBe(acceptedNim());
    await Promise.all([page.waitForURL(/\/submissions\/\d+$/), page.click('form.submit-form button[type=submit]')]);
    editorSubmission = Number(/\/submissions\/(\d+)$/.exec(page.url())![1]);
    // Mark this document: if the page reloaded to show the verdict, the mark would be gone.
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    const status = page.locator('#status');
    expect(await status.textContent()).toMatch(/In queue|Compiling|Running on test \d+/);
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Accepted', undefined, { timeout: 90_000 });
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(await page.locator('#status').getAttribute('class')).toBe('verdict-accepted');
    expect(await page.locator('#tests tr').count()).toBeGreaterThanOrEqual(20);
    await page.locator('.source pre.hljs .hljs-keyword').first().waitFor();
    await shot('submission');
  });

  it('works without JavaScript: plain textarea, form post, self-refreshing submission page', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const plain = await context.newPage();
      await plain.goto(`${server.url}/problems/nim?lang=zh`);
      expect(await plain.locator('section.statement[data-lang="zh"]').isVisible()).toBe(true);
      expect(await plain.locator('#editor').isVisible()).toBe(false);
      await plain.fill('#source', "console.log('No');\n");
      await Promise.all([plain.waitForURL(/\/submissions\/\d+$/), plain.click('form.submit-form button[type=submit]')]);
      const deadline = Date.now() + 60_000;
      let status = '';
      // The page refreshes itself every 2 s while judging (a <noscript> meta refresh).
      // The ?lang=zh link above chose Chinese for the whole interface, verdict words included.
      while (!(status = (await plain.locator('#status').textContent()) ?? '').includes('答案错误') && Date.now() < deadline) {
        await plain.waitForTimeout(500);
      }
      expect(status).toBe('第 1 个测试点答案错误');
    } finally {
      await context.close();
    }
  });

  it('runs a stress test from the problem page, sees the shrunk counterexample and saves it as a test', async () => {
    await page.goto(`${server.url}/problems/nim`);
    const wrong = readFileSync(join(ROOT, 'problems/nim/wrong/sum-parity.ts'), 'utf8');
    await page.evaluate((src) => (window as unknown as { ace: { edit(el: string): { setValue(s: string): void } } }).ace.edit('editor').setValue(src), wrong);
    // The seed field is filled with a random seed (shown so a run can be repeated); fix it here.
    await page.fill('#stress-test input[name=seed]', '2024');
    await page.fill('#stress-test input[name=cases]', '1000');
    await page.click('#stress-test .stress-run');
    const verdict = page.locator('#stress-test .stress-verdict');
    await verdict.waitFor({ timeout: 90_000 });
    expect(await verdict.textContent()).toMatch(/^Wrong answer on random case \d+$/);
    const blocks = page.locator('#stress-test .io-block pre');
    const [input, expected, got] = await blocks.allTextContents();
    expect(input).toMatch(/^\d+\n/);
    expect(expected!.trim()).not.toBe(got!.trim());
    expect(await page.locator('#stress-test progress').getAttribute('value')).not.toBe('0');
    await shot('stress');
    await page.click('#stress-test .save-test');
    await page.locator('#stress-test .saved-test').waitFor();
    await page.reload();
    const rows = page.locator('#user-tests table.user-tests tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().locator('pre').textContent()).toBe(input);
  });

  it('runs the editor code on a typed input beside the reference (custom invocation)', async () => {
    await page.goto(`${server.url}/problems/nim`);
    await page.evaluate(() => (window as unknown as { ace: { edit(el: string): { setValue(s: string): void } } }).ace.edit('editor').setValue("console.log('Yes');\n"));
    await page.fill('#invocation-input', '1\n2\n3 3');
    await page.click('#custom-invocation .invocation-run');
    const verdict = page.locator('#custom-invocation .invocation-verdict');
    await verdict.waitFor({ timeout: 60_000 });
    expect(await verdict.textContent()).toBe('Differs from the reference');
    expect(await page.locator('#custom-invocation .side-by-side pre').allTextContents()).toEqual(['Yes\n', 'No\n']);
    await page.fill('#invocation-input', '1\n2\n3');
    const before = consoleErrors.length;
    await page.click('#custom-invocation .invocation-run');
    await page.locator('#custom-invocation .verdict-failed').waitFor();
    // The browser logs the API's 400 for the invalid input; that one is expected, nothing else is.
    expect(consoleErrors.splice(before)).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    expect(await page.locator('#custom-invocation .verdict-failed').textContent()).toMatch(/not valid for nim: line 3/);
    // Leave the added test out of the last check's count of accepted submissions: remove it.
    await Promise.all([page.waitForNavigation(), page.click('#user-tests button.remove-test')]);
    expect(await page.locator('#user-tests table.user-tests tr').count()).toBe(0);
  });

  it('lists the submission', async () => {
    // Its own row, found by its id: the other submissions of this file (a slow one that keeps the
    // judge busy, a wrong one) may be listed with any verdict without changing this check.
    expect(editorSubmission).toBeGreaterThan(0);
    await page.goto(`${server.url}/submissions`);
    const row = page.locator('table.submissions tbody tr').filter({ has: page.locator(`td:first-child a[href="/submissions/${editorSubmission}"]`) });
    expect(await row.count()).toBe(1);
    expect(await row.locator('td.verdict-accepted').textContent()).toBe('Accepted');
    expect(await row.locator('td:nth-child(3)').textContent()).toBe('Nim');
    await shot('submissions');
    expect(consoleErrors).toEqual([]);
  });
});
