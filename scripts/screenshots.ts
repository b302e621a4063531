/**
 * Makes the docs' pictures from a real server and real Chromium: a submission page with its
 * verdict (a learner's wrong guess on Bash Game), the SG lab's plot of a game, and the authoring
 * page with a lab game's draft checked. Run it again after
 * a change to those pages: `npx tsx scripts/screenshots.ts` (it needs /usr/bin/chromium).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { submit, waitForVerdict } from '../test/helpers/judge-client';
import { removeDataDir, ROOT, startServer } from '../test/helpers/server';

const OUT = join(ROOT, 'docs/images');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const server = await startServer({ workers: 1, problems: ['bash-game'] });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 760 }, colorScheme: 'light' });
  const wrong = readFileSync(join(ROOT, 'problems/bash-game/wrong/odd-parity.ts'), 'utf8');
  const id = await submit(server.url, 'bash-game', wrong);
  const done = await waitForVerdict(server.url, id);
  if (done.verdict !== 'WA') throw new Error(`expected the wrong guess to get WA, got ${done.verdict}`);
  await page.goto(`${server.url}/submissions/${id}`);
  await page.screenshot({ path: join(OUT, 'problem-page.png') });

  await page.goto(`${server.url}/lab`);
  await page.fill('#lab-source-to', '200');
  await page.click('#lab-compute-source');
  await page.waitForSelector('#lab-summary', { timeout: 60_000 });
  const table = page.locator('section', { has: page.locator('#lab-summary') }).last();
  await table.screenshot({ path: join(OUT, 'lab-plot.png') });

  // The authoring page, showing a lab game's draft with its checks passed (docs/problem-authoring.md).
  await page.goto(`${server.url}/lab?game=octal&octal=0.07`);
  await page.click('#lab-make-problem');
  await page.waitForURL(/\/problems\/new\?draft=/);
  await page.locator('#draft-status', { hasText: 'ready' }).waitFor({ timeout: 60_000 });
  await page.screenshot({ path: join(OUT, 'problem-authoring.png') });
  console.log(`wrote ${join('docs/images', 'problem-page.png')}, ${join('docs/images', 'lab-plot.png')} and ${join('docs/images', 'problem-authoring.png')}`);
} finally {
  await browser.close();
  await server.stop();
  removeDataDir(server.dataDir);
}
