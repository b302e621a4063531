/**
 * The true outcome of every state of a probe's grid, from the lab's own table of the problem's
 * declared game (the value 0, or 'L' in a loopy game, is a loss for the mover).
 */
import { instantiate } from '../lab/game';
import { loadGame } from '../lab/registry';
import { searchTable } from '../lab/search';
import { gridStates, type Probe } from './probe';

export type Outcome = 'W' | 'L';

const cache = new Map<string, Promise<Outcome[]>>();

/** One outcome per state of gridStates(probe), in the same order; computed once per problem. */
export function trueOutcomes(slug: string, probe: Probe): Promise<Outcome[]> {
  let t = cache.get(slug);
  if (!t) {
    t = compute(slug, probe);
    t.catch(() => cache.delete(slug));
    cache.set(slug, t);
  }
  return t;
}

async function compute(slug: string, probe: Probe): Promise<Outcome[]> {
  const game = instantiate(slug, await loadGame(slug), probe.settings ?? {});
  const asked = gridStates(probe).map((s) => (probe.labStates ? probe.labStates(s) : [s]));
  const all = asked.flat();
  const from = game.min.map((_, i) => Math.min(...all.map((s) => s[i]!)));
  const to = game.min.map((_, i) => Math.max(...all.map((s) => s[i]!)));
  const table = searchTable(game, from, to);
  if (table.loopy) throw new Error(`${slug}: the game has a cycle, and a sum of loopy games has no table`);
  const index = new Map(table.states.map((s, i) => [s.join(','), i]));
  return asked.map((parts) => {
    let x = 0;
    for (const s of parts) x ^= table.values[index.get(s.join(','))!] as number;
    return x === 0 ? 'L' : 'W';
  });
}
