import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsCli, Person } from '../helpers/accounts';
import { removeDataDir, ROOT, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim, ALWAYS_NO } from '../helpers/solutions';

/**
 * A teacher's course in real Chromium with every problem imported (29): the roster pasted on
 * /class, passwords changed and reset on the web, a set made with the picker and edited while a
 * student has it open, on-time vs late counts, standings that fit 1280 px and a 390 px phone and
 * print on A4 landscape, and axe-core with no serious or critical violation on /class, /sets/:id,
 * /me and /account in both themes, desktop and phone.
 */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

let server: RunningServer;
let browser: Browser;
let teacherContext: BrowserContext;
let tess: Page;
let api: Person;
const passwords: Record<string, string> = {};
let setId = 0;
let allSetId = 0;

async function logIn(context: BrowserContext, name: string, password: string, next = '/problems'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}/login?next=${encodeURIComponent(next)}`);
  await page.fill('input[name=name]', name);
  await page.fill('input[name=password]', password);
  await page.click('button.login-button');
  await page.waitForURL(`${server.url}${next}`);
  return page;
}

async function judged(p: Person, source: string): Promise<void> {
  const res = await p.api('/api/submissions', { method: 'POST', body: JSON.stringify({ problem: 'nim', source }) });
  const { id } = (await res.json()) as { id: number };
  const deadline = Date.now() + 180_000;
  while ((await p.json<{ status: string }>(`/api/submissions/${id}`)).body.status !== 'done') {
    if (Date.now() > deadline) throw new Error(`submission ${id} not judged`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-course-browser-'));
  expect((await accountsCli(dataDir, ['add-teacher', 'tess'], 'teacher-password\n')).status).toBe(0);
  server = await startServer({ dataDir, workers: 1, problems: null, env: { ACCOUNTS: 'on', CLASS_CODE: 'course-7' }, startTimeoutMs: 240_000 });
  api = new Person(server.url, 'tess', 'teacher-password');
  await api.login();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  teacherContext = await browser.newContext(DESKTOP);
  tess = await logIn(teacherContext, 'tess', 'teacher-password', '/class');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

describe('a course on the web', { timeout: 300_000 }, () => {
  it('imports a roster pasted on /class: mistakes listed by line with the text kept, then a sheet of passwords', async () => {
    await tess.click('.roster-box summary');
    await tess.fill('textarea[name=csv]', 'zhangsan,张三\nbad name,X\nli,李四\nzoe,Zoë O\'Brien,short');
    await tess.click('button.import-roster');
    await expect.poll(() => tess.locator('.roster-errors li').allTextContents()).toEqual([
      'Line 2: The login "bad name" is not 1 to 32 letters, digits, "_", "." or "-".',
      'Line 4: A password has 8 to 1024 characters (leave it out to have one made).',
    ]);
    expect(await tess.inputValue('textarea[name=csv]')).toContain('bad name,X');
    expect((await api.json<{ students: unknown[] }>('/api/class/standings')).body.students).toEqual([]);

    await tess.fill('textarea[name=csv]', "zhangsan,张三\nli,李四\nzoe,Zoë O'Brien,zoe-password");
    await tess.click('button.import-roster');
    await tess.locator('.roster-sheet').waitFor();
    const rows = await tess.locator('table.handout tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent!.trim())));
    expect(rows.map((r) => r.slice(0, 2))).toEqual([
      ['张三', 'zhangsan'],
      ['李四', 'li'],
      ["Zoë O'Brien", 'zoe'],
    ]);
    expect(rows[2]![2]).toBe('as given');
    for (const [i, name] of ['zhangsan', 'li'].entries()) {
      expect(rows[i]![2]).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
      passwords[name] = rows[i]![2]!;
    }
    passwords.zoe = 'zoe-password';
    const csvHref = await tess.getAttribute('a.download-sheet', 'href');
    expect(decodeURIComponent(csvHref!.slice(csvHref!.indexOf(',') + 1))).toContain(`zhangsan,张三,${passwords.zhangsan}`);
    // The sheet's password works.
    const context = await browser.newContext(DESKTOP);
    const page = await logIn(context, 'zhangsan', passwords.zhangsan!);
    expect(await page.locator('.account-link').textContent()).toBe('张三');
    await context.close();
  });

  it('changes a password on /account and resets one from /class, ending the old sessions', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await logIn(context, 'zhangsan', passwords.zhangsan!, '/account');
    await page.fill('input[name=current]', 'not-it-at-all');
    await page.fill('.password-form input[name=password]', 'zhang-new-password');
    await page.fill('input[name=password2]', 'zhang-new-password');
    await page.click('button.change-password');
    expect(await page.locator('.account-password .form-error').textContent()).toBe('The current password is wrong.');
    await page.fill('input[name=current]', passwords.zhangsan!);
    await page.fill('.password-form input[name=password]', 'zhang-new-password');
    await page.fill('input[name=password2]', 'zhang-new-password');
    await page.click('button.change-password');
    await page.waitForURL(/\/account\?saved=password/);
    expect((await new Person(server.url, 'zhangsan', passwords.zhangsan!).login()).status).toBe(401);
    passwords.zhangsan = 'zhang-new-password';
    expect((await new Person(server.url, 'zhangsan', passwords.zhangsan).login()).status).toBe(200);
    await context.close();

    // li is logged in; the teacher resets li's password from the row on /class.
    const liContext = await browser.newContext(DESKTOP);
    const li = await logIn(liContext, 'li', passwords.li!, '/me');
    await tess.goto(`${server.url}/class`);
    await tess.click('.roster tr[data-student="li"] button.reset-password');
    await tess.locator('.roster-sheet').waitFor();
    const fresh = (await tess.locator('table.handout tr[data-student="li"] td.password').textContent())!.trim();
    expect(fresh).not.toBe(passwords.li);
    await li.reload();
    expect(new URL(li.url()).pathname).toBe('/login');
    passwords.li = fresh;
    expect((await new Person(server.url, 'li', fresh).login()).status).toBe(200);
    await liContext.close();

    // Ten wrong passwords lock li's name from this address; "Unlock login" on li's row lifts it.
    for (let i = 0; i < 10; i++) expect((await new Person(server.url, 'li', `wrong-guess-${i}`).login()).status).toBe(401);
    expect((await new Person(server.url, 'li', fresh).login()).status).toBe(429);
    await tess.goto(`${server.url}/class`);
    await tess.click('.roster tr[data-student="li"] button.unlock-login');
    await tess.waitForURL(/\/class$/);
    expect((await new Person(server.url, 'li', fresh).login()).status).toBe(200);
  });

  it('makes a set with the picker (search, tick, order) and edits it while a student has it open', async () => {
    await tess.goto(`${server.url}/class`);
    await tess.click('.new-set-box summary');
    const form = tess.locator('form.new-set');
    await form.locator('input[name=name]').fill('Week 1');
    await form.locator('.picker-search').fill('nim');
    expect(await form.locator('.picker-all li:not([hidden])').count()).toBeLessThan(29);
    await form.locator('input[data-slug="nim"]').check();
    await form.locator('.picker-search').fill('');
    await form.locator('input[data-slug="bash-game"]').check();
    // Ticked nim first; Brave Game moved up with its arrow.
    await form.locator('.picker-chosen li[data-slug="bash-game"] button').first().click();
    expect(await form.locator('.picker-chosen li').evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.slug))).toEqual(['bash-game', 'nim']);
    await form.locator('button.make-set').click();
    await tess.waitForURL(/\/sets\/\d+$/);
    setId = Number(/\/sets\/(\d+)/.exec(tess.url())![1]);
    expect(await tess.locator('#set-standings thead th.problem-col').evaluateAll((ths) => ths.map((th) => th.textContent!.trim()))).toEqual(['Brave Game', 'Nim']);

    const zhangContext = await browser.newContext(DESKTOP);
    const zhang = await logIn(zhangContext, 'zhangsan', passwords.zhangsan!, `/sets/${setId}`);
    await zhang.evaluate(() => ((window as unknown as { same: boolean }).same = true));
    // The teacher adds a problem and renames the set while zhangsan looks at it.
    await tess.click('.edit-set summary');
    const edit = tess.locator('.edit-set form.set-form');
    await edit.locator('input[name=name]').fill('Week one');
    await edit.locator('input[data-slug="k-nim"]').check();
    await edit.locator('button.save-set').click();
    await tess.waitForURL(/saved=1/);
    expect(await tess.locator('h1').textContent()).toContain('Week one');
    // zhangsan's verdict arrives: the table redraws itself from the server with the set as it now is.
    const zhangApi = new Person(server.url, 'zhangsan', passwords.zhangsan!);
    await zhangApi.login();
    await judged(zhangApi, acceptedNim());
    await zhang.waitForFunction(() => document.querySelector('#set-standings td[data-problem="nim"]')?.classList.contains('cell-solved'), undefined, { timeout: 30_000 });
    expect(await zhang.locator('#set-standings thead th.problem-col').count()).toBe(3);
    expect(await zhang.locator('#set-standings tbody tr').count()).toBe(1);
    expect(await zhang.evaluate(() => (window as unknown as { same?: boolean }).same)).toBe(true);
    await zhangContext.close();
  });

  it('counts on-time and late solves apart on the page', async () => {
    expect((await api.api(`/api/sets/${setId}`, { method: 'PATCH', body: JSON.stringify({ closesAt: new Date().toISOString() }) })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    const liApi = new Person(server.url, 'li', passwords.li!);
    await liApi.login();
    await judged(liApi, ALWAYS_NO);
    await judged(liApi, acceptedNim());
    await tess.goto(`${server.url}/sets/${setId}`);
    const row = (name: string) => tess.locator(`#set-standings tr[data-student="${name}"]`);
    expect(await row('zhangsan').locator('td.on-time').textContent()).toBe('1');
    expect(await row('zhangsan').locator('td.late').textContent()).toBe('0');
    expect(await row('li').locator('td.on-time').textContent()).toBe('0');
    expect(await row('li').locator('td.late').textContent()).toBe('1');
    const liCell = row('li').locator('td[data-problem="nim"]');
    expect(await liCell.getAttribute('class')).toBe('cell cell-solved cell-late');
    expect(await liCell.locator('a .visually-hidden').textContent()).toMatch(/^李四 · Nim: Accepted \d{4}-\d\d-\d\d \d\d:\d\d after 1 rejected try, late$/);
    // On time first.
    expect(await tess.locator('#set-standings tbody tr').first().getAttribute('data-student')).toBe('zhangsan');
    // Untouched cells are not links.
    expect(await row('zoe').locator('td.cell a').count()).toBe(0);
  });

  it('fits 29 problems in 1280 px, sticky names and header, one column of students on a 390 px phone, A4 landscape in print', async () => {
    const slugs = ((await api.json<{ problems: string[] }>('/api/class/standings')).body.problems);
    expect(slugs.length).toBeGreaterThanOrEqual(29);
    const made = await api.api('/api/sets', { method: 'POST', body: JSON.stringify({ name: 'Everything', problems: slugs }) });
    allSetId = ((await made.json()) as { id: number }).id;
    for (const path of ['/class', `/sets/${allSetId}`]) {
      await tess.goto(`${server.url}${path}`);
      const fit = await tess.evaluate(() => {
        const box = document.querySelector('.standings-box') as HTMLElement;
        const table = box.querySelector('table')!;
        return { page: document.documentElement.scrollWidth, table: table.getBoundingClientRect().width, box: box.clientWidth };
      });
      expect(fit.page, path).toBeLessThanOrEqual(1280);
      expect(fit.table, path).toBeLessThanOrEqual(fit.box);
      const sticky = await tess.evaluate(() => [getComputedStyle(document.querySelector('.standings thead th')!).position, getComputedStyle(document.querySelector('.standings tbody th.student')!).position]);
      expect(sticky).toEqual(['sticky', 'sticky']);
    }
    // Print: the set's standings within A4 landscape (297 mm less 2 × 8 mm margins ≈ 1062 CSS px).
    await tess.emulateMedia({ media: 'print' });
    const printed = await tess.evaluate(() => document.querySelector('.standings')!.getBoundingClientRect().width);
    expect(printed).toBeLessThanOrEqual(1062);
    await tess.emulateMedia({ media: 'screen' });

    // A student's own row on /me stays inside its panel.
    const liContext = await browser.newContext(DESKTOP);
    const li = await logIn(liContext, 'li', passwords.li!, '/me');
    expect(await li.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await li.setViewportSize({ width: 390, height: 844 });
    expect(await li.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await liContext.close();

    const phone = await browser.newContext(PHONE);
    await phone.addCookies((await teacherContext.cookies()).map((c) => ({ ...c })));
    const p = await phone.newPage();
    await p.goto(`${server.url}/class`);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await p.locator('#standings td.cell').first().isVisible()).toBe(false);
    await p.click('#standings tr[data-student="li"] .row-toggle');
    expect(await p.locator('#standings tr[data-student="li"] .row-detail').textContent()).toMatch(/Nim: Accepted/);
    // The teacher's header on a phone: one line (it was 260 px, "Log out" alone on a line), the links,
    // the name and "Log out" behind "Menu".
    expect(await p.evaluate(() => document.querySelector('header.top')!.getBoundingClientRect().height)).toBeLessThanOrEqual(56);
    expect(await p.locator('header.top .logout button').isVisible()).toBe(false);
    await p.click('header.top .nav-menu summary');
    expect(await p.locator('header.top nav a[href="/class"]').isVisible()).toBe(true);
    expect(await p.locator('header.top .logout button').isVisible()).toBe(true);
    expect(await p.locator('header.top .account-link').isVisible()).toBe(true);
    await p.screenshot({ path: join(ROOT, 'test/artifacts/phone-teacher-menu.png') });
    await phone.close();
  });

  it('has no serious or critical axe violation on /class, /sets/:id, /me and /account, both themes, desktop and phone', async () => {
    const found: string[] = [];
    for (const scheme of ['light', 'dark'] as const) {
      for (const [screen, options] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
        for (const [who, password, paths] of [
          ['tess', 'teacher-password', ['/class', `/sets/${setId}`, `/sets/${allSetId}`, '/account']],
          ['li', passwords.li!, ['/me', `/sets/${setId}`, '/account']],
        ] as const) {
          const context = await browser.newContext({ ...options, colorScheme: scheme, bypassCSP: true });
          const page = await logIn(context, who, password);
          for (const path of paths) {
            await page.goto(`${server.url}${path}`);
            await page.addScriptTag({ content: AXE });
            const violations = await page.evaluate(async () => {
              const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
              return (await axe.run(document, { resultTypes: ['violations'] })).violations;
            });
            for (const v of violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) found.push(`${who} ${path} ${scheme} ${screen}: ${v.id} at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
          }
          await context.close();
        }
      }
    }
    expect(found).toEqual([]);
  });
});
