import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsCli, Person } from '../helpers/accounts';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim, ALWAYS_NO } from '../helpers/solutions';

/** The teacher's /class table in a real browser, following two students' verdicts without a reload (pushed by the server, no polling). */
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let server: RunningServer;
let browser: Browser;
let tess: Page;
let ann: Person;
let bob: Person;

async function submitAndWait(p: Person, source: string): Promise<void> {
  const res = await p.api('/api/submissions', { method: 'POST', body: JSON.stringify({ problem: 'nim', source }) });
  const { id } = (await res.json()) as { id: number };
  const deadline = Date.now() + 180_000;
  while ((await p.json<{ status: string }>(`/api/submissions/${id}`)).body.status !== 'done') {
    if (Date.now() > deadline) throw new Error(`submission ${id} not judged`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const cellClass = (name: string) => tess.locator(`#standings tr[data-student="${name}"] td[data-problem="nim"]`).getAttribute('class');

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-class-browser-'));
  expect((await accountsCli(dataDir, ['add-teacher', 'tess'], 'teacher-password\n')).status).toBe(0);
  for (const name of ['ann', 'bob']) expect((await accountsCli(dataDir, ['add-student', name], `${name}-password\n`)).status).toBe(0);
  server = await startServer({ dataDir, workers: 1, env: { ACCOUNTS: 'on' } });
  ann = new Person(server.url, 'ann', 'ann-password');
  bob = new Person(server.url, 'bob', 'bob-password');
  await ann.login();
  await bob.login();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  tess = await (await browser.newContext()).newPage();
  await tess.goto(`${server.url}/login?next=%2Fclass`);
  await tess.fill('input[name=name]', 'tess');
  await tess.fill('input[name=password]', 'teacher-password');
  await tess.click('button.login-button');
  await tess.waitForURL(`${server.url}/class`);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

describe('the class table', { timeout: 300_000 }, () => {
  it("changes as the students' verdicts arrive, without a reload", async () => {
    expect(await cellClass('ann')).toBe('cell cell-none');
    await tess.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await submitAndWait(ann, ALWAYS_NO);
    await tess.waitForFunction(() => document.querySelector('#standings tr[data-student="ann"] td[data-problem="nim"]')?.classList.contains('cell-tried'), undefined, { timeout: 30_000 });
    expect(await tess.locator('#standings tr[data-student="ann"] td[data-problem="nim"] .mark').textContent()).toBe('✗1');
    await submitAndWait(bob, acceptedNim());
    await tess.waitForFunction(() => document.querySelector('#standings tr[data-student="bob"] td[data-problem="nim"]')?.classList.contains('cell-solved'), undefined, { timeout: 30_000 });
    // Sorted by solved count: bob (1) now comes first.
    expect(await tess.locator('#standings tbody tr').first().getAttribute('data-student')).toBe('bob');
    expect(await tess.locator('#standings tr[data-student="bob"] td.solved').textContent()).toBe('1');
    expect(await tess.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  it('asks the server nothing while no verdict arrives (no polling)', async () => {
    const asked: string[] = [];
    const note = (r: { url(): string }) => asked.push(r.url());
    tess.on('request', note);
    await new Promise((r) => setTimeout(r, 3000));
    tess.off('request', note);
    expect(asked).toEqual([]);
  });

  it('sorts by name on request and opens a student\'s submissions from a cell', async () => {
    await tess.click('#standings thead a[href="?sort=name"]');
    await tess.waitForURL(/sort=name/);
    expect(await tess.locator('#standings tbody tr').first().getAttribute('data-student')).toBe('ann');
    await tess.click('#standings tr[data-student="ann"] td[data-problem="nim"] a');
    await tess.waitForURL(/\/submissions\?problem=nim&author=ann/);
    expect(new Set(await tess.locator('table.submissions td.author').allTextContents())).toEqual(new Set(['ann']));
  });

  it('downloads the CSV, which parses with a header and a row per student', async () => {
    await tess.goto(`${server.url}/class`);
    const download = tess.waitForEvent('download');
    await tess.click('a.csv-link');
    const file = await (await download).path();
    const { readFileSync } = await import('node:fs');
    const text = readFileSync(file, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n').map((l) => l.split(','));
    expect(lines[0]).toEqual(['login', 'display name', 'solved', 'Nim', 'Nim (tries)']);
    expect(lines.slice(1).map((l) => l[0])).toEqual(['ann', 'bob']);
  });

  it("marks a solve after the set's close as late", async () => {
    const made = await new Person(server.url, 'tess', 'teacher-password');
    await made.login();
    const res = await made.api('/api/sets', { method: 'POST', body: JSON.stringify({ name: 'Week 1', problems: ['nim'], closesAt: new Date().toISOString() }) });
    const { id } = (await res.json()) as { id: number };
    await new Promise((r) => setTimeout(r, 5));
    await submitAndWait(ann, acceptedNim());
    await tess.goto(`${server.url}/sets/${id}`);
    expect(await tess.locator('.set-times').textContent()).toContain('closed');
    const annCell = tess.locator('#set-standings tr[data-student="ann"] td[data-problem="nim"]');
    expect(await annCell.getAttribute('class')).toBe('cell cell-solved cell-late');
    expect(await annCell.locator('a .visually-hidden').textContent()).toMatch(/^ann · Nim: Accepted .*, late$/);
    const bobCell = tess.locator('#set-standings tr[data-student="bob"] td[data-problem="nim"]');
    expect(await bobCell.getAttribute('class')).toBe('cell cell-solved');
  });
});
