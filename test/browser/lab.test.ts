import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrast, luminance } from '../helpers/colour';
import { setSource } from '../helpers/editor';
import { removeDataDir, ROOT, startServer, type RunningServer } from '../helpers/server';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = join(ROOT, 'test/artifacts');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let server: RunningServer;
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];

beforeAll(async () => {
  expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium`).toBe(true);
  mkdirSync(ARTIFACTS, { recursive: true });
  server = await startServer({ workers: 1, problems: ['ed'] });
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

const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

/** Reads a heatmap cell the way a user does: hover it and read what the page says. */
async function hoverCell(x: number, y: number): Promise<string> {
  const canvas = page.locator('#lab-heatmap');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const d = await canvas.evaluate((c: HTMLCanvasElement) => ({ ...c.dataset }));
  const cell = Number(d.cell);
  const margin = Number(d.margin);
  await page.mouse.move(box.x + margin + (y - Number(d.y0)) * cell + cell / 2, box.y + margin + (x - Number(d.x0)) * cell + cell / 2);
  await expect.poll(() => page.locator('#lab-cell').textContent()).toMatch(new RegExp(`^\\((\\d+, )?${x}, ${y}\\) = `));
  return (await page.locator('#lab-cell').textContent())!;
}

describe('the SG lab in a browser', () => {
  it('opens the E&D table from the problem page and sees P-positions exactly where both coordinates are odd', async () => {
    await page.goto(`${server.url}/problems/ed`);
    await page.click('#sg-table a.lab-link');
    await page.waitForSelector('#lab-heatmap');
    expect(await page.locator('#lab-summary').textContent()).toContain('P-positions (value 0): period 2 in x from x = 1, period 2 in y from y = 1');
    for (let x = 1; x <= 8; x++) {
      for (let y = 1; y <= 8; y++) {
        const text = await hoverCell(x, y);
        expect(text.includes('P-position'), text).toBe(x % 2 === 1 && y % 2 === 1);
      }
    }
    // Hover shows the options too: (1, 4) → (1, 3), (2, 2), (3, 1).
    expect(await hoverCell(1, 4)).toBe('(1, 4) = 2; options: (1, 3) → 0; (2, 2) → 1; (3, 1) → 0');
    expect(await page.locator('a.lab-stress-link').getAttribute('href')).toBe('/problems/ed#stress-test');
    await shot('lab-ed');
  });

  it('checks the notes’ halving rule as a conjecture in the sandbox: it holds', async () => {
    await page.fill('#lab-to', '24');
    await setSource(
      page,
      [
        'export default function sg(x: number, y: number): number {',
        '  if (x % 2 === 1 && y % 2 === 1) return 0;',
        '  return sg(Math.floor((x + 1) / 2), Math.floor((y + 1) / 2)) + 1;',
        '}',
      ].join('\n'),
      'lab-conjecture-editor',
    );
    await page.click('#lab-compute');
    await page.waitForSelector('#lab-conjecture-verdict', { timeout: 60_000 });
    expect(await page.locator('#lab-conjecture-verdict').textContent()).toBe('The conjecture holds on all 576 states.');
    await shot('lab-ed-conjecture');
  });

  it('runs a student game with a false conjecture and shows the smallest counterexample', async () => {
    await setSource(page, 'export default (n: number) => n % 5 === 0 || n % 5 === 1 ? 0 : 1;', 'lab-conjecture-editor');
    await page.fill('#lab-source-to', '60');
    await page.click('#lab-compute-source');
    await page.waitForSelector('#lab-conjecture-verdict', { timeout: 60_000 });
    const verdict = (await page.locator('#lab-conjecture-verdict').textContent())!;
    // Dawson's Kayles (the starter game): 0 0 1 1 2 0 …, so n = 4 (value 2) is the first miss.
    expect(verdict).toContain('The conjecture fails at (4).');
    expect(verdict).toContain('The table says 2; the conjecture says 1.');
    expect(verdict).toContain('(0) + (2) → 1');
    expect(await page.locator('#lab-seq td[data-n="4"]').textContent()).toBe('2');
    await shot('lab-student-game');
  });

  it('proves the period of the starter game, which declares its bound, and says it in the page’s language as the server does', async () => {
    const { runLab } = await import('../../server/lab/lab');
    const { labSummary } = await import('../../server/http/lab-text');
    const dawson = await runLab({ game: { kind: 'octal', code: '0.07' }, to: 200 }, { tools: () => Promise.reject(new Error('no student code')) });
    await page.goto(`${server.url}/lab`);
    await page.fill('#lab-source-to', '200');
    await page.click('#lab-compute-source');
    await page.waitForSelector('#lab-summary', { timeout: 60_000 });
    expect(await page.locator('#lab-summary li').allInnerTexts()).toEqual(['period 34 from n = 53: proven (Guy–Smith bound: 176 values needed, 201 computed)']);
    const context = await browser.newContext();
    await context.addCookies([{ name: 'lang', value: 'zh', url: server.url }]);
    const zh = await context.newPage();
    try {
      await zh.goto(`${server.url}/lab`);
      await zh.fill('#lab-source-to', '200');
      await zh.click('#lab-compute-source');
      await zh.waitForSelector('#lab-summary', { timeout: 60_000 });
      expect(await zh.locator('#lab-summary li').allInnerTexts()).toEqual(labSummary(dawson, 'zh'));
      expect(await zh.locator('#lab-summary').innerText()).toMatch(/^从 n = 53 起周期为 34：已证明/);
      // An error from inside the sandbox reaches the page as a message id: said in Chinese, not parsed back.
      await zh.waitForFunction(() => 'ace' in window);
      await setSource(zh, 'export const x = 1;\n', 'lab-source-editor');
      await setSource(zh, '', 'lab-conjecture-editor');
      await zh.click('#lab-compute-source');
      await zh.waitForSelector('#lab-status .lab-error', { timeout: 60_000 });
      expect(await zh.locator('#lab-status .lab-error').innerText()).toBe('游戏代码必须导出函数 options(...state)，返回一个状态的所有后继');
    } finally {
      await context.close();
    }
  });

  it('shows a three-parameter game as slices', async () => {
    await setSource(page, '', 'lab-conjecture-editor');
    await setSource(
      page,
      [
        '// Nim on three heaps as one state: its value is x ^ y ^ z.',
        'export function options(x: number, y: number, z: number): number[][][] {',
        '  const out: number[][][] = [];',
        '  for (let a = 0; a < x; a++) out.push([[a, y, z]]);',
        '  for (let b = 0; b < y; b++) out.push([[x, b, z]]);',
        '  for (let c = 0; c < z; c++) out.push([[x, y, c]]);',
        '  return out;',
        '}',
      ].join('\n'),
      'lab-source-editor',
    );
    await page.fill('#lab-source-to', '5');
    await page.click('#lab-compute-source');
    await page.waitForSelector('#lab-slice', { timeout: 60_000 });
    await page.selectOption('#lab-slice', '3');
    const d = await page.locator('#lab-heatmap').evaluate((c: HTMLCanvasElement) => [c.dataset.rows, c.dataset.cols]);
    expect(d).toEqual(['6', '6']);
    expect(await hoverCell(1, 2)).toMatch(/^\(3, 1, 2\) = 0 — P-position/);
    expect(await hoverCell(4, 2)).toMatch(/^\(3, 4, 2\) = 5/);
  });

  it('draws a 200 × 200 cutting-game heatmap without freezing the page', async () => {
    await page.goto(`${server.url}/lab`);
    await page.selectOption('#lab-game', 'problem:cutting-game');
    await page.fill('#lab-to', '201');
    await page.click('#lab-compute');
    await page.waitForSelector('#lab-heatmap', { timeout: 60_000 });
    const size = await page.locator('#lab-heatmap').evaluate((c: HTMLCanvasElement) => [c.dataset.rows, c.dataset.cols]);
    expect(size).toEqual(['200', '200']);
    // The page still answers: one canvas, not 40,000 nodes.
    expect(await page.evaluate(() => document.querySelectorAll('*').length)).toBeLessThan(2000);
    expect(await hoverCell(4, 2)).toMatch(/^\(4, 2\) = [1-9]/);
    // Too big to carry every state's options: they are fetched for the hovered state.
    await expect.poll(() => page.locator('#lab-cell').textContent()).toBe('(4, 2) = 1; options: (2, 2) + (2, 2) → 0');
    await shot('lab-cutting-200');
    expect(consoleErrors).toEqual([]);
  });

  it('plots G(n) against n with the period marked, and a big table as a job with its CSV to download', async () => {
    await page.goto(`${server.url}/lab?game=octal&octal=0.07&to=3000`);
    await page.waitForSelector('#lab-plot');
    const legend = await page.locator('.lab-plot-legend').textContent();
    expect(legend).toContain('the period starts (n = 53)');
    expect(legend).toContain('values from n = 1024 follow from the proven period');
    // Something is drawn: dark dots for values, red ones for the exceptions.
    const colours = await page.locator('#lab-plot').evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let dark = 0;
      let red = 0;
      for (let i = 0; i < d.length; i += 4) {
        if (d[i]! < 60 && d[i + 1]! < 60 && d[i + 2]! < 70 && d[i + 3]! > 0) dark++;
        if (d[i]! > 200 && d[i + 1]! < 60 && d[i + 2]! < 80) red++;
      }
      return { dark, red };
    });
    expect(colours.dark).toBeGreaterThan(100);
    expect(colours.red).toBeGreaterThan(0);
    await shot('lab-plot-0.07');
    expect(await page.locator('#lab-plot').count()).toBe(1);

    // 0.6 up to 30,000: over the quick path's work, so offered as a job (a GET stores none); its
    // page plots all of it and links the CSV.
    await page.goto(`${server.url}/lab?game=octal&octal=0.6&to=30000`);
    await Promise.all([page.waitForURL(/\/lab\/jobs\/\d+$/), page.locator('#lab-as-job button[type=submit]').click()]);
    expect(page.url()).toMatch(/\/lab\/jobs\/\d+$/);
    await page.waitForSelector('#lab-plot', { timeout: 300_000 });
    const href = await page.locator('#lab-download-csv').getAttribute('href');
    expect(href).toMatch(/^\/api\/lab\/\d+\/table\.csv$/);
    const csv = await (await fetch(`${server.url}${href}`)).text();
    expect(csv.trimEnd().split('\n').length).toBe(30_002);
    expect(await page.locator('#lab-status').textContent()).toContain('30001 states computed');
    await shot('lab-plot-job-0.6');
    expect(consoleErrors).toEqual([]);
  });
  it('draws the period table for a dark page: value-0 cells stand out from the page, the pre-period is no bright stripe', async () => {
    const dark = await browser.newPage({ viewport: { width: 1360, height: 900 }, colorScheme: 'dark' });
    try {
      await dark.goto(`${server.url}/lab?game=octal&octal=0.07&to=300`);
      await dark.waitForSelector('#lab-seq td.zero');
      const colours = await dark.evaluate(() => {
        const bg = (el: Element | null) => getComputedStyle(el!).backgroundColor;
        return { page: bg(document.body), zero: bg(document.querySelector('#lab-seq td.zero:not(.pre)')), pre: bg(document.querySelector('#lab-seq td.pre:not(.zero)')), preZero: bg(document.querySelector('#lab-seq td.pre.zero')) };
      });
      expect(luminance(colours.page)).toBeLessThan(0.05);
      // A P-position is told from the page at a glance (3:1, WCAG's contrast for graphics).
      expect(contrast(colours.zero, colours.page)).toBeGreaterThanOrEqual(3);
      expect(contrast(colours.preZero, colours.page)).toBeGreaterThanOrEqual(3);
      // The pre-period stays a dark shade, not a white band across a dark page.
      expect(luminance(colours.pre)).toBeLessThan(0.1);
    } finally {
      await dark.close();
    }
  });
});
