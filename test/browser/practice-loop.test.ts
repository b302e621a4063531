import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickIntoEditor } from '../helpers/editor';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim } from '../helpers/solutions';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const DESKTOP = { width: 1366, height: 768 };

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer({ workers: 2, problems: ['nim', 'kiki', 'game-on-tree'] });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  context = await browser.newContext({ viewport: DESKTOP });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

type AceWindow = { ace: { edit(el: string): { setValue(s: string, cursor?: number): void; getValue(): string; insert(s: string): void } } };
const editorText = (p: Page) => p.evaluate(() => (window as unknown as AceWindow).ace.edit('editor').getValue());
const setSource = (p: Page, source: string) => p.evaluate((src) => (window as unknown as AceWindow).ace.edit('editor').setValue(src, 1), source);
const submissionCount = async () => ((await (await fetch(`${server.url}/api/submissions`)).json()) as unknown[]).length;

const JS_NIM = "const d = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nlet p = 0;\nconst out = [];\nfor (let t = d[p++]; t > 0; t--) { const n = d[p++]; let x = 0; for (let i = 0; i < n; i++) x ^= d[p++]; out.push(x ? 'Yes' : 'No'); }\nconsole.log(out.join('\\n'));\n";

/** JS_NIM, but with the answer of the k-th case (of every test) turned round. */
const nimWrongOnCase = (k: number) => JS_NIM.replace('let p = 0;', 'let p = 0, k = 0;').replace("out.push(x ? 'Yes' : 'No');", `out.push((++k === ${k}) === !x ? 'Yes' : 'No');`);

describe('the draft and its language', () => {
  it('opens an empty editor with the starter of the chosen language, which is not a draft', async () => {
    await page.goto(`${server.url}/problems/kiki`);
    expect(await page.inputValue('select[name=language]')).toBe('typescript');
    expect(await editorText(page)).toContain("import * as fs from 'fs';");
    await page.selectOption('select[name=language]', 'javascript');
    expect(await editorText(page)).toContain("const fs = require('fs');");
    await page.selectOption('select[name=language]', 'typescript');
    // The first keystroke replaces the starter, wherever the click put the cursor.
    await clickIntoEditor(page);
    await page.keyboard.insertText('console.log(1);');
    expect(await editorText(page)).toBe('console.log(1);');
    await setSource(page, '');
  });

  it('keeps a JavaScript draft as JavaScript after a reload, and judges it as JavaScript', async () => {
    await page.goto(`${server.url}/problems/nim`);
    await page.selectOption('select[name=language]', 'javascript');
    await setSource(page, JS_NIM);
    await page.reload();
    expect(await page.inputValue('select[name=language]')).toBe('javascript');
    expect(await editorText(page)).toBe(JS_NIM);
    await Promise.all([page.waitForURL(/\/submissions\/\d+$/), page.click('form.submit-form button.primary')]);
    await page.waitForFunction(() => /Accepted|Compilation error|Wrong answer/.test(document.querySelector('#status')?.textContent ?? ''), undefined, { timeout: 90_000 });
    expect(await page.locator('#status').textContent()).toBe('Accepted');
    expect(await page.locator('.source-language').textContent()).toBe('JavaScript');
  });

  it('makes the language last used the default of the next problem, with its starter', async () => {
    await page.goto(`${server.url}/problems/game-on-tree`);
    expect(await page.inputValue('select[name=language]')).toBe('javascript');
    expect(await editorText(page)).toContain("const fs = require('fs');");
    // Back on nim, the draft is still there in its own language.
    await page.goto(`${server.url}/problems/nim`);
    expect(await editorText(page)).toBe(JS_NIM);
  });

  it('a compilation error names the language it compiled as', async () => {
    await page.goto(`${server.url}/problems/kiki`);
    await page.selectOption('select[name=language]', 'typescript');
    await setSource(page, "const n: number = 'text';\nconsole.log(n);\n");
    await Promise.all([page.waitForURL(/\/submissions\/\d+$/), page.click('form.submit-form button.primary')]);
    await page.locator('.compile-output .compiled-as').waitFor({ timeout: 90_000 });
    expect(await page.locator('.compile-output .compiled-as').textContent()).toBe('Compiled as TypeScript');
  });
});

