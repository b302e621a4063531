import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submit, waitForVerdict } from '../helpers/judge-client';
import { removeDataDir, ROOT, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim } from '../helpers/solutions';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/** Interface words that must not be left in English on a Chinese page. */
const ENGLISH_WORDS = [
  'Submit', 'Problems', 'Submissions', 'Accepted', 'Wrong answer', 'Time limit exceeded', 'Runtime error', 'Input', 'Expected output',
  'Program output', 'Your output', 'Reference output', 'Standard error', 'Dialogue', 'In queue', 'Cases', 'Verdict', 'Memory', 'Test',
  'Tests', 'Source', 'download', 'Passed', 'Cancel', 'Shrunk', 'Save as a test', 'Not found', 'Bad request', 'Hints', 'Editorial',
  'Compute', 'Conjecture', 'Table', 'Clear', 'Page', 'Solved', 'Show hint', 'Language',
];

let server: RunningServer;
let browser: Browser;
/** Pages of every kind, found once: path → what it is. */
const pages: Record<string, string> = {};
let acceptedId = 0;

async function post(path: string, body: unknown): Promise<number> {
  const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as { id?: number; error?: string };
  if (res.status !== 201 || typeof json.id !== 'number') throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.id;
}

async function waitDone(path: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const s = (await (await fetch(`${server.url}${path}`)).json()) as { status?: string };
    if (s.status === 'done') return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${path} not done in time`);
}

beforeAll(async () => {
  server = await startServer({ workers: 2, problems: ['nim', 'kiki', 'subtraction-game'] });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const wrongNim = readFileSync(join(ROOT, 'problems/nim/wrong/skips-zeros.ts'), 'utf8');
  const wrongGame = readFileSync(join(ROOT, 'problems/subtraction-game/wrong/always-first.ts'), 'utf8');
  acceptedId = await submit(server.url, 'nim', acceptedNim());
  const waId = await submit(server.url, 'nim', wrongNim);
  const dialogueId = await submit(server.url, 'subtraction-game', wrongGame);
  const stressFail = await post('/api/stress', { problem: 'nim', source: wrongNim, cases: 300, size: 'small', seed: 7 });
  const stressPass = await post('/api/stress', { problem: 'nim', source: acceptedNim(), cases: 20, size: 'tiny', seed: 7 });
  const invocation = await post('/api/invocations', { problem: 'nim', source: 'console.log("Yes")', input: '1\n2\n3 3\n' });
  for (const id of [acceptedId, waId, dialogueId]) await waitForVerdict(server.url, id, 120_000);
  for (const path of [`/api/stress/${stressFail}`, `/api/stress/${stressPass}`, `/api/invocations/${invocation}`]) await waitDone(path);
  Object.assign(pages, {
    '/problems': 'problem list',
    '/problems/nim': 'problem page (solved)',
    '/problems/kiki?hints=1&editorial=ask': 'problem page asking for the editorial',
    '/problems/subtraction-game': 'interactive problem page',
    '/submissions': 'submissions list',
    '/submissions?verdict=WA': 'filtered submissions list',
    [`/submissions/${acceptedId}`]: 'accepted submission',
    [`/submissions/${waId}`]: 'wrong answer with failure blocks',
    [`/submissions/${dialogueId}`]: 'interactive failure with its dialogue',
    [`/stress/${stressFail}`]: 'stress run with a counterexample',
    [`/stress/${stressPass}`]: 'stress run that passed',
    [`/invocations/${invocation}`]: 'custom invocation',
    '/no-such-page': '404 page',
    '/stress/abc': '400 page',
    '/lab': 'SG lab',
    '/lab?problem=nim': 'SG lab refusing a problem without a game',
    '/lab?problem=subtraction-game': 'SG lab with a table',
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

async function chineseContext(options: { viewport: { width: number; height: number }; isMobile?: boolean }): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addCookies([{ name: 'lang', value: 'zh', url: server.url }]);
  return context;
}

/**
 * What a reader sees of the interface: the page without code, program data, statements, hints and
 * editorials (their language is the content's), and the lab's computed results (built by the lab).
 */
const interfaceText = (p: Page) =>
  p.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = 'pre, code, textarea, .statement, .hint-list, .editorial-text, .ace_editor, #lab-result, .lab-none dd, .tags, .tag, .problem-meta { display: none !important; }';
    document.head.appendChild(style);
    const text = document.body.innerText;
    style.remove();
    return text;
  });

describe('the Chinese interface', () => {
  it('leaves no English interface word on any kind of page, and says lang="zh"', async () => {
    const context = await chineseContext({ viewport: DESKTOP });
    try {
      const p = await context.newPage();
      for (const [path, what] of Object.entries(pages)) {
        await p.goto(`${server.url}${path}`);
        expect(await p.locator('html').getAttribute('lang'), what).toBe('zh');
        const text = await interfaceText(p);
        const left = ENGLISH_WORDS.filter((w) => new RegExp(`\\b${w}\\b`).test(text));
        expect(left, `${what} (${path}): ${text.slice(0, 3000)}`).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });

  it('translates the failure blocks, verdicts and the dialogue of an interactive test', async () => {
    const context = await chineseContext({ viewport: DESKTOP });
    try {
      const p = await context.newPage();
      const dialogue = Object.keys(pages).find((k) => pages[k] === 'interactive failure with its dialogue')!;
      await p.goto(`${server.url}${dialogue}`);
      const titles = await p.locator('.failure .io-title').allInnerTexts();
      expect(titles.some((t) => t.startsWith('交互过程'))).toBe(true);
      expect(await p.locator('.failure h2').innerText()).toMatch(/^第 \d+ 个测试点：答案错误$/);
      const wa = Object.keys(pages).find((k) => pages[k] === 'wrong answer with failure blocks')!;
      await p.goto(`${server.url}${wa}`);
      expect((await p.locator('.failure .io-title').allInnerTexts()).map((t) => t.split(/\s/)[0])).toEqual(expect.arrayContaining(['输入', '期望输出', '程序输出']));
      expect(await p.locator('#status').innerText()).toMatch(/^第 \d+ 个测试点答案错误$/);
    } finally {
      await context.close();
    }
  });

  it('keeps API errors in English', async () => {
    const res = await fetch(`${server.url}/api/submissions/999999`, { headers: { cookie: 'lang=zh' } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toMatch(/^There is no submission/);
  });
});

describe('the editorial after Accepted', () => {
  it('an Accepted submission links to the editorial, which the problem page then shows', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      const p = await context.newPage();
      await p.goto(`${server.url}/submissions/${acceptedId}`);
      await Promise.all([p.waitForURL(/\/problems\/nim#editorial$/), p.click('.editorial-link a')]);
      expect(await p.locator('#editorial .editorial-text').isVisible()).toBe(true);
      expect(await p.locator('#editorial .hint').innerText()).toBe('Shown because you solved this problem.');
      // A rejected submission has no such link.
      const wa = Object.keys(pages).find((k) => pages[k] === 'wrong answer with failure blocks')!;
      await p.goto(`${server.url}${wa}`);
      expect(await p.locator('.editorial-link').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('a 390x844 phone', () => {
  it.each(['en', 'zh'])('no page is wider than the screen (%s)', async (lang) => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    await context.addCookies([{ name: 'lang', value: lang, url: server.url }]);
    try {
      const p = await context.newPage();
      for (const [path, what] of Object.entries(pages)) {
        await p.goto(`${server.url}${path}`);
        const width = await p.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${what} (${path})`).toBeLessThanOrEqual(PHONE.width);
      }
    } finally {
      await context.close();
    }
  });
});

