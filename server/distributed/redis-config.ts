/**
 * How the web tier and the judge workers reach Redis. One queue for every kind of judging job;
 * the lock and stall timings decide how soon a dead worker's job is taken by another.
 */
import type { ConnectionOptions } from 'bullmq';
import { ConfigError } from '../platform/config';

export const QUEUE_NAME = 'sg-judge';
/** Worker heartbeats live under this prefix, one key per worker process, expiring on their own. */
export const WORKER_KEY_PREFIX = 'sg-judge:worker:';
/** A stress run the web tier was asked to cancel: the worker judging it polls for this key. */
export const CANCEL_KEY_PREFIX = 'sg-judge:cancel:';
/**
 * A stored problem's data (problem-data.ts), gzipped JSON, under the SHA-256 of the JSON: written
 * by the web tier when it queues a job for the problem, expiring PROBLEM_TTL_S after the web tier
 * last queued or refreshed one.
 */
export const PROBLEM_KEY_PREFIX = 'sg-judge:problem:';
export const PROBLEM_TTL_S = 6 * 3600;
/**
 * A job whose problem data a worker could not use (missing, over its limit, not the job's) fails;
 * the web tier writes the data again and queues the job anew, this many times, then stores IE.
 */
export const PROBLEM_DATA_FAILURE = 'problem data:';
export const PROBLEM_DATA_RETRIES = 3;
export const HEARTBEAT_MS = 2_000;
export const HEARTBEAT_TTL_MS = 8_000;

export interface RedisSettings {
  url: string;
  /** A worker holds a job's lock this long between renewals; a dead worker's job is free after it. */
  lockMs: number;
  /** How often workers look for jobs whose lock expired. */
  stalledIntervalMs: number;
}

export function redisSettings(env: NodeJS.ProcessEnv = process.env): RedisSettings | null {
  const url = env.REDIS_URL?.trim();
  if (!url) return null;
  if (!/^rediss?:\/\//.test(url)) throw new ConfigError(`REDIS_URL must start with redis:// or rediss://, got "${url}"`);
  const lockMs = positiveInt(env.JUDGE_LOCK_MS, 10_000, 'JUDGE_LOCK_MS');
  return { url, lockMs, stalledIntervalMs: Math.max(1_000, Math.floor(lockMs / 2)) };
}

/** BullMQ's connection options; workers block on Redis, so requests must never give up. */
export function connectionOptions(settings: RedisSettings): ConnectionOptions {
  const u = new URL(settings.url);
  return {
    host: u.hostname || '127.0.0.1',
    port: u.port ? Number(u.port) : 6379,
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
    enableOfflineQueue: true,
    retryStrategy: (times: number) => Math.min(2_000, 100 * times),
  };
}

function positiveInt(raw: string | undefined, fallback: number, name: string): number {
  if (!raw?.trim()) return fallback;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1000) throw new ConfigError(`${name} must be an integer of at least 1000 (milliseconds), got "${raw}"`);
  return Number(raw);
}

/** A worker's bounds on stored problems: one problem's data, and all it keeps (megabytes, uncompressed). */
export function problemCacheLimits(env: NodeJS.ProcessEnv = process.env): { maxProblemBytes: number; maxTotalBytes: number } {
  const mb = (name: string, fallback: number): number => {
    const raw = env[name]?.trim();
    if (!raw) return fallback * 1024 * 1024;
    if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) <= 0) throw new ConfigError(`${name} must be a positive number of megabytes, got "${raw}"`);
    return Math.round(Number(raw) * 1024 * 1024);
  };
  return { maxProblemBytes: mb('WORKER_PROBLEM_MAX_MB', 256), maxTotalBytes: mb('WORKER_PROBLEM_CACHE_MB', 1024) };
}