describe('run the samples', () => {
  it('Ctrl+\' runs every sample; a failure is shown as a difference with its line and first differing token', async () => {
    await page.goto(`${server.url}/problems/game-on-tree`);
    const before = await submissionCount();
    await setSource(page, "console.log('Bob');\n");
    await page.focus('#editor textarea');
    await page.keyboard.press("Control+'");
    await page.locator('.sample-summary').waitFor({ timeout: 90_000 });
    expect(await page.locator('.sample-summary').textContent()).toBe('1 of 2 samples passed');
    const first = page.locator('.sample-result[data-sample="1"]');
    expect(await first.getAttribute('data-verdict')).toBe('WA');
    expect(await first.locator('summary').innerText()).toMatch(/^Sample 1: Wrong answer · \d+ ms$/);
    expect(await first.locator('.diff-caption').textContent()).toBe('First difference on line 1');
    expect(await first.locator('mark').allTextContents()).toEqual(['Alice', 'Bob']);
    expect(await first.locator('.diff-side .io-title').allTextContents()).toEqual(['Expected output', 'Your output']);
    expect(await first.locator('.message').textContent()).toBeTruthy();
    expect(await page.locator('.sample-result[data-sample="2"]').getAttribute('data-verdict')).toBe('AC');
    expect(await submissionCount()).toBe(before);
  });

  it('names the case of the first difference on a multi-case sample', async () => {
    await page.goto(`${server.url}/problems/nim`);
    await page.selectOption('select[name=language]', 'javascript');
    // Right on the first case of the sample, wrong on the second.
    await setSource(page, nimWrongOnCase(2));
    await page.click('button.run-samples');
    await page.locator('.sample-summary').waitFor({ timeout: 90_000 });
    const first = page.locator('.sample-result[data-sample="1"]');
    expect(await first.getAttribute('data-verdict')).toBe('WA');
    expect(await first.locator('.diff-caption').textContent()).toBe('First difference on line 2 · case 2 of 2');
    await setSource(page, '');
    await page.selectOption('select[name=language]', 'typescript');
  });

  it('the button runs them too, and says when all pass', async () => {
    await page.goto(`${server.url}/problems/nim`);
    await page.selectOption('select[name=language]', 'typescript');
    await setSource(page, acceptedNim());
    await page.click('.run-samples');
    await page.locator('.sample-summary').waitFor({ timeout: 90_000 });
    expect(await page.locator('.sample-summary').textContent()).toBe('1 of 1 samples passed');
    expect(await page.locator('.sample-summary').getAttribute('class')).toContain('verdict-accepted');
  });
});

describe('stress counterexamples', () => {
  it('shrinks a program that loops only on a game of two piles to that one small game', async () => {
    await page.goto(`${server.url}/problems/nim`);
    await page.selectOption('select[name=language]', 'javascript');
    await setSource(
      page,
      "const d = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\nlet p = 0; const out = [];\nfor (let t = d[p++]; t > 0; t--) { const n = d[p++]; if (n >= 2) for (;;) {} let x = 0; for (let i = 0; i < n; i++) x ^= d[p++]; out.push(x ? 'Yes' : 'No'); }\nconsole.log(out.join('\\n'));\n",
    );
    await page.fill('#stress-test input[name=cases]', '200');
    await page.click('#stress-test .stress-run');
    const verdict = page.locator('#stress-test .stress-verdict');
    await verdict.waitFor({ timeout: 180_000 });
    expect(await verdict.textContent()).toMatch(/^Time limit exceeded on random case \d+$/);
    expect(await page.locator('#stress-test .stress-result .hint').first().textContent()).not.toMatch(/shrunk in 0 step/);
    // One game of two piles: the game that loops. How far its pile sizes shrink past that depends on
    // how many one-second TLE candidates fit the shrinker's 10 s budget on a busy machine (on a
    // quiet one, down to 0 0; under CI load once only to 0 1).
    expect(await page.locator('#stress-test .stress-result .io-block pre').first().textContent()).toMatch(/^1\n2\n\d+ \d+\n$/);
  }, 240_000);
});

describe('hints and the editorial', () => {
  it('keeps the hints revealed in place when the student asks for the editorial anyway', async () => {
    await page.goto(`${server.url}/problems/kiki`);
    await page.click('.reveal-hint');
    await page.waitForFunction(() => document.querySelectorAll('.hint-item').length === 1);
    await page.click('.reveal-hint');
    await page.waitForFunction(() => document.querySelectorAll('.hint-item').length === 2);
    await page.click('.ask-editorial');
    await page.locator('.editorial-warning').waitFor();
    expect(await page.locator('.hint-item').count()).toBe(2);
    await page.click('.show-editorial');
    await page.locator('.editorial-text').waitFor();
    expect(await page.locator('.hint-item').count()).toBe(2);
  });

  it('moves keyboard focus to the last hint when its button goes away', async () => {
    await page.goto(`${server.url}/problems/kiki?hints=2`);
    await page.focus('.reveal-hint');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('.hint-item').length === 3);
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.n)).toBe('3');
  });
});

