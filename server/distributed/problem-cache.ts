/**
 * A judge worker's stored problems: fetched from Redis once per version, kept in the worker's cache
 * database, at most `maxTotalBytes` of problem data in all (least recently used first out, never a
 * problem a running job reads), and one version of a problem at a time: a job for another version
 * of a problem this worker is judging now waits until those jobs end.
 */
import type { Redis } from 'ioredis';
import type { Db } from '../storage/db';
import { STORED_HASH_PREFIX } from '../problem-store/store';
import { decodeProblemDocument, evictProblemDocument, installProblemDocument, interactorFault, ProblemDataError, type ProblemDataRef } from './problem-data';
import { PROBLEM_KEY_PREFIX } from './redis-config';

interface Entry {
  digest: string;
  bytes: number;
  lastUsed: number;
  /** Jobs judging it now. */
  users: number;
}

/** A job for another version of a problem in use here: try again shortly. */
export class ProblemBusy extends Error {}

/** A problem workers do not judge (whatever copy of its data they read): the job ends at once. */
export class ProblemRefused extends Error {}

export class ProblemCache {
  private readonly entries = new Map<string, Entry>();
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly redis: Redis,
    private readonly limits: { maxTotalBytes: number; maxProblemBytes: number },
    private readonly log: (line: string) => void,
  ) {
    // Whatever an earlier run left is of unknown version: dropped, fetched again when a job needs it.
    const left = db.prepare('SELECT slug FROM problems WHERE content_hash LIKE ?').all(`${STORED_HASH_PREFIX}%`) as { slug: string }[];
    for (const { slug } of left) evictProblemDocument(db, slug);
  }

  /**
   * Makes the job's version of a stored problem the one this worker's judge reads, and holds it
   * until `release`. Throws ProblemBusy (another version is being judged here), ProblemRefused (an
   * interactive problem without its interactor's modules) or ProblemDataError (the data in Redis is missing, too big, or not the job's).
   */
  acquire(slug: string, contentHash: string, ref: ProblemDataRef): Promise<void> {
    // One at a time: two jobs of one new version fetch it once.
    const run = this.chain.then(() => this.acquireNow(slug, contentHash, ref));
    this.chain = run.catch(() => {});
    return run;
  }

  /**
   * An upload's import stored this problem in the cache database: whatever version was cached is
   * gone, so the next job of the problem fetches its data from Redis (one judging it now keeps it
   * busy for jobs of another version until it ends).
   */
  dropImported(slug: string): void {
    const e = this.entries.get(slug);
    if (e && e.users > 0) {
      e.digest = '';
      return;
    }
    this.entries.delete(slug);
    evictProblemDocument(this.db, slug);
  }

  release(slug: string): void {
    const e = this.entries.get(slug);
    if (e && e.users > 0) e.users--;
  }

  totalBytes(): number {
    let n = 0;
    for (const e of this.entries.values()) n += e.bytes;
    return n;
  }

  private async acquireNow(slug: string, contentHash: string, ref: ProblemDataRef): Promise<void> {
    const have = this.entries.get(slug);
    if (have && have.digest === ref.digest) {
      have.users++;
      have.lastUsed = Date.now();
      return;
    }
    if (have && have.users > 0) throw new ProblemBusy(`problem ${slug} is being judged here at another version`);
    const key = PROBLEM_KEY_PREFIX + ref.digest;
    // The size first: an oversized value is never read into memory.
    const stored = await this.redis.strlen(key);
    if (stored === 0) throw new ProblemDataError(`its data (${key}) is not in Redis`);
    if (stored > this.limits.maxProblemBytes) throw new ProblemDataError(`its data in Redis is ${stored} bytes compressed, over this worker's limit of ${this.limits.maxProblemBytes} (WORKER_PROBLEM_MAX_MB)`);
    const blob = await this.redis.getBuffer(key);
    if (!blob) throw new ProblemDataError(`its data (${key}) is not in Redis`);
    const doc = decodeProblemDocument(blob, { ref, slug, contentHash }, this.limits.maxProblemBytes);
    const fault = interactorFault(doc);
    if (fault !== null) throw new ProblemRefused(fault);
    this.makeRoom(ref.bytes, slug);
    installProblemDocument(this.db, doc);
    this.entries.set(slug, { digest: ref.digest, bytes: ref.bytes, lastUsed: Date.now(), users: 1 });
    this.log(`problem ${slug}: version ${contentHash.slice(STORED_HASH_PREFIX.length, STORED_HASH_PREFIX.length + 12)} fetched from Redis (${ref.bytes} bytes; ${this.totalBytes()} bytes of stored problems cached)`);
  }

  /** Evicts the least recently used problems not in use until `bytes` more fit (a problem alone over the bound still goes in). */
  private makeRoom(bytes: number, incoming: string): void {
    const old = this.entries.get(incoming);
    if (old) this.entries.delete(incoming);
    const idle = [...this.entries].filter(([, e]) => e.users === 0).sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    while (this.totalBytes() + bytes > this.limits.maxTotalBytes && idle.length > 0) {
      const [slug] = idle.shift()!;
      evictProblemDocument(this.db, slug);
      this.entries.delete(slug);
      this.log(`problem ${slug}: evicted from the cache (WORKER_PROBLEM_CACHE_MB)`);
    }
  }
}
