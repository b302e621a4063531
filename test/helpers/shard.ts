/**
 * CI runs a long per-problem test in shards: `NAME=k/n` keeps the k-th of every n items (problems
 * in name order). Unset, every item is kept.
 */
export function inShard<T>(items: readonly T[], envName: string): T[] {
  const shard = /^(\d+)\/(\d+)$/.exec(process.env[envName] ?? '');
  return items.filter((_, i) => !shard || i % Number(shard[2]) === Number(shard[1]) - 1);
}
