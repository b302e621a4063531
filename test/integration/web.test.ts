import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submit, waitForVerdict } from '../helpers/judge-client';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim, ALWAYS_NO } from '../helpers/solutions';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ workers: 1 });
});
afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

async function page(path: string, init?: RequestInit): Promise<{ status: number; html: string; headers: Headers }> {
  const res = await fetch(`${server.url}${path}`, init);
  return { status: res.status, html: await res.text(), headers: res.headers };
}

/** Posts a form the way a browser does, without following the redirect. */
async function postForm(path: string, body: URLSearchParams | FormData): Promise<Response> {
  return fetch(`${server.url}${path}`, { method: 'POST', body, redirect: 'manual' });
}

function submissionIdFrom(res: Response): number {
  expect(res.status).toBe(303);
  const m = /^\/submissions\/(\d+)$/.exec(res.headers.get('location') ?? '');
  expect(m).not.toBeNull();
  return Number(m![1]);
}

describe('pages', () => {
  it('lists problems with source and limits', async () => {
    const { status, html } = await page('/problems');
    expect(status).toBe(200);
    expect(html).toContain('href="/problems/nim"');
    expect(html).toContain('Luogu P2197');
    expect(html).toContain('1 second, 256 megabytes');
  });

  it('renders the statement with server-side KaTeX, samples, limits and an editor over a textarea', async () => {
    const { status, html } = await page('/problems/nim');
    expect(status).toBe(200);
    expect(html).toContain('class="katex"');
    expect(html).toContain('<annotation encoding="application/x-tex">1 \\le T \\le 10</annotation>');
    expect(html).not.toContain('$1 \\le T');
    expect(html).toContain('<pre id="sample-en-1-in">2\n2\n1 1\n2\n1 0\n</pre>');
    expect(html).toContain('time limit per test: 1 second');
    expect(html).toMatch(/<textarea id="source" name="source"/);
    expect(html).toContain('<script src="/vendor/ace/ace.js" defer>');
    expect(html).toContain('id="stress-test"');
    expect(html).toContain('id="custom-invocation"');
    expect(html).toContain('id="user-tests"');
    const ace = await fetch(`${server.url}/vendor/ace/mode-typescript.js`);
    expect(ace.status).toBe(200);
    const font = await fetch(`${server.url}/vendor/katex/fonts/KaTeX_Main-Regular.woff2`);
    expect(font.status).toBe(200);
  });

  it('switches the statement language and remembers it in a cookie', async () => {
    // The link sets the cookie and sends the browser to the clean address: a reload keeps the choice.
    const chosen = await page('/problems/nim?lang=zh', { redirect: 'manual' });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get('set-cookie')).toMatch(/^lang=zh;/);
    expect(chosen.headers.get('location')).toBe('/problems/nim');
    const kept = await page('/submissions?problem=nim&lang=en', { redirect: 'manual' });
    expect(kept.headers.get('location')).toBe('/submissions?problem=nim');
    const zh = await page('/problems/nim', { headers: { cookie: 'lang=zh' } });
    expect(zh.html).toMatch(/<section class="statement" lang="zh-CN" data-lang="zh">/);
    expect(zh.html).toMatch(/<section class="statement" lang="en" data-lang="en" hidden>/);
    const again = await page('/problems/nim', { headers: { cookie: 'lang=zh' } });
    expect(again.html).toMatch(/<section class="statement" lang="zh-CN" data-lang="zh">/);
    expect(again.html).toContain('<title>Nim 游戏 · SG Judge</title>');
    const en = await page('/problems/nim', { headers: { cookie: 'lang=en' } });
    expect(en.html).toMatch(/<section class="statement" lang="en" data-lang="en">/);
  });

  it('shows a proper 404 page for unknown routes, problems and submissions', async () => {
    for (const path of ['/no/such/page', '/problems/no-such-problem', '/problems/..%2F..%2Fetc', '/submissions/424242', '/submissions/abc']) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html, path).toContain('<h1>404 · Not found</h1>');
    }
  });
});

