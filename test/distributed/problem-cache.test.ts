/**
 * A worker's cache of stored problems against a real redis-server and a real SQLite cache: data
 * that is not the job's (a gzip bomb, a wrong shape, another version under the right digest) is
 * refused with a sentence (an interactive one's interactor modules with the rest), the cache keeps to its byte bound without dropping a problem in use, and
 * one version of a problem is judged at a time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProblemBusy, ProblemCache, ProblemRefused } from '../../server/distributed/problem-cache';
import { encodeProblemDocument, ProblemDataError, type ProblemDocument } from '../../server/distributed/problem-data';
import { PROBLEM_KEY_PREFIX } from '../../server/distributed/redis-config';
import { storedContentHash } from '../../server/problem-store/store';
import { openDatabase, type Db } from '../../server/storage/db';
import { getProblemHeader, listTests } from '../../server/storage/problems';
import { startRedis, type RunningRedis } from '../helpers/redis';

let redis: RunningRedis;
let client: Redis;
let db: Db;
const dir = mkdtempSync(join(tmpdir(), 'sg-problem-cache-'));
const logs: string[] = [];

beforeAll(async () => {
  redis = await startRedis();
  client = new Redis(redis.url);
  db = openDatabase(join(dir, 'judge.db'), { migrate: true });
}, 60_000);
afterAll(async () => {
  db?.close();
  client?.disconnect();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A stored problem's document, its version hash computed as storePackage computes it. */
function doc(slug: string, answers: string[], extra: Partial<ProblemDocument> = {}): ProblemDocument {
  const pkg = JSON.stringify({ format: 1, validation: 'default', type: 'pass-fail', checker: { kind: 'tokens', options: {} } });
  const tests = answers.map((a, i) => ({ kind: i === 0 ? ('sample' as const) : ('edge' as const), label: `test ${i + 1}`, input: `${i}\n`, expected: `${a}\n` }));
  const base = { format: 1 as const, slug, titleEn: slug, titleZh: slug, source: '', statementEn: 'Print it.', statementZh: '', timeLimitMs: 1000, memoryLimitMb: 256, tests, package: pkg, generator: null, ...extra };
  return { ...base, contentHash: storedContentHash(base.package, base.tests, base.statementEn, base.statementZh) };
}

/** Puts a document in Redis as the web tier does; returns what a job would name. */
async function publish(d: ProblemDocument): Promise<{ contentHash: string; ref: { digest: string; bytes: number } }> {
  const { ref, blob } = encodeProblemDocument(d);
  await client.set(PROBLEM_KEY_PREFIX + ref.digest, blob);
  return { contentHash: d.contentHash, ref };
}

function cache(maxTotalBytes: number, maxProblemBytes = 1024 * 1024): ProblemCache {
  return new ProblemCache(db, client, { maxTotalBytes, maxProblemBytes }, (l) => logs.push(l));
}

