import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSource } from '../helpers/editor';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';

// /problems/new in real Chromium (local mode: the one person is the teacher): the statement preview
// typesets maths and shows a <script> as text, a typed draft is checked and published, and the lab's
// "Make a problem of this game" opens the draft's checks; in both languages and both themes, axe
// finds nothing serious.
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let server: RunningServer;
let browser: Browser;
const errors: string[] = [];

beforeAll(async () => {
  expect(existsSync(CHROMIUM)).toBe(true);
  server = await startServer({ workers: 1, problems: ['nim'] });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

async function open(path: string, opts: { dark?: boolean; lang?: 'en' | 'zh' } = {}): Promise<Page> {
  const context = await browser.newContext({ bypassCSP: true, colorScheme: opts.dark ? 'dark' : 'light' });
  if (opts.lang) await context.addCookies([{ name: 'lang', value: opts.lang, url: server.url }]);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => {
    errors.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.goto(`${server.url}${path}`);
  return page;
}

async function axeSerious(p: Page): Promise<string[]> {
  await p.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  const found = await p.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document): Promise<{ violations: { id: string; impact: string | null }[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

const REFERENCE = "import { readFileSync } from 'node:fs';\nconst [a, b] = readFileSync(0, 'utf8').split(/\\s+/).map(Number);\nconsole.log(a + b);\n";

describe('/problems/new', { timeout: 120_000 }, () => {
  it('previews the statement with KaTeX and a <script> as text, checks a typed draft and publishes it', async () => {
    const page = await open('/problems/new');
    await page.fill('#draft-statement-en', 'Print $a^2 + b$.\n\n<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">');
    await page.locator('#draft-preview-en .katex').first().waitFor();
    expect(await page.locator('#draft-preview-en').innerText()).toContain('<script>window.__pwned = 1</script>');
    expect(await page.locator('#draft-preview-en script, #draft-preview-en img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    await page.fill('#draft-statement-zh', '输出 $a + b$。');
    await page.locator('#draft-preview-zh .katex').first().waitFor();
    await page.fill('#draft-slug', 'browser-add');
    await page.fill('#draft-title-en', 'Add two');
    await page.fill('#draft-sample-in', '1 2\n');
    await page.fill('#draft-tests', '5 7\n---\n40 2\n');
    await setSource(page, REFERENCE, 'draft-reference-editor');
    expect(await axeSerious(page)).toEqual([]);
    await page.click('#draft-form button[type=submit]');
    await page.locator('#draft-status', { hasText: 'browser-add: ready' }).waitFor({ timeout: 60_000 });
    expect(await page.locator('#draft-rows tr').allInnerTexts()).toEqual(['accepted/reference.ts\tAC\tAC']);
    await page.click('#draft-publish');
    await page.locator('#draft-published a[href="/problems/browser-add"]').waitFor();
    const listed = (await (await fetch(`${server.url}/api/problems`)).json()) as { slug: string }[];
    expect(listed.map((p) => p.slug)).toContain('browser-add');

    // A submission judged on this version, then a new version with one more test: the page offers
    // a rejudge of the problem's submissions, and the button starts one that covers it.
    const sent = await fetch(`${server.url}/api/submissions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ problem: 'browser-add', source: REFERENCE }) });
    expect(sent.status).toBe(201);
    const { id: submission } = (await sent.json()) as { id: number };
    for (let i = 0; ; i++) {
      const got = (await (await fetch(`${server.url}/api/submissions/${submission}`)).json()) as { verdict: string | null };
      if (got.verdict) break;
      if (i > 600) throw new Error('the submission was never judged');
      await new Promise((r) => setTimeout(r, 100));
    }
    await page.fill('#draft-tests', '5 7\n---\n40 2\n---\n100 200\n');
    await page.click('#draft-form button[type=submit]');
    await page.locator('#draft-status', { hasText: 'browser-add: ready' }).waitFor({ timeout: 60_000 });
    await page.click('#draft-publish');
    const offer = page.getByRole('button', { name: 'Rejudge its submissions' });
    await offer.click();
    const started = page.locator('a[href^="/rejudge/"]');
    await started.waitFor();
    const rejudge = Number((await started.getAttribute('href'))!.split('/').pop());
    const status = (await (await fetch(`${server.url}/api/rejudge/${rejudge}`)).json()) as { total: number };
    expect(status.total).toBe(1);
    expect(errors).toEqual([]);
  });

  it("the lab's button drafts the game, in Chinese and the dark theme, with nothing serious for axe", async () => {
    const page = await open('/lab?game=subtract&subtract=2,5,6', { dark: true, lang: 'zh' });
    await page.click('#lab-make-problem');
    await page.waitForURL(/\/problems\/new\?draft=\d+$/);
    expect(await page.locator('h1').innerText()).toBe('编写题目');
    await page.locator('#draft-status', { hasText: 'subtraction-2-5-6: 全部通过' }).waitFor({ timeout: 60_000 });
    expect(await page.locator('#draft-rows tr').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('#draft-publish').isEnabled()).toBe(true);
    expect(await axeSerious(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
