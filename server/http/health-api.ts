import express from 'express';
import type { Db } from '../storage/db';
import { KINDS_BY_PRIORITY } from '../queue/kinds/registry';
import { isTeacher } from './auth/viewer';
import { problemReadiness } from '../problems/readiness';
import { listProblems } from '../storage/problems';

export interface JudgeHealth {
  /** The Node.js this server and its judge threads run on ("v24.21.0"): verdicts depend on it. */
  node: string;
  mode: 'embedded' | 'redis';
  workers: { id: string; threads: number; busy: number }[];
  queued: number;
  oldestQueuedMs: number;
  /** Problems listed (ready) and known (ready plus still being built at start-up). */
  problems: { ready: number; total: number };
}

export type WorkersProbe = () => Promise<{ mode: JudgeHealth['mode']; workers: JudgeHealth['workers'] }>;

/** Jobs of every kind waiting for a judge, and how long the oldest has waited (0 when none). */
export function queueDepth(db: Db, now = Date.now()): { queued: number; oldestQueuedMs: number } {
  const row = db
    .prepare(
      `SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM (
         ${KINDS_BY_PRIORITY.map((k) => `SELECT created_at FROM ${k.table} WHERE status = 'queued'`).join(' UNION ALL ')})`,
    )
    .get() as { n: number; oldest: number | null };
  return { queued: row.n, oldestQueuedMs: row.oldest === null ? 0 : Math.max(0, now - row.oldest) };
}

/** Ready: stored and not being rebuilt; total: those plus the packages still building. */
export function problemCounts(db: Db): { ready: number; total: number } {
  const building = problemReadiness.buildingSlugs();
  const known = new Set([...listProblems(db).map((p) => p.slug), ...building]);
  return { ready: known.size - building.length, total: known.size };
}

/** `GET /api/health`: which judges are connected and how deep the queue is, for operators. */
export function healthApi(db: Db, probe: WorkersProbe): express.Router {
  const api = express.Router();
  api.get('/health', async (_req, res) => {
    const { mode, workers } = await probe();
    // Which machines judge, and how busy, is for the teacher running the class.
    res.json({ node: process.version, mode, workers: isTeacher(res) ? workers : [], ...queueDepth(db), problems: problemCounts(db) } satisfies JudgeHealth);
  });
  return api;
}
