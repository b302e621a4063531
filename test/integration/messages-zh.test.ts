import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submit, waitForVerdict } from '../helpers/judge-client';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { ALWAYS_NO } from '../helpers/solutions';

/**
 * The judge's messages on a Chinese submission page come from their id (server/text/messages.ts),
 * not from parsing the English back: the token checker's WA, the sandbox's TLE and the
 * interactive judge's move, each from a real run in the real sandbox.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ workers: 1, problems: ['nim', 'subtraction-game'] });
});
afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

/** The failing test's message as the page shows it, in a language. */
async function messageOn(id: number, lang: 'en' | 'zh'): Promise<string> {
  const html = await (await fetch(`${server.url}/submissions/${id}`, { headers: { cookie: `lang=${lang}` } })).text();
  const m = /<pre class="message">([^<]*)<\/pre>/.exec(html);
  expect(m, html.slice(0, 400)).not.toBeNull();
  return m![1]!.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');
}

describe('the judge’s messages on a Chinese page, by id', () => {
  it('says the checker’s WA, the sandbox’s TLE and the interactor’s move in Chinese; English pages keep the stored sentence', async () => {
    const [wa, tle, game] = await Promise.all([
      submit(server.url, 'nim', ALWAYS_NO),
      submit(server.url, 'nim', 'for (;;) {}\n'),
      // Says a side, then never moves: the judge's player reports the missing move.
      submit(server.url, 'subtraction-game', "console.log('First');\n"),
    ]);
    expect((await waitForVerdict(server.url, wa)).verdict).toBe('WA');
    expect((await waitForVerdict(server.url, tle)).verdict).toBe('TLE');
    expect((await waitForVerdict(server.url, game)).verdict).toBe('WA');

    // One "No" for every game: wrong at some token, or the output ends before the answer does.
    expect(await messageOn(wa, 'zh')).toMatch(/^(第 \d+ 个单词不同：期望 "\w+"，读到 "No"|输出提前结束：第 \d+ 个单词应为 "\w+")$/);
    expect(await messageOn(wa, 'en')).toMatch(/^(token \d+ differs: expected "\w+", found "No"|unexpected end of output: token \d+ should be "\w+")$/);
    expect(await messageOn(tle, 'zh')).toMatch(/^超出时间限制：程序用了(超过 )?\d+ 毫秒 CPU 时间/);
    expect(await messageOn(tle, 'en')).toMatch(/^Time limit exceeded: the program ran for /);
    expect(await messageOn(game, 'zh')).toMatch(/^第 \d+ 步：[^A-Za-z]*$/);
    expect(await messageOn(game, 'en')).toMatch(/^move \d+: /);
  });

  it('says a page’s "not found" sentence in Chinese by id, the API keeping its English', async () => {
    const page = await fetch(`${server.url}/submissions/99999`, { headers: { cookie: 'lang=zh' } });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('没有提交 99999。');
    const api = await fetch(`${server.url}/api/submissions/99999`, { headers: { cookie: 'lang=zh' } });
    expect(await api.json()).toMatchObject({ error: 'There is no submission 99999.' });
  });
});
