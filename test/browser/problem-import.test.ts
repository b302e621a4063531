import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPackage, packageZip } from '../../server/package-format/export';
import { zipFiles } from '../../server/package-format/zip';
import { accountsCli, Person } from '../helpers/accounts';
import { smallPackage } from '../problem-store/small-package';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';

/**
 * "Bringing a problem in" on /class in a real browser, in accounts mode: the teacher's upload goes
 * through the page's CSRF token, is queued and followed to the end with the solution table, a hostile
 * zip shows every reason, the panel (its progress and result) speaks Chinese, and a student's upload is refused before its body is read.
 */
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const files = mkdtempSync(join(tmpdir(), 'sg-import-browser-files-'));

let server: RunningServer;
let browser: Browser;
let tess: Page;

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sg-import-browser-'));
  expect((await accountsCli(dataDir, ['add-teacher', 'tess'], 'teacher-password\n')).status).toBe(0);
  expect((await accountsCli(dataDir, ['add-student', 'sam'], 'student-password\n')).status).toBe(0);
  server = await startServer({ dataDir, workers: 1, env: { ACCOUNTS: 'on' } });
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
  removeDataDir(files);
});

describe('bringing a problem in on /class', { timeout: 180_000 }, () => {
  it("imports the teacher's zip and shows the solution table", async () => {
    const exported = await exportPackage('kiki');
    const zip = join(files, 'kiki.zip');
    // Without the too-slow solutions, each of which costs a whole time limit.
    writeFileSync(zip, packageZip({ ...exported, files: exported.files.filter((f) => !f.path.startsWith('submissions/time_limit_exceeded/')) }));
    await tess.setInputFiles('#import-problem input[name=package]', zip);
    await tess.fill('#import-problem input[name=as]', 'class-kiki');
    await tess.click('#import-problem .import-run');
    await tess.locator('.import-done a').waitFor({ timeout: 120_000 });
    expect(await tess.locator('.import-done').textContent()).toBe('Imported: class-kiki');
    expect(await tess.locator('.import-table tr').count()).toBe(exported.files.filter((f) => /^submissions\/(accepted|wrong_answer)\/[^/]+\.ts$/.test(f.path)).length);
    await tess.click('.import-done a');
    await tess.waitForURL(`${server.url}/problems/class-kiki`);
    // The export carries kiki's generator (sg-judge/generator.ts): the moved problem keeps its stress tests.
    expect(await tess.locator('#stored-problem').count()).toBe(0);
    await tess.locator('#stress-test').waitFor();
  });

  it('shows every reason for a refused zip, in Chinese too', async () => {
    await tess.goto(`${server.url}/class?lang=zh`);
    expect(await tess.locator('#import-problem h2').textContent()).toBe('导入题目');
    const bad = join(files, 'bad.zip');
    writeFileSync(bad, zipFiles([{ path: 'bad/problem.yaml', data: Buffer.from('name: x\n') }]));
    await tess.setInputFiles('#import-problem input[name=package]', bad);
    await tess.click('#import-problem .import-run');
    await tess.locator('.import-refused').waitFor();
    expect(await tess.locator('.import-refused').textContent()).toMatch(/^已拒绝: The package was refused: /);
    const reasons = await tess.locator('.import-reasons li').allTextContents();
    // No version is legacy, by the format's rule, and a missing folder is tolerated: what refuses it is that it holds no test.
    expect(reasons).toEqual(['The package holds no test case: there is no .in file under data/sample/ or data/secret/, so there is nothing to judge a submission on.']);

    // A slow package (two solutions that loop for their 1 s limit): the progress, then the result, in Chinese.
    const slow = join(files, 'slow.zip');
    const pkg = smallPackage((f) => {
      f.set('submissions/time_limit_exceeded/loop-1.ts', 'for (;;) {}\n');
      f.set('submissions/time_limit_exceeded/loop-2.ts', 'for (;;) {}\n');
    });
    writeFileSync(slow, zipFiles(pkg.map((f) => ({ path: `sum/${f.path}`, data: f.data }))));
    await tess.setInputFiles('#import-problem input[name=package]', slow);
    await tess.fill('#import-problem input[name=as]', 'slow-sum');
    await tess.click('#import-problem .import-run');
    await tess.locator('.import-status', { hasText: '正在检查题目包并运行其中的解答' }).waitFor({ timeout: 60_000 });
    await tess.locator('.import-done a').waitFor({ timeout: 60_000 });
    expect(await tess.locator('.import-done').textContent()).toBe('已导入: slow-sum');
    expect(await tess.locator('.import-table tr').count()).toBe(4);
  });

  it("refuses a student's upload with 403 before reading it", async () => {
    const sam = new Person(server.url, 'sam', 'student-password');
    await sam.login();
    const res = await sam.api('/api/problems/import', { method: 'POST', headers: { 'content-type': 'application/zip' }, body: new Uint8Array(Buffer.from('PK')) });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Only a teacher can import a problem.' });
  });
});
