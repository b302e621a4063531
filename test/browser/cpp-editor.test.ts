import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/browser';
import { NIM_CPP } from '../helpers/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSource, setSource } from '../helpers/editor';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';

/**
 * A student picks C++ in the problem page's language menu: the editor switches to C++ (its mode and
 * its starter), the submission is judged AC as C++, and the choice is the next problem's default.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ workers: 1, problems: ['nim', 'bash-game'] });
  await server.waitForLog(/language cpp17: offered/, 120_000);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

describe('C++ in the editor', () => {
  it('is picked from the menu, judged AC as C++, and remembered', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${server.url}/problems/nim`);
      const options = await page.locator('select#language option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
      expect(options).toEqual(['typescript', 'javascript', 'cpp17', 'cpp20', 'c11', 'python3', 'pypy3']);
      await page.waitForSelector('#editor .ace_content');
      await page.selectOption('select#language', 'cpp17');
      // The untouched TypeScript starter became C++'s, in C++ mode.
      expect(await getSource(page)).toContain('ios::sync_with_stdio(false);');
      expect(await page.evaluate(() => (window as unknown as { ace: { edit(id: string): { session: { getMode(): { $id: string } } } } }).ace.edit('editor').session.getMode().$id)).toBe('ace/mode/c_cpp');
      await setSource(page, NIM_CPP);
      await Promise.all([page.waitForURL(/\/submissions\/\d+$/), page.click('#submit-form button.primary')]);
      await page.waitForSelector('.verdict-accepted', { timeout: 90_000 });
      expect(await page.locator('.source-language').textContent()).toBe('GNU C++17');
      // The next problem opens with C++ chosen and C++'s starter.
      await page.goto(`${server.url}/problems/bash-game`);
      await page.waitForSelector('#editor .ace_content');
      expect(await page.locator('select#language').inputValue()).toBe('cpp17');
      expect(await getSource(page)).toContain('#include <bits/stdc++.h>');
    } finally {
      await page.close();
    }
  });
});
