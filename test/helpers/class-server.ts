import { expect } from 'vitest';
import { accountsCli, Person } from './accounts';
import { startServer, type RunningServer, type ServerOptions } from './server';

/**
 * A judge in accounts mode with a class made by the accounts CLI (each password is the name and
 * "-password"), everyone logged in. Accounts are numbered in the order given, from 1.
 */
export async function classServer(dataDir: string, people: readonly (readonly ['add-teacher' | 'add-student', string])[], options: ServerOptions = {}): Promise<{ server: RunningServer; people: Person[] }> {
  for (const [role, name] of people) {
    const made = await accountsCli(dataDir, [role, name], `${name}-password\n`);
    expect(made.status, made.stderr).toBe(0);
  }
  const server = await startServer({ workers: 1, ...options, dataDir, env: { ACCOUNTS: 'on', ...options.env } });
  const logged = people.map(([, name]) => new Person(server.url, name, `${name}-password`));
  for (const p of logged) expect((await p.login()).status).toBe(200);
  return { server, people: logged };
}

/** A JSON request with the person's API token (POST unless told). */
export const post = (p: Person, path: string, body?: unknown, method = 'POST') => p.api(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/** A page's form as a browser posts it: the session cookie and the page's CSRF token. */
export const form = async (p: Person, path: string, fields: Record<string, string>) =>
  p.browser(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ _csrf: await p.csrf(), ...fields }).toString() });

/** A round made by the teacher through the API: its id. */
export async function makeRound(teacher: Person, body: object): Promise<number> {
  const res = await post(teacher, '/api/contests', body);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}