describe('a worker’s stored problems', () => {
  it('refuses a gzip bomb, a wrong shape and another version under the right digest, installing nothing', async () => {
    const c = cache(10 * 1024 * 1024);
    // 64 MB of zeros in about 64 KB: unzipping stops at the 1 MB bound.
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
    const bombDigest = 'b'.repeat(64);
    await client.set(PROBLEM_KEY_PREFIX + bombDigest, bomb);
    await expect(c.acquire('bomb', 'stored:x', { digest: bombDigest, bytes: 100 })).rejects.toThrow(/not a gzip document within 1048576 bytes/);

    // The right digest of a document with a saved test of a user in it: not a shape the web tier writes.
    const odd = doc('odd', ['1']);
    const oddJson = Buffer.from(JSON.stringify({ ...odd, tests: [{ ...odd.tests[0], kind: 'user' }] }));
    const oddDigest = createHash('sha256').update(oddJson).digest('hex');
    await client.set(PROBLEM_KEY_PREFIX + oddDigest, gzipSync(oddJson));
    await expect(c.acquire('odd', odd.contentHash, { digest: oddDigest, bytes: oddJson.length })).rejects.toThrow(/does not have the expected shape \(tests\.0\.kind/);

    // A document whose answers were changed but which still claims the version: its own digest, a recomputed hash that differs.
    const real = doc('forged', ['1', '2']);
    const forged = await publish({ ...real, tests: real.tests.map((t) => ({ ...t, expected: '9\n' })) });
    await expect(c.acquire('forged', real.contentHash, forged.ref)).rejects.toThrow(ProblemDataError);
    await expect(c.acquire('forged', real.contentHash, forged.ref)).rejects.toThrow(/is version \w+, not the job's \w+/);

    // Missing altogether.
    await expect(c.acquire('gone', real.contentHash, { digest: 'c'.repeat(64), bytes: 10 })).rejects.toThrow(/is not in Redis/);
    for (const slug of ['bomb', 'odd', 'forged', 'gone']) expect(getProblemHeader(db, slug)).toBeUndefined();

    // An interactive package with no interactor modules would be judged by comparing outputs: refused.
    const bare = doc('talk', ['1'], { package: JSON.stringify({ format: 1, validation: 'custom interactive', type: 'pass-fail', checker: { kind: 'tokens', options: {} } }) });
    const t = await publish(bare);
    await expect(c.acquire('talk', bare.contentHash, t.ref)).rejects.toThrow(ProblemRefused);
    await expect(c.acquire('talk', bare.contentHash, t.ref)).rejects.toThrow(/interactive stored problem whose stored package carries no interactor modules/);

    // The interactor's modules are in the package: a module changed under the job's version is refused as any forgery is.
    const interactor = { kind: 'interactor', entry: 'i/interactor.ts', files: [{ name: 'i/interactor.ts', language: 'typescript', source: 'export async function interact() { return { verdict: "AC", message: "" }; }' }] };
    const talk = doc('talk', ['1'], { package: JSON.stringify({ format: 1, validation: 'custom interactive', type: 'interactive', checker: interactor }) });
    const lenient = { ...interactor, files: [{ ...interactor.files[0]!, source: interactor.files[0]!.source.replace('AC', 'WA') }] };
    const swapped = await publish({ ...talk, package: JSON.stringify({ format: 1, validation: 'custom interactive', type: 'interactive', checker: lenient }) });
    await expect(c.acquire('talk', talk.contentHash, swapped.ref)).rejects.toThrow(/is version \w+, not the job's \w+/);
    for (const slug of ['bomb', 'odd', 'forged', 'gone', 'talk']) expect(getProblemHeader(db, slug)).toBeUndefined();
    // As stored, it is installed with its modules, for the judge thread's sandboxed interactor.
    const pt = await publish(talk);
    await c.acquire('talk', talk.contentHash, pt.ref);
    c.release('talk');
    const stored = db.prepare("SELECT json_extract(package, '$.checker') AS checker FROM stored_problems WHERE slug = 'talk'").get() as { checker: string };
    expect(JSON.parse(stored.checker)).toEqual(interactor);
  });

  it('installs a version once, keeps to its byte bound without dropping a problem in use, and judges one version of a problem at a time', async () => {
    const a = doc('alpha', ['1', '2', '3']);
    const b = doc('beta', ['4', '5', '6']);
    const pa = await publish(a);
    const pb = await publish(b);
    // Room for one of them only.
    const c = cache(Math.floor(pa.ref.bytes * 1.5));
    await c.acquire('alpha', pa.contentHash, pa.ref);
    expect(getProblemHeader(db, 'alpha')?.contentHash).toBe(a.contentHash);
    expect(listTests(db, 'alpha').map((t) => t.expected)).toEqual(['1\n', '2\n', '3\n']);
    // In use: beta goes in beside it, over the bound, rather than alpha's tests vanishing mid-judging.
    await c.acquire('beta', pb.contentHash, pb.ref);
    expect(listTests(db, 'alpha')).toHaveLength(3);
    c.release('alpha');
    c.release('beta');
    // Fetched once: the second acquire of the same version reads nothing from Redis.
    await client.del(PROBLEM_KEY_PREFIX + pb.ref.digest);
    await c.acquire('beta', pb.contentHash, pb.ref);
    c.release('beta');
    expect(logs.filter((l) => /problem beta: version \w+ fetched/.test(l))).toHaveLength(1);

    // A third problem pushes out the least recently used idle ones, alpha first.
    const g = doc('gamma', ['7']);
    const pg = await publish(g);
    await c.acquire('gamma', pg.contentHash, pg.ref);
    expect(logs).toContain('problem alpha: evicted from the cache (WORKER_PROBLEM_CACHE_MB)');
    expect(listTests(db, 'alpha')).toEqual([]);
    expect(getProblemHeader(db, 'alpha')?.contentHash).toBe('evicted');
    expect(c.totalBytes()).toBeLessThanOrEqual(Math.floor(pa.ref.bytes * 1.5) + pg.ref.bytes);

    // A new version of gamma while gamma is being judged here: it waits.
    const g2 = doc('gamma', ['8']);
    const pg2 = await publish(g2);
    await expect(c.acquire('gamma', pg2.contentHash, pg2.ref)).rejects.toThrow(ProblemBusy);
    c.release('gamma');
    await c.acquire('gamma', pg2.contentHash, pg2.ref);
    expect(listTests(db, 'gamma').map((t) => t.expected)).toEqual(['8\n']);
  });
});
