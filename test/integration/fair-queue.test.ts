import { afterAll, beforeAll, expect, it } from 'vitest';
import { submitFrom as submitFromAddress, waitForVerdict } from '../helpers/judge-client';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { ALWAYS_NO } from '../helpers/solutions';
import { PERSON_CAPS } from '../../server/queue/person-caps';

/**
 * Clients take turns in the judge queue. Two clients are two loopback addresses (Linux accepts any
 * 127.x.y.z as a source): one floods its cap of submissions, then the other submits one, which must be
 * judged before most of the flood rather than after all of it.
 */
// As many as one person may have unfinished (more are refused with 429, see person-caps.ts).
const FLOOD = PERSON_CAPS.submission;

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ workers: 2 });
  await server.waitForLog(/judge thread 0 ready/);
  await server.waitForLog(/judge thread 1 ready/);
});
afterAll(async () => {
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

const submitFrom = (localAddress: string, source: string): Promise<number> => submitFromAddress(server.url, localAddress, 'nim', source);

it(`judges a second client's submission before most of another's ${FLOOD}-submission flood`, async () => {
  const flood: number[] = [];
  for (let start = 0; start < FLOOD; start += 20) {
    const batch = Array.from({ length: Math.min(20, FLOOD - start) }, (_, i) => submitFrom('127.0.0.2', `// flood ${start + i}\n${ALWAYS_NO}`));
    flood.push(...(await Promise.all(batch)));
  }
  const other = await submitFrom('127.0.0.3', `// the other client\n${ALWAYS_NO}`);
  const judged = await waitForVerdict(server.url, other, 300_000);
  expect(judged.verdict).toBe('WA');

  const all = (await (await fetch(`${server.url}/api/submissions?limit=1000`)).json()) as { id: number; status: string }[];
  const floodLeft = all.filter((s) => flood.includes(s.id) && s.status !== 'done').length;
  // First in, first out would leave none of the flood behind it; taking turns leaves nearly all.
  expect(floodLeft, `${floodLeft} of the flood still waiting when the other client's verdict came`).toBeGreaterThanOrEqual(FLOOD / 2);
}, 360_000);
