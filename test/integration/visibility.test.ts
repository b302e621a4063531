import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsCli, Person } from '../helpers/accounts';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { ALWAYS_NO } from '../helpers/solutions';

/**
 * Issue 40's one visibility policy, as a table: every route that names stored work by id × every
 * role (teacher, the owner, another student, logged out), against a real server in accounts mode.
 * For another student and for a logged-out visitor an existing id must answer exactly as a missing
 * one (status and body, the id written the same); for the owner and the teacher it must not.
 */
let server: RunningServer;
let teacher: Person;
let ann: Person;
let bob: Person;
const CLASS_CODE = 'visibility-42';
/** An id no row has (each kind's table is nearly empty). */
const MISSING = 987654;
const MISSING_TEST = 't0123456789ab';

type Kind = 'submission' | 'stressRun' | 'invocation' | 'sampleRun' | 'labJob' | 'savedTest' | 'mistakeMap' | 'rejudge';
const ids = {} as Record<Kind, string>;

interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  /** `{id}` is replaced by the id under test. */
  path: string;
  kind: Kind;
  /** 'api': bearer token; 'page': the session cookie, with the CSRF token for a POST. */
  via: 'api' | 'page';
  /** Changes what it names: the owner's and teacher's answers are not tried (they would act). */
  destructive?: boolean;
  /** A teacher's tool: every student (its "owner" role too) gets the same 403 sentence, whatever the id. */
  teacherOnly?: boolean;
}

const ROUTES: Route[] = [
  { method: 'GET', path: '/api/submissions/{id}', kind: 'submission', via: 'api' },
  { method: 'GET', path: '/submissions/{id}', kind: 'submission', via: 'page' },
  { method: 'GET', path: '/submissions/{id}/source.ts', kind: 'submission', via: 'page' },
  { method: 'GET', path: '/submissions/{id}/input.txt', kind: 'submission', via: 'page' },
  { method: 'GET', path: '/api/stress/{id}', kind: 'stressRun', via: 'api' },
  { method: 'GET', path: '/stress/{id}', kind: 'stressRun', via: 'page' },
  { method: 'POST', path: '/api/stress/{id}/cancel', kind: 'stressRun', via: 'api', destructive: true },
  { method: 'POST', path: '/stress/{id}/cancel', kind: 'stressRun', via: 'page', destructive: true },
  { method: 'POST', path: '/stress/{id}/save', kind: 'stressRun', via: 'page', destructive: true },
  { method: 'GET', path: '/api/invocations/{id}', kind: 'invocation', via: 'api' },
  { method: 'GET', path: '/invocations/{id}', kind: 'invocation', via: 'page' },
  { method: 'GET', path: '/api/sample-runs/{id}', kind: 'sampleRun', via: 'api' },
  { method: 'GET', path: '/api/lab/{id}', kind: 'labJob', via: 'api' },
  { method: 'GET', path: '/api/lab/{id}/table.csv', kind: 'labJob', via: 'api' },
  { method: 'GET', path: '/lab/jobs/{id}', kind: 'labJob', via: 'page' },
  { method: 'POST', path: '/api/lab/{id}/cancel', kind: 'labJob', via: 'api', destructive: true },
  { method: 'GET', path: '/api/mistake-maps/{id}', kind: 'mistakeMap', via: 'api' },
  { method: 'GET', path: '/mistake-maps/{id}', kind: 'mistakeMap', via: 'page' },
  { method: 'GET', path: '/api/rejudge/{id}', kind: 'rejudge', via: 'api', teacherOnly: true },
  { method: 'GET', path: '/rejudge/{id}', kind: 'rejudge', via: 'page', teacherOnly: true },
  { method: 'DELETE', path: '/api/problems/nim/tests/{id}', kind: 'savedTest', via: 'api', destructive: true },
  { method: 'POST', path: '/api/problems/nim/tests/{id}/share', kind: 'savedTest', via: 'api', destructive: true },
  { method: 'POST', path: '/problems/nim/tests/{id}/delete', kind: 'savedTest', via: 'page', destructive: true },
  { method: 'POST', path: '/problems/nim/tests/{id}/share', kind: 'savedTest', via: 'page', destructive: true },
];

type Role = 'teacher' | 'owner' | 'other' | 'anonymous';

