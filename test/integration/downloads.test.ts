import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/storage/db';
import { saveFailureTexts } from '../../server/storage/submissions';
import { removeDataDir, startServer, type RunningServer } from '../helpers/server';
import { ALWAYS_NO } from '../helpers/solutions';

/**
 * Issue 48, item 3: a failing test's texts are streamed to the client slice by slice from the
 * download thread, never read whole on the HTTP thread: ten parallel downloads of a 15 MiB input
 * held open by slow clients leave the pages answering and the server's memory far below ten copies,
 * and each download arrives whole and exact.
 */
let server: RunningServer;
let db: Db;
let id: number;
const MIB = 1024 * 1024;
/** A 15 MiB input with some multi-byte characters, as a package's test might hold. */
const BIG = Array.from({ length: (15 * MIB) / 32 }, (_, i) => `${String(i).padStart(10, '0')} ${i % 97 === 0 ? 'é石' : 'ab'} ${'x'.repeat(15)}\n`).join('');

const sha = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');
const rssMiB = (): number => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.process.pid}/status`, 'utf8'))![1]) / 1024;

interface Download {
  res: http.IncomingMessage;
  /** Resolves with the whole body once the client reads on (after `resume`). */
  body: Promise<Buffer>;
}

/** A download that reads its first bytes and then stops reading, as a slow client does. */
function slowDownload(path: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { agent: false }, (res) => {
        const chunks: Buffer[] = [];
        const body = new Promise<Buffer>((done, fail) => {
          res.on('end', () => done(Buffer.concat(chunks)));
          res.on('error', fail);
        });
        res.once('data', (first: Buffer) => {
          chunks.push(first);
          res.pause();
          res.on('data', (c: Buffer) => chunks.push(c));
          resolve({ res, body });
        });
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  server = await startServer({ workers: 1 });
  const sent = await fetch(`${server.url}/api/submissions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ problem: 'nim', source: ALWAYS_NO }) });
  id = ((await sent.json()) as { id: number }).id;
  const deadline = Date.now() + 120_000;
  while (((await (await fetch(`${server.url}/api/submissions/${id}`)).json()) as { status: string }).status !== 'done') {
    if (Date.now() > deadline) throw new Error('not judged');
    await new Promise((r) => setTimeout(r, 150));
  }
  // The failing test's input and expected output, as big as a package's test may make them.
  db = openDatabase(join(server.dataDir, 'judge.db'));
  saveFailureTexts(db, id, [
    { kind: 'input', content: BIG, length: BIG.length, cut: false },
    { kind: 'expected', content: BIG.toUpperCase(), length: BIG.length, cut: false },
  ]);
}, 180_000);

afterAll(async () => {
  db?.close();
  await server?.stop();
  if (server) removeDataDir(server.dataDir);
});

describe('big downloads', { timeout: 120_000 }, () => {
  it('streams input.txt whole and exact, in slices, as an attachment', async () => {
    const res = await fetch(`${server.url}/submissions/${id}/input.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename=submission-${id}-input.txt`);
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBe(Buffer.byteLength(BIG));
    expect(sha(body)).toBe(sha(BIG));
    expect((await fetch(`${server.url}/submissions/${id}/dialogue.txt`)).status).toBe(404);
  });

  it('keeps the pages answering and its memory low while ten slow clients download 15 MiB each', async () => {
    const before = rssMiB();
    const downloads = await Promise.all(Array.from({ length: 10 }, (_, i) => slowDownload(`/submissions/${id}/${i % 2 ? 'expected' : 'input'}.txt`)));
    expect(downloads.map((d) => d.res.statusCode)).toEqual(Array(10).fill(200));
    // Every download is open and waiting on its client; another page is served meanwhile.
    const problems = await fetch(`${server.url}/api/problems`);
    expect(problems.status).toBe(200);
    expect(((await problems.json()) as { slug: string }[]).map((p) => p.slug)).toContain('nim');
    expect(downloads.every((d) => !d.res.complete)).toBe(true);
    // Whole texts read for ten downloads would be 150 MiB as strings and as much again encoded.
    console.log(`server RSS during ten slow downloads: +${(rssMiB() - before).toFixed(0)} MiB`);
    expect(rssMiB() - before).toBeLessThan(120);
    for (const d of downloads) d.res.resume();
    const bodies = await Promise.all(downloads.map((d) => d.body));
    bodies.forEach((b, i) => expect(sha(b), `download ${i}`).toBe(sha(i % 2 ? BIG.toUpperCase() : BIG)));
  });
});