describe('the submit form', () => {
  it('judges a urlencoded post and redirects to the submission page', async () => {
    const res = await postForm('/problems/nim/submit', new URLSearchParams({ source: acceptedNim() }));
    const id = submissionIdFrom(res);
    const s = await waitForVerdict(server.url, id);
    expect(s.verdict).toBe('AC');
    const { html } = await page(`/submissions/${id}`);
    expect(html).toMatch(/<td id="status" class="verdict-accepted"[^>]*>Accepted<\/td>/);
    expect(html).toContain('<span class="hljs-keyword">function</span>');
    // The runtime the verdict depends on (docs/install.md): the server's judge threads run on its Node.
    expect(html).toContain(`judged on Node.js ${process.versions.node}`);
  });

  it('highlights a stored source in its own language: `type` is a keyword in TypeScript, a name in JavaScript', async () => {
    const source = 'const type = 1;\nconsole.log(type);\n';
    for (const [language, keyword] of [['typescript', true], ['javascript', false]] as const) {
      const res = await postForm('/problems/nim/submit', new URLSearchParams({ source, language }));
      const { html } = await page(`/submissions/${submissionIdFrom(res)}`);
      expect(html, language).toContain(`<code class="language-${language}">`);
      expect(html.includes('<span class="hljs-keyword">type</span>'), language).toBe(keyword);
      // Stored: a second view shows the same HTML.
      expect((await page(`/submissions/${submissionIdFrom(res)}`)).html.includes('<span class="hljs-keyword">type</span>'), language).toBe(keyword);
    }
  });

  it('judges an uploaded file (multipart) in preference to the text field', async () => {
    const form = new FormData();
    form.set('source', '');
    form.set('file', new Blob([ALWAYS_NO]), 'always-no.ts');
    const id = submissionIdFrom(await postForm('/problems/nim/submit', form));
    const s = await waitForVerdict(server.url, id);
    expect(s.verdict).toBe('WA');
    expect(s.failedTest).toBe(1);
    const { html } = await page(`/submissions/${id}`);
    expect(html).toContain('Wrong answer on test 1');
    expect(html).toContain('Expected output');
    expect(html).toContain('href="/submissions/' + id + '/output.txt"');
    const out = await fetch(`${server.url}/submissions/${id}/output.txt`);
    expect(out.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect((await out.text()).trim()).toBe('No');
  });

  it('refuses bad form posts with an HTML error page and the right status', async () => {
    let form = new FormData();
    form.set('file', new Blob([Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 0xff, 0x00, 0x01])]), 'a.out');
    let res = await postForm('/problems/nim/submit', form);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('not UTF-8 text');

    res = await postForm('/problems/nim/submit', new URLSearchParams({ source: 'x'.repeat(70_000) }));
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toContain('the limit is 65536 bytes');

    res = await postForm('/problems/nim/submit', new URLSearchParams({ source: 'a\u0000b' }));
    expect(res.status).toBe(400);
    res = await postForm('/problems/nope/submit', new URLSearchParams({ source: ALWAYS_NO }));
    expect(res.status).toBe(404);
    form = new FormData();
    res = await postForm('/problems/nim/submit', form);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('no source');
  });

  it('keeps the student on the problem page, with the reason and the code, when the source is refused', async () => {
    let res = await postForm('/problems/nim/submit', new URLSearchParams({ source: '   \n' }));
    expect(res.status).toBe(400);
    let html = await res.text();
    expect(html).toContain('class="form-error verdict-failed" role="alert">The source is empty.</p>');
    expect(html).toContain('<article class="problem" data-slug="nim">');
    const big = `// <tag> & co\n${'x'.repeat(70_000)}`;
    res = await postForm('/problems/nim/submit', new URLSearchParams({ source: big }));
    expect(res.status).toBe(413);
    html = await res.text();
    expect(html).toContain('the limit is 65536 bytes');
    expect(html).toContain(`<textarea id="source" name="source" rows="18" spellcheck="false" autocomplete="off" autocapitalize="off" wrap="off">\n// &lt;tag&gt; &amp; co\n${'x'.repeat(100)}`);
  });
});

describe('escaping', () => {
  it('escapes HTML in sources, program output and compiler messages', async () => {
    const hostile = [
      '// </script><script>alert("source")</script>',
      "const tag: number = '<img src=x onerror=alert(1)>';",
      'console.log("<b>bold</b><script>alert(2)</script>");',
    ].join('\n');
    const ce = await waitForVerdict(server.url, await submit(server.url, 'nim', hostile));
    expect(ce.verdict).toBe('CE');
    let html = (await page(`/submissions/${ce.id}`)).html;
    expect(html).not.toMatch(/<script>alert|<img src=x/);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');

    const printing = 'console.log("<b>bold</b><script>alert(2)</script>");\n';
    const wa = await waitForVerdict(server.url, await submit(server.url, 'nim', printing));
    expect(wa.verdict).toBe('WA');
    html = (await page(`/submissions/${wa.id}`)).html;
    expect(html).not.toContain('<b>bold</b>');
    expect(html).not.toContain('<script>alert(2)');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;&lt;script&gt;alert(2)&lt;/script&gt;');
    expect((await page('/submissions')).html).not.toContain('<script>alert');
  });
});

describe('live updates', () => {
  it('streams status, one event per test, then the verdict', async () => {
    const id = await submit(server.url, 'nim', acceptedNim());
    const res = await fetch(`${server.url}/submissions/${id}/events`);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const text = await res.text(); // the server ends the stream after "done"
    const events = [...text.matchAll(/event: (\w+)\ndata: (.*)\n\n/g)].map((m) => ({ type: m[1]!, data: JSON.parse(m[2]!) }));
    const texts = events.filter((e) => e.type === 'status').map((e) => e.data.text as string);
    expect(texts.some((t) => /^Running on test \d+$/.test(t))).toBe(true);
    const tests = events.filter((e) => e.type === 'test').map((e) => e.data.index as number);
    const final = await waitForVerdict(server.url, id);
    expect(new Set(tests).size).toBe(final.tests.length);
    expect(events.at(-1)).toMatchObject({ type: 'done', data: { text: 'Accepted', className: 'verdict-accepted' } });
  });
});
