import { spawn } from 'node:child_process';
import { ROOT } from './server';

/**
 * Runs `npm run accounts -- ...` (as node --import tsx) on a data directory, the password piped in.
 * Asynchronous, so the test's keep-alive sockets to a running server never go stale meanwhile.
 */
export function accountsCli(dataDir: string, args: string[], input = ''): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return runCli(dataDir, ['server/cli/accounts.ts', ...args], input);
}

function runCli(dataDir: string, args: string[], input = ''): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += String(c)));
    child.stderr.on('data', (c: Buffer) => (stderr += String(c)));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** One person talking to the judge, as a script would (bearer token) or as a browser would (cookie + CSRF token). */
export class Person {
  token = '';
  cookie = '';
  constructor(
    readonly base: string,
    readonly name: string,
    readonly password: string,
  ) {}

  async login(headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(`${this.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ name: this.name, password: this.password }),
    });
    if (res.status === 200) {
      this.token = ((await res.clone().json()) as { token: string }).token;
      this.cookie = /sg_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? '';
    }
    return res;
  }

  /** With the API token. */
  api(path: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${this.base}${path}`, { redirect: 'manual', ...init, headers: { authorization: `Bearer ${this.token}`, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers } });
  }

  async json<T>(path: string): Promise<{ status: number; body: T }> {
    const res = await this.api(path);
    return { status: res.status, body: (await res.json()) as T };
  }

  /** With the session cookie only, as a browser sends it. */
  browser(path: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${this.base}${path}`, { redirect: 'manual', ...init, headers: { cookie: this.cookie, ...init.headers } });
  }

  /** The CSRF token the pages carry in their meta tag. */
  async csrf(): Promise<string> {
    const html = await (await this.browser('/problems')).text();
    return /<meta name="csrf-token" content="([^"]+)">/.exec(html)![1]!;
  }
}

/** Runs `npm run backup|restore -- FILE` (as node --import tsx) on a data directory. */
export function storageCli(dataDir: string, command: 'backup' | 'restore', file: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return runCli(dataDir, [`server/cli/${command}.ts`, file]);
}