describe('the submission page is not a dead end', () => {
  it('numbers the source lines, links compiler positions to them, and names the language', async () => {
    await page.goto(`${server.url}/problems/kiki`);
    await page.selectOption('select[name=language]', 'typescript');
    await setSource(page, "const a = 1;\nconst n: number = 'text';\nconsole.log(n + a);\n");
    await Promise.all([page.waitForURL(/\/submissions\/\d+$/), page.click('form.submit-form button.primary')]);
    await page.locator('.compile-output a.source-position').first().waitFor({ timeout: 90_000 });
    expect(await page.locator('.source-view .line-numbers a').allTextContents()).toEqual(['1', '2', '3']);
    const link = page.locator('.compile-output a.source-position').first();
    expect(await link.textContent()).toBe('2:7');
    await link.click();
    expect(new URL(page.url()).hash).toBe('#L2');
    expect(await page.locator('.source-view code').getAttribute('class')).toBe('language-typescript');
  });

  it('"Edit and resubmit" opens the problem with this source and language in the editor', async () => {
    const res = await fetch(`${server.url}/api/submissions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ problem: 'nim', source: JS_NIM, language: 'javascript' }) });
    const { id } = (await res.json()) as { id: number };
    await page.goto(`${server.url}/submissions/${id}`);
    await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Accepted', undefined, { timeout: 90_000 });
    await page.reload();
    // JavaScript is downloaded as .js and highlighted as JavaScript.
    expect(await page.locator('.source h2 a[download]').getAttribute('href')).toBe(`/submissions/${id}/source.js`);
    expect(await page.locator('.source-view code').getAttribute('class')).toBe('language-javascript');
    expect(await (await fetch(`${server.url}/submissions/${id}/source.js`)).text()).toBe(JS_NIM);
    // After Accepted: the next problem in learning order (kiki, nim, game-on-tree).
    expect(await page.locator('.submission-actions a.next-problem').getAttribute('href')).toBe('/problems/game-on-tree');
    await page.evaluate(() => localStorage.clear());
    await Promise.all([page.waitForURL(/\/problems\/nim\?from=\d+#submit$/), page.click('.submission-actions a.edit-resubmit')]);
    expect(await page.inputValue('select[name=language]')).toBe('javascript');
    expect(await editorText(page)).toBe(JS_NIM);
  });

  it('shows a wrong answer as a difference, keeping the blocks and their downloads', async () => {
    const res = await fetch(`${server.url}/api/submissions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ problem: 'game-on-tree', source: "console.log('Bob');", language: 'javascript' }) });
    const { id } = (await res.json()) as { id: number };
    await page.goto(`${server.url}/submissions/${id}`);
    await page.locator('.failure .diff').waitFor({ timeout: 90_000 });
    expect(await page.locator('.failure .diff-caption').textContent()).toBe('First difference on line 1');
    expect(await page.locator('.failure .diff mark').allTextContents()).toEqual(['Alice', 'Bob']);
    expect(await page.locator('.failure .io-block a[download]').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('.failure .checker-message').count()).toBe(1);
    // One input, not T cases: no case is named or marked.
    expect(await page.locator('.failure .diff-case').count()).toBe(0);
    expect(await page.locator('.failure mark.case-lines').count()).toBe(0);
  });

  it('names the case of the first difference on a multi-case problem and marks its input lines', async () => {
    // Right on every case but the third: the first test with three cases fails there.
    const source = nimWrongOnCase(3);
    const res = await fetch(`${server.url}/api/submissions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ problem: 'nim', source, language: 'javascript' }) });
    const { id } = (await res.json()) as { id: number };
    await page.goto(`${server.url}/submissions/${id}`);
    await page.locator('.failure .diff').waitFor({ timeout: 90_000 });
    const input = (await page.locator('.failure .io-block[data-kind="input"] pre').textContent()) ?? '';
    const lines = input.split('\n');
    expect(await page.locator('.failure .diff-caption').textContent()).toBe(`First difference on line 3 · case 3 of ${lines[0]}`);
    // nim: T, then two lines per case (n, then the n piles); case 3 is lines 6 and 7.
    expect(await page.locator('.failure .io-block[data-kind="input"] mark.case-lines').textContent()).toBe(`${lines[5]}\n${lines[6]}\n`);
  });
});
