import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderStatement } from '../../server/render/markdown';

/**
 * Links and images of a statement from outside, as Chromium reads them: every address it would
 * follow is http(s), mailto or the judge's own. The filter once checked the attribute as written
 * and let `JaVaScRiPt&colon;alert(4)` through (the browser decodes the entity to a colon).
 */
const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const HOSTILE = [
  '[b](JaVaScRiPt&colon;alert(4))',
  '[b](javascript&#58;alert(1))',
  '[b](javascript&#x3A;alert(1))',
  '[b](&#106;avascript:alert(1))',
  '[b](&#x6A;&#x61;vascript&colon;alert(1))',
  '[b](java&Tab;script:alert(1))',
  '[b](java&NewLine;script&colon;alert(1))',
  '[b](&Tab;javascript:alert(1))',
  '[b](javascript&amp;colon;alert(1))',
  '[b](VBScript&colon;msgbox(1))',
  '[b](vbscript:msgbox(1))',
  '[b](data&colon;text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[b](DATA:text/html,<script>alert(1)</script>)',
  '![i](data:image/svg+xml;base64,PHN2Zy8+)',
  '![i](jAvAsCrIpT&colon;alert(5))',
  '[r]: JaVaScRiPt&colon;alert(6)\n\n[ref][r]',
  '<JaVaScRiPt:alert(7)>',
  '<a href="javascript:alert(8)">raw</a> <a href="JaVaScRiPt&colon;alert(9)">raw</a>',
  '<img src=x onerror="alert(10)"> <svg><a xlink:href="javascript:alert(11)">s</a></svg>',
];
const KEPT = '[web](https://example.com/a?b=1&c=2) [mail](mailto:teacher@example.com) [here](#samples) [up](../notes.md)';

let browser: Browser;
beforeAll(async () => {
  expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install chromium`).toBe(true);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});
afterAll(async () => browser?.close());

/** Every address in the rendered statement as the browser resolves it, on a page served from http://judge.test/. */
async function addresses(markdown: string): Promise<{ links: string[]; images: string[]; handlers: number }> {
  const page = await browser.newPage();
  try {
    await page.setContent(`<base href="http://judge.test/problems/x"><main>${renderStatement(markdown, { untrusted: true }).before}</main>`);
    return await page.evaluate(() => ({
      links: Array.from(document.querySelectorAll('main a, main [href], main [*|href]')).map((a) => (a as HTMLAnchorElement).href || a.getAttribute('href') || a.getAttributeNS('http://www.w3.org/1999/xlink', 'href') || ''),
      images: Array.from(document.querySelectorAll('main img')).map((i) => (i as HTMLImageElement).src),
      handlers: Array.from(document.querySelectorAll('main *')).filter((e) => Array.from(e.attributes).some((a) => a.name.startsWith('on'))).length,
    }));
  } finally {
    await page.close();
  }
}

describe('links of a statement from outside, as the browser reads them', () => {
  it('no javascript:, vbscript: or data: address survives, whatever the entities and case', async () => {
    const seen = await addresses(HOSTILE.join('\n\n'));
    const followed = [...seen.links, ...seen.images].map((u) => new URL(u, 'http://judge.test/').protocol);
    expect(followed.length).toBeGreaterThanOrEqual(15);
    expect(followed.filter((p) => p !== 'http:')).toEqual([]);
    expect(seen.handlers).toBe(0);
  });

  it('http(s), mailto and relative addresses are kept as written', async () => {
    const seen = await addresses(KEPT);
    expect(seen.links).toEqual(['https://example.com/a?b=1&c=2', 'mailto:teacher@example.com', 'http://judge.test/problems/x#samples', 'http://judge.test/notes.md']);
  });
});
