import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

export interface Config {
  port: number;
  /** Interface to listen on; loopback by default because the judge runs submitted code. */
  host: string;
  dataDir: string;
  dbPath: string;
  judgeWorkers: number;
}

export class ConfigError extends Error {}

/** Reads PORT, HOST, DATA_DIR and JUDGE_WORKERS; a malformed value stops start-up with a sentence. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFrom(env, 'PORT', 3000, 0, 65535);
  const judgeWorkers = intFrom(env, 'JUDGE_WORKERS', availableParallelism(), 1, 64);
  const dataDir = resolve(env.DATA_DIR?.trim() || './data');
  return {
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir,
    dbPath: resolve(dataDir, 'judge.db'),
    judgeWorkers,
  };
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}
