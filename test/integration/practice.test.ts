import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submit, waitForVerdict } from '../helpers/judge-client';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim } from '../helpers/solutions';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ workers: 1, problems: ['nim', 'ed', 'bash-game', 'kiki'] });
});
afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

const page = async (path: string, init?: RequestInit) => {
  const res = await fetch(`${server.url}${path}`, init);
  return { status: res.status, html: await res.text() };
};

describe('practice that teaches', () => {
  it('GET /api/problems lists the problems in learning order with difficulty and tags', async () => {
    const list = (await (await fetch(`${server.url}/api/problems`)).json()) as { slug: string; difficulty: number; tags: string[] }[];
    expect(list.map((p) => p.slug)).toEqual(['bash-game', 'kiki', 'nim', 'ed']);
    const nim = list.find((p) => p.slug === 'nim')!;
    expect(nim.difficulty).toBeGreaterThanOrEqual(1);
    expect(nim.difficulty).toBeLessThanOrEqual(5);
    expect(nim.tags).toContain('Nim');
    const one = (await (await fetch(`${server.url}/api/problems/nim`)).json()) as { difficulty: number; tags: string[] };
    expect(one.difficulty).toBe(nim.difficulty);
    expect(one.tags).toEqual(nim.tags);
  });

  it('the problem list shows the order, difficulty, tags and how many are solved', async () => {
    const { html } = await page('/problems');
    const order = [...html.matchAll(/<tr class="[^"]*" data-slug="([a-z-]+)">/g)].map((m) => m[1]);
    expect(order).toEqual(['bash-game', 'kiki', 'nim', 'ed']);
    expect(html).toMatch(/Solved 0 of 4/);
    expect(html).toContain('<span class="tag">Nim</span>');
  });

  it('reveals hints one at a time, in the page and through the API', async () => {
    let { html } = await page('/problems/nim', { headers: { cookie: 'lang=en' } });
    expect(html).not.toContain('class="hint-item"');
    expect(html).toMatch(/href="\?hints=1#hints" data-next="1">Show hint 1 of 3</);
    ({ html } = await page('/problems/nim?hints=1', { headers: { cookie: 'lang=en' } }));
    expect([...html.matchAll(/class="hint-item"/g)]).toHaveLength(1);
    expect(html).toContain('Show hint 2 of 3');
    const hint = (await (await fetch(`${server.url}/api/problems/nim/hints/2?lang=zh`)).json()) as { n: number; total: number; html: string };
    expect(hint).toMatchObject({ n: 2, total: 3 });
    expect(hint.html).toContain('二进制');
    expect((await fetch(`${server.url}/api/problems/nim/hints/9`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/problems/nim/hints/x`)).status).toBe(400);
  });

  it('keeps the editorial hidden until the student confirms, or solves the problem', async () => {
    const marker = 'Bouton';
    let { html } = await page('/problems/bash-game', { headers: { cookie: 'lang=en' } });
    expect(html).not.toContain('class="editorial-text"');
    ({ html } = await page('/problems/nim', { headers: { cookie: 'lang=en' } }));
    expect(html).not.toContain(marker);
    ({ html } = await page('/problems/nim?editorial=ask', { headers: { cookie: 'lang=en' } }));
    expect(html).toContain('The editorial gives the whole solution away');
    expect(html).not.toContain(marker);
    ({ html } = await page('/problems/nim?editorial=show', { headers: { cookie: 'lang=en' } }));
    expect(html).toContain(marker);
    expect(html).toContain('Shown because you asked for it.');

    const accepted = await waitForVerdict(server.url, await submit(server.url, 'nim', acceptedNim()));
    expect(accepted.verdict).toBe('AC');
    ({ html } = await page('/problems/nim', { headers: { cookie: 'lang=en' } }));
    expect(html).toContain(marker);
    expect(html).toContain('Shown because you solved this problem.');
    expect((await page('/problems')).html).toMatch(/Solved 1 of 4/);
    // In Chinese the verdict words follow, on the page and in its live updates.
    const zh = { headers: { cookie: 'lang=zh' } };
    expect((await page(`/submissions/${accepted.id}`, zh)).html).toMatch(/<td id="status" class="verdict-accepted" aria-live="polite">答案正确<\/td>/);
    const events = await (await fetch(`${server.url}/submissions/${accepted.id}/events`, zh)).text();
    expect(events).toContain('"text":"答案正确"');
    expect((await page('/problems', zh)).html).toMatch(/已通过 1 \/ 4 题/);
  });

  it('links each problem to the next one in learning order', async () => {
    expect((await page('/problems/kiki', { headers: { cookie: 'lang=en' } })).html).toMatch(/<a href="\/problems\/nim" rel="next">Next problem: Nim →<\/a>/);
    expect((await page('/problems/ed')).html).not.toContain('rel="next"');
  });
});
