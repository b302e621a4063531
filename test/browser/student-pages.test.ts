import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { setSource } from '../helpers/editor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrast } from '../helpers/colour';
import { postJob, submit, waitForVerdict, waitJobDone } from '../helpers/judge-client';
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
  // The SG lab's words (public/lab.js and what the lab computes), topic tags, checker messages
  'Copy as', 'Download', 'As text', 'Computing', 'Compiling', 'Waiting', 'sandbox', 'states computed', 'visited', 'period', 'saltus',
  'proven', 'seen over', 'values', 'value', 'P-position', 'P-positions', 'pre-period', 'exception', '; options', 'Its options', 'no options', 'terminal',
  'conjecture', 'The conjecture', 'table says', 'Hover', 'Heatmap', 'Slice', 'Win', 'Lose', 'Draw', 'colours repeat', 'First \\d+ rows',
  'Stress-test', 'declares no game', 'heap', 'SG function', 'SG sum', 'periodicity', 'symmetry', 'trees', 'strings',
  'matching', 'draws', 'interactive', 'P/N positions', 'token', 'differs', 'expected', 'found', 'move \\d+', 'legal move',
];

let server: RunningServer;
let browser: Browser;
/** Pages of every kind, found once: path → what it is. */
const pages: Record<string, string> = {};
let acceptedId = 0;

const post = (path: string, body: unknown) => postJob(server.url, path, body);
const waitDone = (path: string) => waitJobDone(server.url, path);

