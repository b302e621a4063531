import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';

/** User-added tests: capped per problem, answered by the reference, removed by a stable id. */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ workers: 1 });
});
afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

interface Listed {
  id: string;
  index: number;
  label: string;
  input: string;
  expected: string;
}

async function add(input: string, label?: string): Promise<{ status: number; body: { id?: string; index?: number; error?: string } }> {
  const res = await fetch(`${server.url}/api/problems/nim/tests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ input, label }),
  });
  return { status: res.status, body: (await res.json()) as { id?: string; index?: number; error?: string } };
}

async function list(): Promise<Listed[]> {
  return (await (await fetch(`${server.url}/api/problems/nim/tests`)).json()) as Listed[];
}

async function remove(ref: string): Promise<{ status: number; error?: string }> {
  const res = await fetch(`${server.url}/api/problems/nim/tests/${ref}`, { method: 'DELETE' });
  const text = await res.text();
  return { status: res.status, error: text ? ((JSON.parse(text) as { error?: string }).error ?? undefined) : undefined };
}

async function removeAll(): Promise<void> {
  for (const t of await list()) expect((await remove(t.id)).status).toBe(204);
}

/** A nim input of 10 cases of 10,000 piles: about 500 KB, under the 512 KiB limit for one input. */
const BIG = `10\n${`10000\n${Array<string>(10_000).fill('9999').join(' ')}\n`.repeat(10)}`;

describe('user-added tests', () => {
  it('answers each with the reference and lists it with a stable id', async () => {
    const added = await add('1\n2\n5 3\n', 'mine');
    expect(added.status).toBe(201);
    expect(added.body.id).toMatch(/^t[0-9a-f]{12}$/);
    const [t] = await list();
    expect(t).toMatchObject({ id: added.body.id, index: added.body.index, label: 'mine', input: '1\n2\n5 3\n', expected: 'Yes\n' });
    await removeAll();
  });

  it('keeps at most 20 per problem and says so with 409', async () => {
    for (let i = 0; i < 20; i++) expect((await add(`1\n1\n${i + 1}\n`)).status).toBe(201);
    const over = await add('1\n1\n9\n');
    expect(over.status).toBe(409);
    expect(over.body.error).toMatch(/already has 20 user-added tests.*20.*remove one first/);
    expect((await list()).length).toBe(20);
    await removeAll();
  });

  it('keeps at most 2 MiB of them per problem and says so with 413', async () => {
    expect(BIG.length).toBeGreaterThan(490_000);
    for (let i = 0; i < 4; i++) expect((await add(BIG)).status).toBe(201);
    const over = await add(BIG);
    expect(over.status).toBe(413);
    expect(over.body.error).toMatch(/2097152 bytes \(2 MiB\) per problem/);
    // A small one still fits beside them.
    expect((await add('1\n1\n1\n')).status).toBe(201);
    await removeAll();
  });

  it('removes by id: two concurrent removals take exactly their own tests, a second removal finds nothing', async () => {
    const ids: string[] = [];
    for (const pile of [1, 2, 3, 4]) ids.push((await add(`1\n1\n${pile}\n`, `pile ${pile}`)).body.id!);
    const statuses = await Promise.all([remove(ids[1]!), remove(ids[2]!)]);
    expect(statuses.map((s) => s.status)).toEqual([204, 204]);
    const left = await list();
    expect(left.map((t) => t.label)).toEqual(['pile 1', 'pile 4']);
    expect(left.map((t) => t.id)).toEqual([ids[0], ids[3]]);
    // Positions close up, ids stay.
    expect(left[1]!.index).toBe(left[0]!.index + 1);
    expect((await remove(ids[1]!)).status).toBe(404);
    expect((await list()).length).toBe(2);
    await removeAll();
  });

  it('answers the old remove-by-position route with a sentence instead of removing anything', async () => {
    const { body } = await add('1\n1\n7\n');
    const old = await remove(String(body.index));
    expect(old.status).toBe(400);
    expect(old.error).toContain('not by position');
    expect(old.error).toContain(body.id);
    expect((await list()).length).toBe(1);
    expect((await remove('t-not-an-id')).status).toBe(400);
    await removeAll();
  });

  it('removes by id from the page form too (no JavaScript)', async () => {
    const { body } = await add('1\n1\n8\n');
    const page = await (await fetch(`${server.url}/problems/nim`)).text();
    expect(page).toContain(`action="/problems/nim/tests/${body.id}/delete"`);
    const res = await fetch(`${server.url}/problems/nim/tests/${body.id}/delete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(await list()).toEqual([]);
  });

  it('rejects an input the validator refuses with 400 naming the line', async () => {
    const bad = await add('1\n2\n1  1\n');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/not valid for nim: line 3/);
  });
});

describe('stress runs', () => {
  it('refuses more cases than one run may ask for with 400 and the range', async () => {
    const res = await fetch(`${server.url}/api/stress`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ problem: 'nim', source: "console.log('No');", cases: 10_001 }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('The field "cases" must be an integer from 1 to 10000.');
  });
});
