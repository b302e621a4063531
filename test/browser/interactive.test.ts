import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJob, submit, waitForVerdict, waitJobDone } from '../helpers/judge-client';
import { removeDataDir, ROOT, startServer, type RunningServer } from '../helpers/server';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = join(ROOT, 'test/artifacts');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let server: RunningServer;
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];
const setEditor = (src: string) => page.evaluate((s) => (window as unknown as { ace: { edit(el: string): { setValue(s: string): void } } }).ace.edit('editor').setValue(s), src);

beforeAll(async () => {
  expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium`).toBe(true);
  mkdirSync(ARTIFACTS, { recursive: true });
  server = await startServer({ workers: 1, problems: ['subtraction-game'] });
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

describe('an interactive problem in a browser', () => {
  it('submits a wrong player and sees the dialogue of the failing test, with the full transcript to download', async () => {
    await page.goto(`${server.url}/problems/subtraction-game`);
    expect(await page.locator('section.statement[data-lang="en"]').textContent()).toContain('< 6 1 2');
    await page.screenshot({ path: join(ARTIFACTS, 'interactive-problem.png'), fullPage: true });
    await setEditor(readFileSync(join(ROOT, 'problems/subtraction-game/wrong/always-first.ts'), 'utf8'));
    await Promise.all([page.waitForURL(/\/submissions\/\d+$/), page.click('form.submit-form button[type=submit]')]);
    await page.waitForFunction(() => /Wrong answer/i.test(document.querySelector('#status')?.textContent ?? ''), undefined, { timeout: 120_000 });
    // The live page shows the verdict; the failing test's details come with the finished page.
    await page.reload();
    const failure = page.locator('section.failure');
    expect(await failure.locator('pre.message').textContent()).toMatch(/you have no legal move left, so the judge won \(you printed First, but from \d+ \d+ \d+ the second player wins\)/);
    const dialogue = failure.locator('.io-block', { hasText: 'Dialogue' });
    const text = (await dialogue.locator('pre').textContent())!;
    const lines = text.trim().split('\n');
    expect(lines[0]).toMatch(/^< \d+ \d+ \d+$/);
    expect(lines[1]).toBe('> First');
    expect(lines.every((l) => /^[<>] /.test(l))).toBe(true);
    // The dialogue numbers its moves; the interactor's message cites the move it lost on, which is
    // the program's last numbered line (its "0 0": no legal move left).
    const cited = Number(/^move (\d+):/.exec((await failure.locator('pre.message').textContent())!)?.[1]);
    const numbered = await dialogue.locator('.dialogue-line[data-move]').evaluateAll((els) => els.map((e) => ({ move: Number((e as HTMLElement).dataset.move), text: e.textContent!.trim() })));
    expect(numbered.map((m) => m.move)).toEqual(numbered.map((_, i) => i + 1));
    expect(numbered.at(-1)).toEqual({ move: cited, text: '> 0 0' });
    // The header (the judge's N L R and the program's side) is not a move.
    expect(await dialogue.locator('.dialogue-line').first().getAttribute('data-move')).toBeNull();
    // An interactive test's output is its dialogue: no separate program-output block.
    expect(await failure.locator('.io-block', { hasText: 'Program output' }).count()).toBe(0);
    const href = (await dialogue.locator('a[download]').getAttribute('href'))!;
    expect(href).toMatch(/^\/submissions\/\d+\/dialogue\.txt$/);
    const full = await (await fetch(`${server.url}${href}`)).text();
    expect(full.startsWith(text.trimEnd().split('\n').slice(0, 2).join('\n'))).toBe(true);
    expect(full.trim().split('\n').at(-1)).toMatch(/^> /);
    await page.screenshot({ path: join(ARTIFACTS, 'interactive-submission.png'), fullPage: true });
  });

  it('accepts the fast player on every stored test, each a game played through the judge thread', async () => {
    const id = await submit(server.url, 'subtraction-game', readFileSync(join(ROOT, 'reference/subtraction-game/player.ts'), 'utf8'));
    const s = await waitForVerdict(server.url, id, 180_000);
    expect(s.verdict).toBe('AC');
    expect(s.tests.length).toBeGreaterThanOrEqual(20);
  });

  it('plays one game from a typed input (custom invocation) and shows the transcript', async () => {
    await page.goto(`${server.url}/problems/subtraction-game`);
    await setEditor(readFileSync(join(ROOT, 'reference/subtraction-game/player.ts'), 'utf8'));
    await page.fill('#invocation-input', '6 1 2');
    await page.click('#custom-invocation .invocation-run');
    const verdict = page.locator('#custom-invocation .invocation-verdict');
    await verdict.waitFor({ timeout: 60_000 });
    const shown = await page.locator('#custom-invocation').textContent();
    expect(shown).toContain('< 6 1 2');
    expect(shown).toContain('> First');
    expect(shown).toContain('< 0 0');
    // The dialogue numbers its moves as a submission's page does: the two header lines are not moves.
    const lines = await page.locator('#custom-invocation pre.dialogue .dialogue-line').evaluateAll((els) => els.map((e) => ({ move: (e as HTMLElement).dataset.move ?? null, text: e.textContent!.trim() })));
    expect(lines.slice(0, 2)).toEqual([{ move: null, text: '< 6 1 2' }, { move: null, text: '> First' }]);
    const moves = lines.filter((l) => l.move !== null).map((l) => Number(l.move));
    expect(moves.length).toBeGreaterThan(1);
    expect(moves).toEqual(moves.map((_, i) => i + 1));
    expect(consoleErrors).toEqual([]);
  });

  it('numbers the moves of a lost custom invocation on its own page, and the interactor cites the last one', async () => {
    // Five cards, taking exactly two adjacent ones: G(5) = 0, a second-player win, so the always-first player loses.
    const source = readFileSync(join(ROOT, 'problems/subtraction-game/wrong/always-first.ts'), 'utf8');
    const id = await postJob(server.url, '/api/invocations', { problem: 'subtraction-game', source, input: '5 2 2' });
    const done = await waitJobDone<{ status: string; verdict: string; moves: { text: string; move: number | null }[] | null }>(server.url, `/api/invocations/${id}`);
    expect(done.verdict).toBe('WA');
    expect(done.moves?.slice(0, 2)).toEqual([{ text: '< 5 2 2', move: null }, { text: '> First', move: null }]);
    await page.goto(`${server.url}/invocations/${id}`);
    const dialogue = page.locator('.io-block[data-kind="dialogue"]');
    expect(await dialogue.locator('.io-title').textContent()).toContain('Dialogue');
    const numbered = await dialogue.locator('.dialogue-line[data-move]').evaluateAll((els) => els.map((e) => ({ move: Number((e as HTMLElement).dataset.move), text: e.textContent!.trim() })));
    expect(numbered.map((m) => m.move)).toEqual(numbered.map((_, i) => i + 1));
    const cited = Number(/^move (\d+):/.exec((await page.locator('pre.message').textContent())!)?.[1]);
    expect(numbered.at(-1)?.move).toBe(cited);
    // The number is drawn before the line, where a student reads it.
    expect(await dialogue.locator('.dialogue-line[data-move]').first().evaluate((e) => getComputedStyle(e, '::before').content)).toBe('"1"');
  });
});
