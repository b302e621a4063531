/**
 * Judge workers announce themselves in Redis every few seconds with a key that expires on its own,
 * so the web tier can say which workers are connected (a killed worker drops out by itself).
 */
import type { Redis } from 'ioredis';
import { HEARTBEAT_MS, HEARTBEAT_TTL_MS, WORKER_KEY_PREFIX } from './redis-config';

export interface WorkerInfo {
  id: string;
  threads: number;
  busy: number;
  /**
   * The languages this worker judges (its own detection, server/languages/detect.ts), with their
   * versions; a job in another language is left for a worker that has it. Absent from a worker of
   * before languages were announced (TypeScript and JavaScript only).
   */
  languages?: { id: string; version: string | null }[];
}

export function startHeartbeat(redis: Redis, info: () => WorkerInfo): () => Promise<void> {
  const beat = () => redis.set(WORKER_KEY_PREFIX + info().id, JSON.stringify(info()), 'PX', HEARTBEAT_TTL_MS).catch(() => {});
  void beat();
  const timer = setInterval(beat, HEARTBEAT_MS);
  return async () => {
    clearInterval(timer);
    await redis.del(WORKER_KEY_PREFIX + info().id).catch(() => {});
  };
}

export async function listWorkers(redis: Redis): Promise<WorkerInfo[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${WORKER_KEY_PREFIX}*`, 'COUNT', 200);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  if (keys.length === 0) return [];
  const values = await redis.mget(...keys);
  return values
    .filter((v): v is string => v !== null)
    .map((v) => JSON.parse(v) as WorkerInfo)
    .sort((a, b) => a.id.localeCompare(b.id));
}
