/**
 * CI runs a long per-problem test in shards: `NAME=k/n` keeps the k-th of every n items (problems
 * in name order). Unset, every item is kept.
 */
export function inShard<T>(items: readonly T[], envName: string): T[] {
  const shard = /^(\d+)\/(\d+)$/.exec(process.env[envName] ?? '');
  return items.filter((_, i) => !shard || i % Number(shard[2]) === Number(shard[1]) - 1);
}

/**
 * The suites that compare the sandbox with real Node program by program (patched built-ins, the
 * differential corpus) run whole on the main Node version; on the other one CI runs every n-th
 * program, `SG_SAMPLE_EVERY=n` (the runtime is the same code on both, what differs between Node
 * versions is V8 and Node's own behaviour, which a spread sample shows). Unset, every item is kept.
 */
export function sampled<T>(items: readonly T[]): T[] {
  const every = Number(process.env.SG_SAMPLE_EVERY ?? 1);
  if (!Number.isInteger(every) || every < 1) throw new Error(`SG_SAMPLE_EVERY must be a whole number from 1, not ${process.env.SG_SAMPLE_EVERY}`);
  return items.filter((_, i) => i % every === 0);
}

/**
 * The slow suite's per-problem loops (`npm run test:slow` runs every problem): CI, where the slow
 * suite is an addition of its own beside the whole normal suite, runs every n-th problem in name
 * order, `SG_SLOW_SAMPLE_EVERY=n`, plus those `always` names (a kind only that loop covers, such
 * as the interactive problem's judged round trip). The same problems on every run: a failure is
 * reproduced by running the same command. Unset, every item is kept.
 */
export function slowSampled<T>(items: readonly T[], always: (item: T) => boolean = () => false): T[] {
  const every = Number(process.env.SG_SLOW_SAMPLE_EVERY ?? 1);
  if (!Number.isInteger(every) || every < 1) throw new Error(`SG_SLOW_SAMPLE_EVERY must be a whole number from 1, not ${process.env.SG_SLOW_SAMPLE_EVERY}`);
  return items.filter((item, i) => i % every === 0 || always(item));
}