async function ask(role: Role, route: Route, id: string): Promise<{ status: number; body: string }> {
  const path = route.path.replace('{id}', id);
  const person = role === 'teacher' ? teacher : role === 'owner' ? ann : role === 'other' ? bob : null;
  let res: Response;
  if (!person) {
    res = await fetch(`${server.url}${path}`, { method: route.method, redirect: 'manual', ...(route.via === 'api' && route.method !== 'GET' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}) });
  } else if (route.via === 'api') {
    res = await person.api(path, { method: route.method, ...(route.method === 'POST' ? { body: '{}' } : {}) });
  } else if (route.method === 'GET') {
    res = await person.browser(path);
  } else {
    const csrf = await person.csrf();
    res = await person.browser(path, { method: route.method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `_csrf=${encodeURIComponent(csrf)}` });
  }
  // The id written the same whatever its value: only where it stands as a word (not inside a token),
  // or as a JSON string of its own (the error's message arguments).
  const word = new RegExp(`(?<=[\\s/#])${id}(?![\\w-])|(?<=")${id}(?=")`, 'g');
  return { status: res.status, body: (await res.text()).replaceAll('%2F', '/').replace(word, '<id>') };
}

async function created(res: Response): Promise<string> {
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return String(((await res.json()) as { id: number | string }).id);
}

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sg-judge-visibility-'));
  const made = await accountsCli(dataDir, ['add-teacher', 'tess'], 'teacher-password\n');
  expect(made.status, made.stderr).toBe(0);
  server = await startServer({ dataDir, workers: 1, problems: ['nim', 'bash-game'], env: { ACCOUNTS: 'on', CLASS_CODE } });
  teacher = new Person(server.url, 'tess', 'teacher-password');
  ann = new Person(server.url, 'ann', 'ann-password');
  bob = new Person(server.url, 'bob', 'bob-password');
  for (const p of [ann, bob]) {
    const r = await fetch(`${server.url}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: p.name, password: p.password, classCode: CLASS_CODE }) });
    expect(r.status).toBe(201);
  }
  for (const p of [teacher, ann, bob]) expect((await p.login()).status).toBe(200);
  const post = (path: string, body: unknown) => ann.api(path, { method: 'POST', body: JSON.stringify(body) });
  ids.submission = await created(await post('/api/submissions', { problem: 'nim', source: ALWAYS_NO }));
  ids.stressRun = await created(await post('/api/stress', { problem: 'nim', source: ALWAYS_NO, cases: 3 }));
  ids.invocation = await created(await post('/api/invocations', { problem: 'nim', source: ALWAYS_NO, input: '1\n1\n1\n' }));
  ids.sampleRun = await created(await post('/api/sample-runs', { problem: 'nim', source: ALWAYS_NO }));
  ids.labJob = await created(await post('/api/lab', { source: 'export function options(n: number): number[][] { return n >= 1 ? [[n - 1]] : []; }', to: 10 }));
  ids.savedTest = await created(await post('/api/problems/nim/tests', { input: '1\n1\n2\n' }));
  ids.mistakeMap = await created(await post('/api/mistake-maps', { problem: 'bash-game', source: ALWAYS_NO }));
  ids.rejudge = await created(await teacher.api('/api/rejudge', { method: 'POST', body: JSON.stringify({ problem: 'bash-game' }) }));
}, 240_000);

afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

describe('one visibility policy for every :id route', { timeout: 300_000 }, () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.path}: another student's or a stranger's id answers as a missing one`, async () => {
      const missing = route.kind === 'savedTest' ? MISSING_TEST : String(MISSING);
      for (const role of ['other', 'anonymous'] as const) {
        const absent = await ask(role, route, missing);
        const someoneElses = await ask(role, route, ids[route.kind]);
        expect(someoneElses, `${role} on ${route.path}`).toEqual(absent);
      }
      if (route.destructive) return;
      if (route.teacherOnly) {
        const refused = await ask('owner', route, missing);
        expect(refused.status).toBe(403);
        expect(await ask('owner', route, ids[route.kind])).toEqual(refused);
        const own = await ask('teacher', route, ids[route.kind]);
        expect(own.status, `teacher on ${route.path}: ${own.body.slice(0, 200)}`).toBe(200);
        expect((await ask('teacher', route, missing)).status).toBe(404);
        return;
      }
      const absent = await ask('owner', route, missing);
      for (const role of ['owner', 'teacher'] as const) {
        const own = await ask(role, route, ids[route.kind]);
        // Their answer is about the work itself (a page, a state, "has no input to download"), never the missing id's.
        expect(own.body, `${role} on ${route.path}`).not.toBe(absent.body);
        if (route.path !== '/submissions/{id}/input.txt') expect(own.status, `${role} on ${route.path}: ${own.body.slice(0, 200)}`).not.toBe(404);
      }
    });
  }

  it('lets the owner and the teacher act on what the destructive routes name', async () => {
    // Cancelling: the owner's answer is about the run itself (200 while it runs, 409 once done), never 404.
    expect((await ask('owner', ROUTES.find((r) => r.path === '/api/stress/{id}/cancel')!, ids.stressRun)).status).not.toBe(404);
    // The saved test: the teacher shares it, its owner (who may still see it) cannot delete a shared test, the teacher can.
    expect((await teacher.api(`/api/problems/nim/tests/${ids.savedTest}/share`, { method: 'POST', body: '{}' })).status).toBe(200);
    expect((await ann.api(`/api/problems/nim/tests/${ids.savedTest}`, { method: 'DELETE' })).status).toBe(404);
    expect((await teacher.api(`/api/problems/nim/tests/${ids.savedTest}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('names only the asker\'s own saved tests when a test is deleted by its position', async () => {
    const secret = await created(await bob.api('/api/problems/nim/tests', { method: 'POST', body: JSON.stringify({ input: '1\n1\n3\n' }) }));
    const mine = await created(await ann.api('/api/problems/nim/tests', { method: 'POST', body: JSON.stringify({ input: '1\n1\n4\n' }) }));
    const all = (await (await teacher.api('/api/problems/nim/tests')).json()) as { id: string; index: number }[];
    const bobsPosition = all.find((t) => t.id === secret)!.index;
    const res = await ann.api(`/api/problems/nim/tests/${bobsPosition}`, { method: 'DELETE' });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toContain(secret);
    // At a position of her own list she is told her own id.
    const hers = (await (await ann.api('/api/problems/nim/tests')).json()) as { id: string; index: number }[];
    const own = await ann.api(`/api/problems/nim/tests/${hers.find((t) => t.id === mine)!.index}`, { method: 'DELETE' });
    expect(((await own.json()) as { error: string }).error).toContain(mine);
  });

  it('keeps problem drafts to teachers: a student gets 403 on every draft route and never sees a draft', async () => {
    const draft = {
      slug: 'tess-draft',
      title: { en: 'Echo' },
      statement: { en: 'Print the number.' },
      limits: { timeMs: 1000, memoryMb: 256 },
      samples: [{ input: '1\n', output: '1\n' }],
      reference: "console.log(require('fs').readFileSync(0, 'utf8').trim());",
    };
    const made = await created(await teacher.api('/api/problem-drafts', { method: 'POST', body: JSON.stringify(draft) }));
    expect((await teacher.api(`/api/problem-drafts/${made}`)).status).toBe(200);
    for (const [method, path] of [['POST', '/api/problem-drafts'], ['GET', `/api/problem-drafts/${made}`], ['POST', `/api/problem-drafts/${made}/publish`]] as const) {
      const res = await ann.api(path, { method, ...(method === 'POST' ? { body: JSON.stringify(path.endsWith('drafts') ? { ...draft, slug: 'ann-draft' } : {}) } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(((await res.json()) as { error: string }).error).toBe('Only a teacher can write problems.');
    }
    const listed = (await (await ann.api('/api/problems')).json()) as { slug: string }[];
    expect(listed.map((p) => p.slug)).not.toContain('tess-draft');
    expect((await ann.browser('/problems/tess-draft')).status).toBe(404);
  });

  it('applies the JSON-only rule to /api in any letter case', async () => {
    for (const path of ['/api/submissions', '/API/submissions', '/Api/Submissions']) {
      const res = await ann.api(path, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ problem: 'nim', source: ALWAYS_NO }) });
      expect(res.status, path).toBe(415);
      expect(((await res.json()) as { error: string }).error).toMatch(/Content-Type: application\/json/);
    }
  });
});
