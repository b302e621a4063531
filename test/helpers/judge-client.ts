import { request } from 'node:http';
/** Small HTTP helpers for tests and benchmarks: submit through the API and wait for verdicts. */

export interface ApiSubmission {
  id: number;
  problem: string;
  status: 'queued' | 'compiling' | 'running' | 'done';
  verdict: string | null;
  tests: { index: number; verdict: string; timeMs: number; memoryKb: number }[];
  compileOutput: string | null;
  failedTest: number | null;
}

export async function submit(base: string, problem: string, source: string): Promise<number> {
  const res = await fetch(`${base}/api/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ problem, source }),
  });
  const body = (await res.json()) as { id?: number; error?: string };
  if (res.status !== 201 || typeof body.id !== 'number') throw new Error(`submit failed: ${res.status} ${JSON.stringify(body)}`);
  return body.id;
}

/**
 * Submits from a given local address: two loopback addresses are two clients to the judge's turns
 * (Linux accepts any 127.x.y.z as a source).
 */
export function submitFrom(base: string, localAddress: string, problem: string, source: string): Promise<number> {
  const url = new URL(base);
  const body = JSON.stringify({ problem, source });
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: '/api/submissions', method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => (res.statusCode === 201 ? resolve((JSON.parse(text) as { id: number }).id) : reject(new Error(`${res.statusCode} ${text}`))));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function getSubmission(base: string, id: number): Promise<ApiSubmission> {
  const res = await fetch(`${base}/api/submissions/${id}`);
  if (res.status !== 200) throw new Error(`GET submission ${id}: ${res.status}`);
  return (await res.json()) as ApiSubmission;
}

/** Polls until the submission is judged. */
export async function waitForVerdict(base: string, id: number, timeoutMs = 90_000): Promise<ApiSubmission> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await getSubmission(base, id);
    if (s.status === 'done') return s;
    if (Date.now() > deadline) throw new Error(`submission ${id} not judged within ${timeoutMs} ms (status ${s.status})`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Polls until the submission reaches one of the statuses. */
export async function waitForStatus(base: string, id: number, statuses: string[], timeoutMs = 60_000): Promise<ApiSubmission> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = await getSubmission(base, id);
    if (statuses.includes(s.status)) return s;
    if (Date.now() > deadline) throw new Error(`submission ${id} did not reach ${statuses.join('/')} (status ${s.status})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** POSTs a JSON job (a stress run, an invocation, a sample run) and returns its id (201 expected). */
export async function postJob(base: string, path: string, body: unknown): Promise<number> {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as { id?: number; error?: string };
  if (res.status !== 201 || typeof json.id !== 'number') throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.id;
}

/** A job that ended without being done (failed or cancelled); `body` is its last answer. */
export class JobEnded extends Error {
  constructor(path: string, readonly body: unknown) {
    super(`${path} ended without being done: ${JSON.stringify(body).slice(0, 500)}`);
  }
}

/** Waits until the job at `path` is done or has ended otherwise, and gives its last answer. */
export async function waitJobEnded<T extends { status?: string }>(base: string, path: string, timeoutMs = 120_000): Promise<T> {
  return waitJobDone<T>(base, path, timeoutMs).catch((e: unknown) => {
    if (e instanceof JobEnded) return e.body as T;
    throw e;
  });
}

/** Polls a job's JSON until its status is "done", and returns it. */
export async function waitJobDone<T extends { status?: string }>(base: string, path: string, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const s = (await (await fetch(`${base}${path}`)).json()) as T;
    if (s.status === 'done') return s;
    // A job that ended otherwise will never be done: say so now, not at the deadline.
    if (s.status === 'failed' || s.status === 'cancelled') throw new JobEnded(path, s);
    if (Date.now() > deadline) throw new Error(`${path} not done within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
