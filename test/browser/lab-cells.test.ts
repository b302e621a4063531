import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickIntoEditor, getSource } from '../helpers/editor';
import { removeDataDir, ROOT, startServer, type RunningServer } from '../helpers/server';

// The lab's tables read cell by cell without a mouse: a roving-tab-stop grid (keyboard), a tap on a
// phone, the period table's column offsets, and the own-game code editor.
const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = join(ROOT, 'test/artifacts');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let server: RunningServer;
let browser: Browser;
let desktop: BrowserContext;
let phone: BrowserContext;
const consoleErrors: string[] = [];

const watch = (p: Page) => {
  p.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
  p.on('pageerror', (e) => consoleErrors.push(e.message));
  return p;
};

beforeAll(async () => {
  expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium`).toBe(true);
  mkdirSync(ARTIFACTS, { recursive: true });
  server = await startServer({ workers: 1, problems: ['ed'] });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  // bypassCSP lets the test add axe-core; the pages stay as served.
  desktop = await browser.newContext({ viewport: { width: 1360, height: 900 }, bypassCSP: true });
  phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

/** axe-core's serious and critical findings on the page as it is now (a panel open, say). */
async function axeSerious(p: Page): Promise<string[]> {
  await p.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  const found = await p.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document): Promise<{ violations: { id: string; impact: string | null }[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

const focused = (p: Page) => p.evaluate(() => document.activeElement?.id || document.activeElement?.className || '');
/** The moves panel's list, one option a line, as the student reads it. */
const movesShown = (p: Page) => p.locator('#lab-moves li').allInnerTexts();

describe('a lab table read by keyboard and by tap', () => {
  it('walks the E&D heatmap with the arrow keys as one Tab stop, and Enter shows a state’s moves', async () => {
    const page = watch(await desktop.newPage());
    await page.goto(`${server.url}/lab?problem=ed`);
    await page.waitForSelector('#lab-heatmap');
    // However many states, the grid holds one cell, and it is the grid's only Tab stop.
    expect(await page.locator('#lab-grid [role=gridcell]').count()).toBe(1);
    await page.focus('#lab-download-svg');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('lab-grid-cell');
    expect(await page.locator('#lab-cell').textContent()).toMatch(/^\(1, 1\) = 0 — P-position/);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    const cell = page.locator('#lab-grid-cell');
    expect([await page.locator('#lab-grid [role=row]').getAttribute('aria-rowindex'), await cell.getAttribute('aria-colindex')]).toEqual(['1', '4']);
    expect(await cell.textContent()).toBe('(1, 4) = 2');
    await page.keyboard.press('Enter');
    expect(await page.locator('#lab-moves .lab-moves-title').textContent()).toBe('Moves from (1, 4) (value 2):');
    // E&D from (1, 4): eat the pile of 1 and split 4 as 1 + 3, 2 + 2, 3 + 1.
    expect(await movesShown(page)).toEqual(['(1, 3) → 0', '(2, 2) → 1', '(3, 1) → 0']);
    // The panel follows the cell while open; Esc closes it and the focus stays on the cell.
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('#lab-moves .lab-moves-title').textContent()).toBe('Moves from (2, 4) (value 2):');
    await page.screenshot({ path: join(ARTIFACTS, 'lab-cells-keyboard.png') });
    expect(await axeSerious(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await page.locator('#lab-moves').isHidden()).toBe(true);
    expect(await focused(page)).toBe('lab-grid-cell');
    // Space opens it too; a terminal state says so.
    await page.keyboard.press('Control+Home');
    await page.keyboard.press(' ');
    expect(await page.locator('#lab-moves').textContent()).toContain('no options: a terminal state');
    await page.keyboard.press('Escape');
    // End goes to the row's last state; Tab leaves the grid (no other cell is a stop).
    await page.keyboard.press('End');
    const cols = Number(await page.locator('#lab-heatmap').getAttribute('data-cols'));
    expect(await cell.getAttribute('aria-colindex')).toBe(String(cols));
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.getElementById('lab-grid')!.contains(document.activeElement))).toBe(false);
    await page.close();
  });

  it('labels the period table’s columns with their offsets and walks a one-parameter table by keyboard', async () => {
    const page = watch(await desktop.newPage());
    // 0.07 (Dawson's Kayles): period 34 from n = 53, so rows start at multiples of 34.
    await page.goto(`${server.url}/lab?game=octal&octal=0.07&to=300`);
    await page.waitForSelector('#lab-seq');
    const heads = await page.locator('#lab-seq thead th.lab-offset').allTextContents();
    expect(heads).toEqual(Array.from({ length: 34 }, (_, k) => `+${k}`));
    expect(await page.locator('#lab-seq thead th.lab-offset').nth(5).getAttribute('title')).toBe('n ≡ 5 (mod 34)');
    // Every shown state sits under the column of its residue, and its row's label plus that offset is n.
    const misplaced = await page.locator('#lab-seq td[data-n]').evaluateAll((tds) =>
      tds
        .map((td) => ({ n: Number((td as HTMLElement).dataset.n), col: (td as HTMLTableCellElement).cellIndex - 1, row: Number(td.parentElement!.firstElementChild!.textContent) }))
        .filter((c) => c.n % 34 !== c.col || c.row + c.col !== c.n),
    );
    expect(misplaced).toEqual([]);
    expect(await page.locator('#lab-seq td[data-n]').count()).toBe(301);
    // The values of a column past the pre-period repeat: n ≡ 5 (mod 34) from 53 on.
    const column5 = await page.locator('#lab-seq td[data-n]').evaluateAll((tds) => tds.filter((td) => Number((td as HTMLElement).dataset.n) % 34 === 5 && Number((td as HTMLElement).dataset.n) >= 53).map((td) => td.textContent));
    expect(new Set(column5).size).toBe(1);

    // One Tab stop; the arrows move by one state (left, right) and one period (up, down).
    expect(await page.locator('#lab-seq td[tabindex="0"]').count()).toBe(1);
    await page.focus('#lab-download-csv');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.n)).toBe('0');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.n)).toBe('35');
    expect(await page.locator('#lab-seq td[tabindex="0"]').getAttribute('data-n')).toBe('35');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    // Dawson's Kayles from 4 (the lab's 0.07): take 2 from the end or split into 1 + 1.
    expect(await page.locator('#lab-moves .lab-moves-title').textContent()).toBe('Moves from (4) (value 2):');
    expect(await movesShown(page)).toEqual(expect.arrayContaining(['(2) → 1', '(1) + (1) → 0']));
    expect(await axeSerious(page)).toEqual([]);
    await page.keyboard.press('Escape');
    expect(await page.locator('#lab-moves').isHidden()).toBe(true);
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.n)).toBe('4');
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it('shows the tapped cell’s moves on the first tap on a phone, heatmap and period table', async () => {
    const page = watch(await phone.newPage());
    await page.goto(`${server.url}/lab?problem=ed`);
    await page.waitForSelector('#lab-heatmap');
    const canvas = page.locator('#lab-heatmap');
    await canvas.scrollIntoViewIfNeeded();
    const d = await canvas.evaluate((c: HTMLCanvasElement) => ({ ...c.dataset }));
    const tapCell = async (x: number, y: number) => {
      const box = (await canvas.boundingBox())!;
      const cell = Number(d.cell);
      await page.touchscreen.tap(box.x + Number(d.margin) + (y - Number(d.y0)) * cell + cell / 2, box.y + Number(d.margin) + (x - Number(d.x0)) * cell + cell / 2);
    };
    await tapCell(1, 4);
    await page.locator('#lab-moves').waitFor();
    expect(await page.locator('#lab-moves .lab-moves-title').textContent()).toBe('Moves from (1, 4) (value 2):');
    expect(await movesShown(page)).toEqual(['(1, 3) → 0', '(2, 2) → 1', '(3, 1) → 0']);
    expect(await page.locator('#lab-tip').isHidden()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'lab-cells-phone-tap.png') });
    // Another tap, another cell; the Close button shuts the panel.
    await tapCell(3, 2);
    expect(await page.locator('#lab-moves .lab-moves-title').textContent()).toMatch(/^Moves from \(3, 2\) \(value \d+\):/);
    await page.locator('#lab-moves .lab-moves-close').tap();
    expect(await page.locator('#lab-moves').isHidden()).toBe(true);

    await page.goto(`${server.url}/lab?game=octal&octal=0.07&to=60`);
    await page.waitForSelector('#lab-seq');
    await page.locator('#lab-seq td[data-n="4"]').tap();
    expect(await page.locator('#lab-moves .lab-moves-title').textContent()).toBe('Moves from (4) (value 2):');
    await page.locator('#lab-seq td[data-n="9"]').tap();
    expect(await page.locator('#lab-moves .lab-moves-title').textContent()).toMatch(/^Moves from \(9\) \(value \d+\):/);
    await page.screenshot({ path: join(ARTIFACTS, 'lab-cells-phone-period.png') });
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});

describe('the own-game editor', () => {
  it('is the problem page’s code editor: Tab indents inside it, Esc then Tab leaves it', async () => {
    const page = watch(await desktop.newPage());
    await page.goto(`${server.url}/lab`);
    await page.waitForSelector('#lab-source-editor .ace_content');
    expect(await page.locator('#lab-source').isHidden()).toBe(true);
    // The starter game is in the editor.
    expect(await getSource(page, 'lab-source-editor')).toBe(await page.locator('#lab-source').inputValue());
    await clickIntoEditor(page, 'lab-source-editor');
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.type('// indented');
    expect((await getSource(page, 'lab-source-editor')).trimEnd().split('\n').at(-1)).toMatch(/^ {2,}\/\/ indented$/);
    // Esc leaves the typing; Tab then moves on to the next field of the form.
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('ace_text-input'))).toBe(false);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('lab-source-to');
    // What the editor holds is what is computed.
    await page.fill('#lab-source-to', '12');
    await page.click('#lab-compute-source');
    await page.waitForSelector('#lab-seq', { timeout: 60_000 });
    expect(await page.locator('#lab-seq td[data-n]').count()).toBe(13);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it('still computes a game from the plain textarea without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/lab`);
    expect(await page.locator('#lab-source').isVisible()).toBe(true);
    await page.fill('#lab-source-to', '12');
    await Promise.all([page.waitForURL(/\/lab\/jobs\/\d+$/), page.click('#lab-compute-source')]);
    // The job page refreshes itself until the table is there.
    await expect.poll(async () => (await page.reload(), await page.locator('#lab-text').count()), { timeout: 60_000, interval: 1000 }).toBe(1);
    expect(await page.locator('#lab-text').textContent()).toMatch(/\S/);
    await context.close();
  });
});
