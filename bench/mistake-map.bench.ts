/**
 * The mistake map end to end (issue 38): the real server, a one-parameter game of 1,000 states
 * (alice-game, n = 0..1000, one run; bash-game, n = 1..1000, ten runs), from POST /api/mistake-maps
 * to the GET that returns the drawn map. The target: within 2 s each on a quiet machine.
 *
 *   npx tsx bench/mistake-map.bench.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { postJob } from '../test/helpers/judge-client';
import { removeDataDir, ROOT, startServer } from '../test/helpers/server';

const TARGET_MS = 2000;

const server = await startServer({ workers: 1, problems: ['alice-game', 'bash-game'] });
try {
  for (const [slug, wrong] of [['alice-game', 'bash-game-rule.ts'], ['bash-game', 'odd-parity.ts']] as const) {
    const source = readFileSync(join(ROOT, 'problems', slug, 'wrong', wrong), 'utf8');
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const id = await postJob(server.url, '/api/mistake-maps', { problem: slug, source });
      for (;;) {
        const map = (await (await fetch(`${server.url}/api/mistake-maps/${id}`)).json()) as { status: string; cells: unknown[] };
        if (map.status === 'done') break;
        if (map.status === 'failed') throw new Error(`${slug}: the map failed`);
        await new Promise((r) => setTimeout(r, 20));
      }
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const median = times[2]!;
    console.log(`${slug}: ${times.map((t) => t.toFixed(0)).join(', ')} ms (median ${median.toFixed(0)} ms; target ${TARGET_MS} ms) ${median <= TARGET_MS ? 'OK' : 'OVER'}`);
  }
} finally {
  await server.stop();
  removeDataDir(server.dataDir);
}
