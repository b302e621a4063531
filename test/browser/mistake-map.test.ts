import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submit, waitForVerdict } from '../helpers/judge-client';
import { removeDataDir, ROOT, startServer, type RunningServer } from '../helpers/server';

/**
 * The mistake map in Chromium: asked for from a wrong submission's page, drawn as a keyboard grid
 * with the disagreeing cells marked, the first one runnable as a custom invocation; axe-core finds
 * no serious violation on it, light or dark.
 */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let server: RunningServer;
let browser: Browser;
let bash: number;
let kiki: number;

beforeAll(async () => {
  server = await startServer({ workers: 1, problems: ['bash-game', 'kiki'] });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  bash = await submit(server.url, 'bash-game', readFileSync(join(ROOT, 'problems/bash-game/wrong/odd-parity.ts'), 'utf8'));
  kiki = await submit(server.url, 'kiki', readFileSync(join(ROOT, 'problems/kiki/wrong/columns-only.ts'), 'utf8'));
  for (const id of [bash, kiki]) expect((await waitForVerdict(server.url, id, 120_000)).verdict).toBe('WA');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

async function serious(p: Page): Promise<string[]> {
  await p.addScriptTag({ content: AXE });
  const violations = await p.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(d: Document, o: object): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

/** From the submission's page to its drawn map; returns the map's address. */
async function askForMap(p: Page, submission: number): Promise<string> {
  await p.goto(`${server.url}/submissions/${submission}`);
  await p.getByRole('button', { name: 'See where your program disagrees' }).click();
  await p.locator('.mm-table').waitFor({ timeout: 60_000 });
  return p.url();
}

describe('the mistake map in a browser', () => {
  it('is asked for on a wrong submission, marks the 250 wrong cells, moves by keyboard and runs the first differing case', async () => {
    const context = await browser.newContext({ bypassCSP: true });
    try {
      const p = await context.newPage();
      await askForMap(p, bash);
      await expect(p.locator('.mm-summary').textContent()).resolves.toContain('Your losing positions: n ≡ 0 (mod 2) from n = 1; the true ones: n ≡ 0 (mod 4) from n = 1.');
      expect(await p.locator('td.wrong').count()).toBe(250);
      // The two tables side by side, each coloured by its own answers: "odd n wins" loses on every
      // even n (500 of 1..1000), the truth on every fourth (250); the difference view below them.
      expect(await p.locator('.mm-pair figcaption').allTextContents()).toEqual(['Your program’s table', 'The true table (from the SG lab)']);
      expect(await p.locator('.mm-got td.lose').count()).toBe(500);
      expect(await p.locator('.mm-truth td.lose').count()).toBe(250);
      expect(await p.locator('.mm-truth td.win').count()).toBe(750);
      const sideBySide = await p.evaluate(() => Array.from(document.querySelectorAll('.mm-side'), (f) => f.getBoundingClientRect().top));
      expect(sideBySide[0]).toBe(sideBySide[1]);
      // One Tab stop: the first wrong cell; the arrows move along its row and down a period.
      const first = p.locator('td[tabindex="0"]');
      expect(await first.count()).toBe(1);
      expect(await first.getAttribute('aria-label')).toBe('n = 2: true W, your program L (differs)');
      await first.focus();
      await p.keyboard.press('ArrowRight');
      expect(await p.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('n = 3: true W, your program W');
      await p.keyboard.press('ArrowDown');
      expect(await p.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('n = 7: true W, your program W');
      await expect(p.locator('.mm-focus').textContent()).resolves.toBe('n = 7: true W, your program W');
      expect(await p.locator('td[tabindex="0"]').count()).toBe(1);
      await p.getByRole('button', { name: 'Run exactly this case' }).click();
      await p.waitForURL(/\/invocations\/\d+$/);
      // The invocation page refreshes itself until the run is done, then shows the one-case input.
      await p.locator('pre', { hasText: /^1\n2 3\n?$/ }).first().waitFor({ timeout: 60_000 });
    } finally {
      await context.close();
    }
  }, 120_000);

  for (const scheme of ['light', 'dark'] as const) {
    it(`has no serious axe violation, ${scheme}: a one-parameter map, a two-parameter one, the submission page and the class view`, async () => {
      const context = await browser.newContext({ colorScheme: scheme, bypassCSP: true });
      const found: string[] = [];
      try {
        const p = await context.newPage();
        for (const id of [bash, kiki]) {
          await p.goto(`${server.url}/submissions/${id}`);
          found.push(...(await serious(p)).map((v) => `submission ${id}: ${v}`));
          await askForMap(p, id);
          found.push(...(await serious(p)).map((v) => `map of ${id}: ${v}`));
          // The key says "dark cell: losing": in this theme too a losing cell is darker than a winning one, in every table and the key.
          const darkness = await p.evaluate(() => {
            const lum = (sel: string) => {
              const el = document.querySelector(sel);
              if (!el) return null;
              const [r, g, b] = getComputedStyle(el).backgroundColor.match(/\d+/g)!.map(Number) as [number, number, number];
              return 0.2126 * r + 0.7152 * g + 0.0722 * b;
            };
            return ['.mm-table td.lose', '.mm-table td.win', '.mm-mini td.lose', '.mm-mini td.win', '.mm-swatch.lose', '.mm-swatch.win'].map(lum);
          });
          expect(darkness[0]!, `${scheme} difference view`).toBeLessThan(darkness[1]!);
          expect(darkness[2]!, `${scheme} side tables`).toBeLessThan(darkness[3]!);
          expect(darkness[4]!, `${scheme} key`).toBeLessThan(darkness[5]!);
          // Side by side on a 1366 px screen, even for kiki's 40 × 40 tables.
          const tops = await p.evaluate(() => Array.from(document.querySelectorAll('.mm-side'), (f) => f.getBoundingClientRect().top));
          expect(tops[0], `${scheme} map of ${id}: the two tables on one line`).toBe(tops[1]);
        }
        await p.goto(`${server.url}/class/mistakes`);
        await expect(p.locator('h1').textContent()).resolves.toBe('The class’s mistakes');
        found.push(...(await serious(p)).map((v) => `class mistakes: ${v}`));
      } finally {
        await context.close();
      }
      expect(found).toEqual([]);
    }, 180_000);
  }
});