/**
 * Contrast of every verdict word (and the lab's error and text boxes) against the background it is
 * really drawn on: the nearest ancestor with an opaque background, as the browser computed it.
 */
const renderedContrasts = (p: Page) =>
  p.evaluate(() => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    const background = (el: Element | null): string => {
      for (; el; el = el.parentElement) {
        const c = getComputedStyle(el).backgroundColor;
        const parts = rgb(c);
        if (parts.length === 3 || (parts.length === 4 && parts[3]! > 0.9)) return c;
      }
      return 'rgb(255, 255, 255)';
    };
    const out: { what: string; ratio: number }[] = [];
    for (const el of Array.from(document.querySelectorAll('[class*="verdict-"], .lab-error, .lab-text'))) {
      if (!(el as HTMLElement).innerText?.trim()) continue;
      const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(rgb(background(el)))].sort((x, y) => y - x);
      out.push({ what: `${el.className}: ${(el as HTMLElement).innerText.trim().slice(0, 40)}`, ratio: (a! + 0.05) / (b! + 0.05) });
    }
    return out;
  });

describe('verdict colours as drawn', () => {
  it.each(['light', 'dark'] as const)('meet WCAG AA (4.5:1) on every page in the %s theme', async (colorScheme) => {
    const context = await browser.newContext({ viewport: DESKTOP, colorScheme });
    try {
      const p = await context.newPage();
      let checked = 0;
      for (const [path, what] of Object.entries(pages)) {
        await p.goto(`${server.url}${path}`);
        for (const c of await renderedContrasts(p)) {
          checked++;
          expect(c.ratio, `${what} (${path}) ${c.what}`).toBeGreaterThanOrEqual(4.5);
        }
      }
      expect(checked).toBeGreaterThan(10);
    } finally {
      await context.close();
    }
  });
});