beforeAll(async () => {
  server = await startServer({ workers: 1, problems: ['nim', 'kiki', 'subtraction-game'] });
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

/** Runs `use` on a fresh desktop page in Chinese mode, closing its context afterwards. */
async function onChinesePage(use: (p: Page) => Promise<void>): Promise<void> {
  const context = await chineseContext({ viewport: DESKTOP });
  try {
    await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * What a reader sees of the interface: the page without code, program data, statements, hints and
 * editorials (their language is the content's). The lab's results, its reasons, topic tags and
 * checker messages are the interface's words too: they are checked.
 */
const interfaceText = (p: Page) =>
  p.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = 'pre:not(.message), code, textarea, .statement, .hint-list, .editorial-text, .ace_editor { display: none !important; }';
    document.head.appendChild(style);
    const text = document.body.innerText;
    style.remove();
    return text;
  });

describe('the Chinese interface', () => {
  it('leaves no English interface word on any kind of page, and says lang="zh"', async () => {
    await onChinesePage(async (p) => {
      for (const [path, what] of Object.entries(pages)) {
        await p.goto(`${server.url}${path}`);
        expect(await p.locator('html').getAttribute('lang'), what).toBe('zh');
        const text = await interfaceText(p);
        const left = ENGLISH_WORDS.filter((w) => new RegExp(`\\b${w}\\b`).test(text));
        expect(left, `${what} (${path}): ${text.slice(0, 3000)}`).toEqual([]);
      }
    });
  });

  it('translates the failure blocks, verdicts and the dialogue of an interactive test', async () => {
    await onChinesePage(async (p) => {
      const dialogue = Object.keys(pages).find((k) => pages[k] === 'interactive failure with its dialogue')!;
      await p.goto(`${server.url}${dialogue}`);
      const titles = await p.locator('.failure .io-title').allInnerTexts();
      expect(titles.some((t) => t.startsWith('交互过程'))).toBe(true);
      expect(await p.locator('.failure h2').innerText()).toMatch(/^第 \d+ 个测试点：答案错误$/);
      const wa = Object.keys(pages).find((k) => pages[k] === 'wrong answer with failure blocks')!;
      await p.goto(`${server.url}${wa}`);
      expect((await p.locator('.failure .io-title').allInnerTexts()).map((t) => t.split(/\s/)[0])).toEqual(expect.arrayContaining(['输入', '期望输出', '程序输出']));
      expect(await p.locator('#status').innerText()).toMatch(/^第 \d+ 个测试点答案错误$/);
    });
  });

  it('says the SG lab in Chinese: a preset’s table, its analysis, buttons, legend, tooltips and conjectures checked in the sandbox', async () => {
    await onChinesePage(async (p) => {
      const errors: string[] = [];
      p.on('pageerror', (e) => errors.push(e.message));
      await p.goto(`${server.url}/lab`);
      // Every status line the page shows while it computes, the short-lived ones included.
      await p.evaluate(() => {
        const w = window as unknown as { statuses: string[] };
        w.statuses = [];
        const status = document.getElementById('lab-status')!;
        new MutationObserver(() => w.statuses.push(status.innerText.trim())).observe(status, { childList: true, subtree: true, characterData: true });
      });
      const statuses = () => p.evaluate(() => (window as unknown as { statuses: string[] }).statuses.filter(Boolean));
      await p.selectOption('#lab-game', 'bash');
      await p.fill('#lab-to', '40');
      await p.click('#lab-compute');
      await p.waitForSelector('#lab-seq');
      // Bash with m = 3: value n mod 4, proven periodic by the Guy–Smith bound.
      expect(await p.locator('#lab-status').innerText()).toMatch(/^已算出 41 个状态，用时 \d+ 毫秒（搜索访问了 \d+ 个）。$/);
      expect(await p.locator('#lab-summary').innerText()).toBe('从 n = 0 起周期为 4：已证明（Guy–Smith 界：需要 11 个值，已算出 41 个）');
      expect(await p.locator('.lab-toolbar button').allInnerTexts()).toEqual(['复制文本', '复制 CSV', '下载 CSV']);
      expect(await p.locator('.lab-text-box summary').innerText()).toBe('文本形式');
      expect(await p.locator('.lab-legend').innerText()).toMatch(/^值为 0（P 态）\s+预周期\s+例外$/);
      expect(await p.locator('#lab-seq td[data-n="5"]').getAttribute('title')).toBe('n = 5: 1；后继：(4) → 0; (3) → 3; (2) → 2');
      expect(await p.locator('#lab-seq td[data-n="0"]').getAttribute('title')).toBe('n = 0: 0；后继：无');
      expect(await p.locator('#lab-seq-how').innerText()).toBe('行首的数加上列的 +k 就是 n；+k 这一列是所有 n ≡ k (mod 4) 的值。');

      // A false conjecture, checked in the sandbox (a job the page follows).
      await setSource(p, 'export default (n: number) => n % 3;', 'lab-conjecture-editor');
      await p.click('#lab-compute');
      await p.waitForSelector('#lab-conjecture-verdict', { timeout: 60_000 });
      expect(await p.locator('#lab-conjecture-verdict').innerText()).toBe('猜想在 (3) 处不成立。\n\n表中的值是 3，猜想给出 0。\n\n它的后继：\n\n(2) → 2\n(1) → 1\n(0) → 0');
      expect(await p.locator('#lab-summary li').allInnerTexts()).toEqual([
        '从 n = 0 起周期为 4：已证明（Guy–Smith 界：需要 11 个值，已算出 41 个）',
        '猜想在 (3) 处不成立：表中的值是 3，猜想给出 0；它的后继：(2) → 2; (1) → 1; (0) → 0',
      ]);
      // What the conjecture returned cannot be compared: the engine's reason, in Chinese.
      await setSource(p, 'export default (n: number) => "x";', 'lab-conjecture-editor');
      await p.click('#lab-compute');
      await p.waitForSelector('#lab-conjecture-verdict', { timeout: 60_000 });
      expect(await p.locator('#lab-conjecture-verdict p').first().innerText()).toBe('猜想返回了 "x"；它必须返回一个数（SG 值）、一个布尔值（先手是否必胜）或 "W" / "L" / "D"');
      // A true one.
      await setSource(p, 'export default (n: number) => n % 4;', 'lab-conjecture-editor');
      await p.click('#lab-compute');
      await p.waitForSelector('#lab-conjecture-verdict', { timeout: 60_000 });
      expect(await p.locator('#lab-conjecture-verdict').innerText()).toBe('猜想在全部 41 个状态上成立。');
      expect(await p.locator('#lab-summary li').last().innerText()).toBe('猜想在全部 41 个状态上成立');

      // The status lines of those jobs ("Computing…", "Compiling… 0.4 s (limit 10 s of CPU)", ...).
      const seen = await statuses();
      expect(seen).toContain('计算中…');
      expect(seen.some((t) => /^(等待实验室（前面还有 \d+ 个任务）…|编译中… [\d.]+ 秒（CPU 时间上限 10 秒）|正在沙箱中计算… [\d.]+ 秒（CPU 时间上限 10 秒）)( 取消计算)?$/.test(t)), seen.join(' | ')).toBe(true);
      for (const t of seen) expect(t.replace(/CPU/g, ''), seen.join(' | ')).not.toMatch(/[A-Za-z]{3,}/);
      const text = await interfaceText(p);
      expect(ENGLISH_WORDS.filter((w) => new RegExp(`\\b${w}\\b`).test(text)), text).toEqual([]);
      expect(errors).toEqual([]);
    });
  });

  it('says a two-parameter table, the game menu, the settings and why a problem has no game in Chinese', async () => {
    await onChinesePage(async (p) => {
      await p.goto(`${server.url}/lab?problem=kiki`);
      await p.waitForSelector('#lab-heatmap');
      expect(await p.locator('#lab-summary li').allInnerTexts()).toEqual([
        'SG 值：两个方向上都没有发现周期',
        'P 态（值为 0）：沿 n 方向从 n = 1 起周期为 2，沿 m 方向从 m = 1 起周期为 2',
      ]);
      expect(await p.locator('#lab-cell').innerText()).toBe('把鼠标移到格子上（或用键盘选中）即可查看它的值和后继。');
      expect(await p.locator('#lab-grid').getAttribute('aria-label')).toBe('16 × 16 个状态的热力图：方向键移动，Enter 或空格显示该状态的后继，Esc 关闭');
      expect((await p.locator('.lab-legend .legend-item').first().innerText()).trim()).toBe('0（P 态）');
      expect(await p.locator('#lab-download-svg').innerText()).toBe('下载 SVG');
      await p.focus('#lab-grid-cell');
      expect(await p.locator('#lab-cell').innerText()).toBe('(1, 1) = 0 — P 态（轮到行动的一方必败）；后继：无');
      await p.keyboard.press('ArrowRight');
      expect(await p.locator('#lab-cell').innerText()).toBe('(1, 2) = 1；后继：(1, 1) → 0');
      // Enter shows the moves in a panel, in Chinese too.
      await p.keyboard.press('Enter');
      expect(await p.locator('#lab-moves').innerText()).toBe('(1, 2)（值为 1）的后继：\n\n(1, 1) → 0\n关闭');
      await p.keyboard.press('Escape');
      expect(await p.locator('#lab-moves').isHidden()).toBe(true);
      // The menu: problem titles and games in Chinese, the presets too.
      const menu = await p.locator('#lab-game option').allInnerTexts();
      expect(menu.find((o) => o.includes('n × m 的棋盘（硬币在起始的角上）'))).toBeDefined();
      expect(menu).toEqual(expect.arrayContaining(['八进制代码', '减法集合', 'Nim 游戏', '巴什博弈（每次取 1..m 个）']));
      for (const o of menu) expect(o).not.toMatch(/\b(one|the|heap|board|run|cells?|sheet|pair|bean)\b/);
      await p.selectOption('#lab-game', 'problem:subtraction-game');
      await expect.poll(() => p.locator('#lab-settings label').evaluateAll((ls) => ls.map((l) => l.getAttribute('title')))).toEqual(['一次最少取走的卡片数', '一次最多取走的卡片数']);
      // Problems without a game: the reasons, and the error of asking for one.
      expect(await p.locator('.lab-none dd').first().innerText()).toMatch(/^Nim 的局面/);
      await p.goto(`${server.url}/lab?problem=nim`);
      expect(await p.locator('#lab-status').innerText()).toMatch(/^题目 nim 没有可以打表的游戏：Nim 的局面/);
    });
  });

  it('names the topic tags in Chinese on the problem list and a problem page, next to its SG table panel', async () => {
    await onChinesePage(async (p) => {
      await p.goto(`${server.url}/problems`);
      const tags = await p.locator('.tags .tag').allInnerTexts();
      expect(tags).toEqual(expect.arrayContaining(['P/N 态', '周期性', 'Nim 游戏', 'SG 函数', '游戏的和', '对称策略', '交互题']));
      for (const t of tags) expect(t).toMatch(/[\u4e00-\u9fff]/);
      await p.goto(`${server.url}/problems/kiki`);
      expect(await p.locator('.problem-meta .tag').allInnerTexts()).toEqual(['P/N 态', '周期性']);
      const panel = await p.locator('#sg-table').innerText();
      expect(panel).toContain('SG 表');
      expect(panel).not.toMatch(/SG table|Open the|stress test|declares/);
    });
  });

  it('says the checker’s message of a wrong answer in Chinese (the database keeps it in English)', async () => {
    await onChinesePage(async (p) => {
      const wa = Object.keys(pages).find((k) => pages[k] === 'wrong answer with failure blocks')!;
      await p.goto(`${server.url}${wa}`);
      expect(await p.locator('.failure pre.message').innerText()).toMatch(/^第 \d+ 个单词不同：期望 "(Yes|No)"，读到 "(Yes|No)"$/);
      const dialogue = Object.keys(pages).find((k) => pages[k] === 'interactive failure with its dialogue')!;
      await p.goto(`${server.url}${dialogue}`);
      expect(await p.locator('.failure pre.message').innerText()).toMatch(/^第 \d+ 步：[^A-Za-z]*(First|Second)?[^A-Za-z]*$/);
      const stress = Object.keys(pages).find((k) => pages[k] === 'stress run with a counterexample')!;
      await p.goto(`${server.url}${stress}`);
      expect(await p.locator('.failure pre.message').innerText()).toMatch(/^第 \d+ 个单词不同：期望 "(Yes|No)"，读到 "(Yes|No)"$/);
      const api = (await (await fetch(`${server.url}/api${wa}`, { headers: { cookie: 'lang=zh' } })).json()) as { tests: { message?: string | null }[] };
      expect(JSON.stringify(api)).not.toMatch(/第 \d+ 个单词/);
    });
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

/** The header's height, and whether its links are shown (the phone's menu closed or open). */
const headerState = (p: Page) =>
  p.evaluate(() => {
    // checkVisibility: a closed <details>' content is laid out but not rendered (content-visibility).
    const shown = (el: Element | null) => !!el && el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true });
    return { height: document.querySelector('header.top')!.getBoundingClientRect().height, linksShown: shown(document.querySelector('header.top nav a[href="/submissions"]')), menuShown: shown(document.querySelector('header.top .nav-menu summary')) };
  });

describe('a 390x844 phone', () => {
  it.each(['en', 'zh'])('no page is wider than the screen, and every header is one line with a menu (%s)', async (lang) => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    await context.addCookies([{ name: 'lang', value: lang, url: server.url }]);
    try {
      const p = await context.newPage();
      for (const [path, what] of Object.entries(pages)) {
        await p.goto(`${server.url}${path}`);
        const width = await p.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${what} (${path})`).toBeLessThanOrEqual(PHONE.width);
        // One line (it was 260 px: the links on three lines, the language switch on a fourth).
        expect(await headerState(p), `${what} (${path})`).toMatchObject({ linksShown: false, menuShown: true });
        expect((await headerState(p)).height, `${what} (${path})`).toBeLessThanOrEqual(56);
      }
      await p.screenshot({ path: join(ROOT, `test/artifacts/phone-header-${lang}.png`) });
    } finally {
      await context.close();
    }
  });

  it('opens the menu by keyboard and without JavaScript, and keeps the links in a line on a desktop', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled });
      try {
        const p = await context.newPage();
        await p.goto(`${server.url}/problems`);
        await p.focus('header.top .nav-menu summary');
        await p.keyboard.press('Enter');
        expect(await headerState(p), `JavaScript ${javaScriptEnabled}`).toMatchObject({ linksShown: true });
        // The open menu lies over the page: the header stays one line.
        expect((await headerState(p)).height).toBeLessThanOrEqual(56);
        await p.keyboard.press('Tab');
        expect(await p.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/problems');
        await p.keyboard.press('Tab');
        expect(await p.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/submissions');
        await p.screenshot({ path: join(ROOT, `test/artifacts/phone-menu-open${javaScriptEnabled ? '' : '-nojs'}.png`) });
        if (javaScriptEnabled) {
          await p.keyboard.press('Escape');
          expect(await headerState(p)).toMatchObject({ linksShown: false });
          expect(await p.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
        } else {
          await p.keyboard.press('Shift+Tab');
          await p.keyboard.press('Shift+Tab');
          await p.keyboard.press('Enter');
          expect(await headerState(p)).toMatchObject({ linksShown: false });
        }
      } finally {
        await context.close();
      }
    }
    const desktop = await browser.newContext({ viewport: DESKTOP });
    try {
      const p = await desktop.newPage();
      await p.goto(`${server.url}/problems`);
      expect(await headerState(p)).toMatchObject({ linksShown: true, menuShown: false });
      expect((await headerState(p)).height).toBeLessThanOrEqual(56);
      await p.keyboard.press('Tab');
      await p.keyboard.press('Tab');
      expect(await p.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/problems');
    } finally {
      await desktop.close();
    }
  });
});

/**
 * Contrast of every verdict word (and the lab's error and text boxes) against the background it is
 * really drawn on: the nearest ancestor with an opaque background, as the browser computed it.
 */
async function renderedContrasts(p: Page): Promise<{ what: string; ratio: number }[]> {
  const drawn = await p.evaluate(() => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const background = (el: Element | null): string => {
      for (; el; el = el.parentElement) {
        const c = getComputedStyle(el).backgroundColor;
        const parts = rgb(c);
        if (parts.length === 3 || (parts.length === 4 && parts[3]! > 0.9)) return c;
      }
      return 'rgb(255, 255, 255)';
    };
    const out: { what: string; colour: string; background: string }[] = [];
    for (const el of Array.from(document.querySelectorAll('[class*="verdict-"], .lab-error, .lab-text'))) {
      if (!(el as HTMLElement).innerText?.trim()) continue;
      out.push({ what: `${el.className}: ${(el as HTMLElement).innerText.trim().slice(0, 40)}`, colour: getComputedStyle(el).color, background: background(el) });
    }
    return out;
  });
  return drawn.map((c) => ({ what: c.what, ratio: contrast(c.colour, c.background) }));
}

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
