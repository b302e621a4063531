import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT } from '../helpers/server';

/**
 * The HTTP thread never runs a problem's reference: a copy of the judge whose nim reference takes
 * 3 s on one particular input keeps serving pages while a user test with that input is answered.
 */
const SLOW_INPUT = '1\n1\n4321\n';
const SLOW_MS = 3000;

let root: string;
let child: ChildProcess;
let url: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sg-judge-slow-ref-'));
  for (const dir of ['server', 'views', 'public']) cpSync(join(ROOT, dir), join(root, dir), { recursive: true });
  for (const file of ['package.json', 'tsconfig.json']) cpSync(join(ROOT, file), join(root, file));
  cpSync(join(ROOT, 'problems/nim'), join(root, 'problems/nim'), { recursive: true });
  // Files beside the packages (the catalog) belong to the judge, not to a package.
  for (const f of readdirSync(join(ROOT, 'problems'))) if (f.endsWith('.ts')) cpSync(join(ROOT, 'problems', f), join(root, 'problems', f));
  mkdirSync(join(root, 'reference'));
  cpSync(join(ROOT, 'reference/nim'), join(root, 'reference/nim'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  // The test-only package: the same nim, with a reference that spins on one input.
  const fast = readFileSync(join(root, 'reference/nim/fast.ts'), 'utf8').replace(
    'export function solve(input: string): string {',
    `export function solve(input: string): string {\n  if (input === ${JSON.stringify(SLOW_INPUT)}) { const end = Date.now() + ${SLOW_MS}; while (Date.now() < end); }`,
  );
  expect(fast).toContain(JSON.stringify(SLOW_INPUT));
  writeFileSync(join(root, 'reference/nim/fast.ts'), fast);

  const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: join(root, 'data'), JUDGE_WORKERS: '1', JUDGE_PROBLEMS: 'nim' };
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the copied judge did not start:\n${log}`)), 120_000);
    const onData = (chunk: Buffer): void => {
      log += chunk.toString('utf8');
      const m = /listening on http:\/\/[^:]+:(\d+)/.exec(log);
      // Problems build after the server listens: ready once the readiness line is out.
      if (m && /all \d+ problems ready in/.test(log)) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', () => reject(new Error(`the copied judge exited:\n${log}`)));
  });
}, 180_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  if (root) rmSync(root, { recursive: true, force: true });
});

it(`serves pages while a ${SLOW_MS / 1000} s reference answers a user test`, async () => {
  // The import thread starts on first use; start it with an ordinary input first.
  const warm = await fetch(`${url}/api/problems/nim/tests`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ input: '1\n1\n1\n' }) });
  expect(warm.status).toBe(201);

  const started = performance.now();
  let answeredAt = 0;
  const slow = fetch(`${url}/api/problems/nim/tests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ input: SLOW_INPUT, label: 'slow' }),
  }).then(async (res) => {
    answeredAt = performance.now();
    return { status: res.status, body: (await res.json()) as { id?: string } };
  });

  // Pages requested while the reference spins, one after another.
  const latencies: number[] = [];
  while (answeredAt === 0 && performance.now() - started < 60_000) {
    const t0 = performance.now();
    const res = await fetch(`${url}/problems/nim`);
    await res.text();
    expect(res.status).toBe(200);
    if (answeredAt === 0) latencies.push(performance.now() - t0);
  }
  const added = await slow;
  expect(added.status).toBe(201);
  // The slow job really ran (the reference spun) and really finished: its answer is stored.
  expect(answeredAt - started).toBeGreaterThanOrEqual(SLOW_MS - 100);
  const tests = (await (await fetch(`${url}/api/problems/nim/tests`)).json()) as { id: string; input: string; expected: string }[];
  expect(tests.find((t) => t.id === added.body.id)).toMatchObject({ input: SLOW_INPUT, expected: 'Yes\n' });

  // Had the reference run on the HTTP thread, no page could have answered before it finished.
  expect(latencies.length).toBeGreaterThanOrEqual(5);
  latencies.sort((a, b) => a - b);
  expect(latencies[Math.floor(latencies.length / 2)]).toBeLessThan(200);
}, 120_000);
