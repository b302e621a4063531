import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSource } from '../helpers/editor';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';

/**
 * A sample run on a Chinese page says its messages in Chinese, by their ids: the checker's on a WA,
 * the wall clock's on a TLE of a program blocked forever, and an API error.
 */
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer({ workers: 1, problems: ['game-on-tree'] });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  page = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

describe('sample runs on a Chinese page', { timeout: 120_000 }, () => {
  it('shows a WA and a wall-clock TLE in Chinese', async () => {
    const samples = ((await (await fetch(`${server.url}/api/problems/game-on-tree`)).json()) as { samples: { input: string; output: string }[] }).samples;
    expect(samples.map((s) => s.output.trim())).toEqual(['Alice', 'Bob']);
    // Sample 1: the wrong name (WA). Sample 2: blocked forever, using no CPU (TLE by the wall clock).
    const source = `const input = require('fs').readFileSync(0, 'utf8');
if (input === ${JSON.stringify(samples[0]!.input)}) console.log('Bob');
else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
`;
    await page.goto(`${server.url}/problems/game-on-tree`);
    expect(await page.locator('html').getAttribute('lang')).toBe('zh');
    await page.selectOption('select[name=language]', 'javascript');
    await setSource(page, source);
    await page.click('button.run-samples');
    await page.locator('.sample-summary').waitFor({ timeout: 90_000 });
    const wa = page.locator('.sample-result[data-sample="1"]');
    const tle = page.locator('.sample-result[data-sample="2"]');
    expect([await wa.getAttribute('data-verdict'), await tle.getAttribute('data-verdict')]).toEqual(['WA', 'TLE']);
    expect(await wa.locator('.message').textContent()).toBe('第 1 个单词不同：期望 "Alice"，读到 "Bob"');
    const tleText = (await tle.locator('.message').textContent())!;
    expect(tleText).toMatch(/^超出时间限制：程序在 \d+ 毫秒墙钟时间后被终止.*，只用了 \d+ 毫秒 CPU 时间（空闲：.*）。$/);
    expect(tleText).not.toMatch(/[a-z]{3}/);

    // The API's English stays the contract: the same run, as JSON, says it in English with the id beside it.
    const run = (await (await fetch(`${server.url}/api/sample-runs/1`)).json()) as { samples: { message: string; said: { id: string } }[] };
    expect(run.samples[1]!.message).toMatch(/^Time limit exceeded: the program was stopped after \d+ ms of wall time, having used \d+ ms of CPU time \(idle: /);
    expect(run.samples.map((s) => s.said.id)).toEqual(['checker.token-differs', 'sandbox.tle-wall']);
  });

  it('says an API error by its id in Chinese', async () => {
    await page.goto(`${server.url}/problems/game-on-tree`);
    // The page's own call, turned to a missing sample run: the 404 carries error.no-sample-run.
    await page.route('**/api/sample-runs/*', (route) => route.continue({ url: `${server.url}/api/sample-runs/999999` }));
    await page.selectOption('select[name=language]', 'javascript');
    await setSource(page, "console.log('Alice');\n");
    await page.click('button.run-samples');
    const error = page.locator('#sample-runs .form-error');
    await error.waitFor({ timeout: 30_000 });
    expect(await error.textContent()).toBe('没有样例运行 999999。');
  });
});
