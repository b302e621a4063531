/**
 * The web tier's side of stored problems in distributed mode: what a job names its problem's data
 * by (memoized per version, so a flood of submissions reads the tests once), and the data itself
 * put in Redis once per version, its expiry pushed back while jobs still need it.
 */
import type { Redis } from 'ioredis';
import { prepared, type Db } from '../storage/db';
import { encodeProblemDocument, readProblemDocument, type ProblemDataRef } from './problem-data';
import { PROBLEM_KEY_PREFIX, PROBLEM_TTL_S } from './redis-config';

/** The refs of the versions seen lately, per database; a store of the problem changes imported_at, so a key never goes stale. */
const memo = new WeakMap<Db, Map<string, ProblemDataRef>>();
const MEMO_SIZE = 64;

/**
 * The stored problem's version hash and data ref as its database holds them now, read together
 * (null: not a stored problem, so the checkout's package judges it).
 */
export function storedProblemRef(db: Db, slug: string): { contentHash: string; ref: ProblemDataRef } | null {
  return db.transaction(() => {
    const row = prepared(db, 'SELECT p.content_hash AS h, p.imported_at AS at FROM problems p JOIN stored_problems s ON s.slug = p.slug WHERE p.slug = ?').get(slug) as
      | { h: string; at: number }
      | undefined;
    if (!row) return null;
    const key = `${slug}\0${row.h}\0${row.at}`;
    let m = memo.get(db);
    if (!m) memo.set(db, (m = new Map()));
    let ref = m.get(key);
    if (!ref) {
      ref = encodeProblemDocument(readProblemDocument(db, slug)!).ref;
      if (m.size >= MEMO_SIZE) m.delete(m.keys().next().value!);
      m.set(key, ref);
    }
    return { contentHash: row.h, ref };
  })();
}

export class ProblemPublisher {
  /** When each key's expiry was last pushed back (a queue of 50 jobs of one problem asks Redis once a minute). */
  private readonly refreshed = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly redis: Redis,
    private readonly log: (line: string) => void,
  ) {}

  /**
   * Makes sure the data the ref names is in Redis for PROBLEM_TTL_S more. Written from the database
   * when missing, if the database still holds that version; if not, the job's worker fails it and
   * the web tier queues it again on the new version.
   */
  async ensure(slug: string, ref: ProblemDataRef): Promise<void> {
    const key = PROBLEM_KEY_PREFIX + ref.digest;
    const last = this.refreshed.get(key);
    if (last !== undefined && Date.now() - last < 60_000) return;
    if ((await this.redis.expire(key, PROBLEM_TTL_S)) === 0) {
      const doc = readProblemDocument(this.db, slug);
      if (!doc) return;
      const { ref: now, blob } = encodeProblemDocument(doc);
      if (now.digest !== ref.digest) return;
      await this.redis.set(key, blob, 'EX', PROBLEM_TTL_S);
      this.log(`problem ${slug}: its data put in Redis for the judge workers (${blob.length} bytes gzipped, ${ref.bytes} bytes)`);
    }
    if (this.refreshed.size > 10_000) this.refreshed.clear();
    this.refreshed.set(key, Date.now());
  }

  /** The data a worker refused: deleted, so the next ensure writes it afresh. */
  async forget(ref: ProblemDataRef): Promise<void> {
    const key = PROBLEM_KEY_PREFIX + ref.digest;
    this.refreshed.delete(key);
    await this.redis.del(key);
  }
}
