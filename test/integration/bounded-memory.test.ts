import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { submit, waitForVerdict } from '../helpers/judge-client';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { acceptedNim } from '../helpers/solutions';

/**
 * The judge server's memory must not grow with tests × output size: an accepted program that pads
 * every answer with 16 MiB of blanks is judged while the server's resident memory is sampled from
 * /proc. Keeping every test's output would grow it by over 600 MiB over nim's 38 tests (with 60 MiB
 * per test it grew by 2.2 GiB); the bound is the one the README documents, 300 MiB above the idle
 * server.
 */
const BOUND_MIB = 300;
const PAD_MIB = 16;

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ workers: 1 });
  await server.waitForLog(/judge thread 0 ready/);
});
afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

function rssMib(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]);
  return kb / 1024;
}

it(`judges an AC program printing ${PAD_MIB} MiB of blanks per test with the server under ${BOUND_MIB} MiB above idle`, async () => {
  const pid = server.process.pid!;
  // Idle: after a first small judgement, so the warm compiler and sandbox are part of the baseline.
  const warm = await waitForVerdict(server.url, await submit(server.url, 'nim', acceptedNim()), 120_000);
  expect(warm.verdict).toBe('AC');
  const idle = rssMib(pid);

  const padded = `${acceptedNim()}\nconst pad = ' '.repeat(1 << 20);\nfor (let i = 0; i < ${PAD_MIB}; i++) process.stdout.write(pad);\n`;
  const id = await submit(server.url, 'nim', padded);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMib(pid));
  }, 50);
  try {
    const judged = await waitForVerdict(server.url, id, 600_000);
    expect(judged.verdict).toBe('AC');
    // Enough tests that keeping every test's output would be far over the bound.
    expect(judged.tests.length * PAD_MIB).toBeGreaterThan(2 * BOUND_MIB);
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssMib(pid));
  console.log(`server RSS: idle ${idle.toFixed(0)} MiB, peak while judging ${peak.toFixed(0)} MiB`);
  expect(peak - idle, `idle ${idle.toFixed(0)} MiB, peak ${peak.toFixed(0)} MiB`).toBeLessThan(BOUND_MIB);
}, 660_000);

it('keeps the first failing test output cut to 1 Mi characters (its start and end, marked), with its full length on the page', async () => {
  // Right answers, then 20 Mi extra tokens: WA on test 1, with an output far over the kept size.
  const flood = `${acceptedNim()}\nconst chunk = 'y\\n'.repeat(1 << 19);\nfor (let i = 0; i < 20; i++) process.stdout.write(chunk);\n`;
  const judged = await waitForVerdict(server.url, await submit(server.url, 'nim', flood), 120_000);
  expect(judged.verdict).toBe('WA');
  expect(judged.failedTest).toBe(1);
  const output = await (await fetch(`${server.url}/submissions/${judged.id}/output.txt`)).text();
  expect(output.length).toBeLessThanOrEqual(1024 * 1024);
  expect(output.length).toBeGreaterThan(1000 * 1024);
  expect(output).toMatch(/\n… \[cut here: [\d,]+ characters in all/);
  expect(output.endsWith('y\ny\n')).toBe(true);
  const page = await (await fetch(`${server.url}/submissions/${judged.id}`)).text();
  const full = (await (await fetch(`${server.url}/api/problems/nim`)).json()) as { samples: { output: string }[] };
  const length = full.samples[0]!.output.length + 20 * (1 << 20);
  expect(page).toContain(`showing the start of ${length.toLocaleString('en-US')} characters; the kept copy is cut too`);
}, 180_000);
