import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsCli } from '../helpers/accounts';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim, ALWAYS_NO } from '../helpers/solutions';
import { getSource, setSource } from '../helpers/editor';

/** Accounts mode in real browsers: two students in two separate browser contexts and a teacher. */
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CLASS_CODE = 'grundy';

let server: RunningServer;
let browser: Browser;
let annContext: BrowserContext;
let bobContext: BrowserContext;
let ann: Page;
let bob: Page;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-accounts-browser-'));
  expect((await accountsCli(dataDir, ['add-teacher', 'tess'], 'teacher-password\n')).status).toBe(0);
  server = await startServer({ dataDir, workers: 1, env: { ACCOUNTS: 'on', CLASS_CODE } });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  annContext = await browser.newContext();
  bobContext = await browser.newContext();
  ann = await annContext.newPage();
  bob = await bobContext.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});


async function registerAs(page: Page, name: string, password: string): Promise<void> {
  await page.goto(`${server.url}/problems/nim`);
  expect(new URL(page.url()).pathname).toBe('/login');
  await page.click('a[href="/register"]');
  await page.fill('input[name=name]', name);
  await page.fill('input[name=password]', password);
  await page.fill('input[name=password2]', password);
  await page.fill('input[name=classCode]', CLASS_CODE);
  await page.click('button.register-button');
  await page.waitForURL(`${server.url}/problems`);
  expect(await page.locator('.account-link').textContent()).toBe(name);
}

async function logInAs(page: Page, name: string, password: string, next = '/problems'): Promise<void> {
  await page.goto(`${server.url}/login?next=${encodeURIComponent(next)}`);
  await page.fill('input[name=name]', name);
  await page.fill('input[name=password]', password);
  await page.click('button.login-button');
  await page.waitForURL(`${server.url}${next}`);
}

let annSubmission = '';

describe('two students and a teacher in separate browsers', { timeout: 300_000 }, () => {
  it('registers a student on the web, and her submission is judged through the form', async () => {
    await registerAs(ann, 'ann', 'ann-password');
    await ann.goto(`${server.url}/problems/nim`);
    await setSource(ann, acceptedNim());
    await ann.click('#submit-form button.primary');
    await ann.waitForURL(/\/submissions\/\d+$/);
    annSubmission = new URL(ann.url()).pathname;
    await ann.waitForFunction(() => document.querySelector('#status')?.textContent === 'Accepted', undefined, { timeout: 120_000 });
    await ann.goto(`${server.url}/problems`);
    expect(await ann.locator('.solved-count').textContent()).toMatch(/^Solved 1 of 1/);
  });

  it("shows the other student none of it: his own list, a 404 for her submission, the editorial still locked", async () => {
    await registerAs(bob, 'bob', 'bob-password');
    await bob.goto(`${server.url}/submissions`);
    expect(await bob.locator('table.submissions tbody tr').count()).toBe(0);
    const response = await bob.goto(`${server.url}${annSubmission}`);
    expect(response?.status()).toBe(404);
    await bob.goto(`${server.url}/problems/nim`);
    expect(await bob.locator('#editorial').textContent()).toContain('opens once you get Accepted');
    expect(await bob.locator('.solved-count').count()).toBe(0);
    await bob.goto(`${server.url}/problems`);
    expect(await bob.locator('.solved-count').textContent()).toMatch(/^Solved 0 of 1/);
  });

  it("runs page scripts' writes (a stress test, the samples) with the session's CSRF token", async () => {
    await bob.goto(`${server.url}/problems/nim`);
    await setSource(bob, ALWAYS_NO);
    await bob.fill('#stress-test input[name=cases]', '20');
    await bob.click('#stress-test .stress-run');
    const verdict = bob.locator('#stress-test .stress-verdict');
    await verdict.waitFor({ timeout: 120_000 });
    expect(await verdict.textContent()).toMatch(/random case/);
    // "Run the samples" posts through public/api.js, which adds the token too.
    await bob.click('.run-samples');
    await bob.locator('.sample-summary').waitFor({ timeout: 120_000 });
    expect(await bob.locator('.sample-summary').textContent()).toMatch(/^0 of \d+ samples passed$/);
  });

  it('keeps drafts per person when two students share one browser, and logs out with the button', async () => {
    await ann.goto(`${server.url}/problems/nim`);
    const annDraft = '// ann was here\n';
    await setSource(ann, annDraft);
    await ann.click('form.logout button');
    await ann.waitForURL(/\/login\?out=1$/);
    expect(await ann.locator('.logged-out').textContent()).toBe('You are logged out.');
    expect((await ann.goto(`${server.url}/submissions`))?.url()).toMatch(/\/login\?next=/);
    await logInAs(ann, 'bob', 'bob-password', '/problems/nim');
    await ann.locator('#editor .ace_content').waitFor();
    expect(await getSource(ann)).not.toContain('ann was here');
    await ann.click('form.logout button');
    await ann.waitForURL(/\/login\?out=1$/);
    await logInAs(ann, 'ann', 'ann-password', '/problems/nim');
    await ann.locator('#editor .ace_content').waitFor();
    expect(await getSource(ann)).toBe(annDraft);
  });

  it("shows the teacher everyone's submissions with their authors", async () => {
    const teacherContext = await browser.newContext();
    const tess = await teacherContext.newPage();
    await logInAs(tess, 'tess', 'teacher-password', '/submissions');
    const authors = await tess.locator('table.submissions td.author').allTextContents();
    expect(new Set(authors)).toEqual(new Set(['ann']));
    expect((await tess.goto(`${server.url}${annSubmission}`))?.status()).toBe(200);
    expect(await tess.locator('td.author').textContent()).toBe('ann');
    await teacherContext.close();
  });
});
