/**
 * Which problems declare a game (problems/<slug>/game.ts) and, for the others, why there is none.
 * A game.ts may exist before its package's index.ts: the lab lists it all the same.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROBLEMS_DIR, SLUG_PATTERN } from '../problems/registry';
import type { GameDeclaration } from './game';

/** Problems whose state is not one to three integers, with the reason the lab page shows. */
export const NO_GAME: Record<string, string> = {
  nim: 'A Nim position is a whole multiset of heaps, and one heap of n has value n: the Nim preset shows that table.',
  'nim-moves': 'This is Nim again; counting the winning moves needs the XOR of the heaps, not a table of states.',
  'anti-nim': 'Misère play (the last mover loses): values of heaps do not combine by XOR, so a table of one heap says nothing about a position.',
  'staircase-nim': 'The state is every chessman’s position at once; the game becomes Nim on the gaps, not a sum of small states.',
  'k-nim': 'Moore’s Nim_k is not a sum of games: one move may take from several heaps at once.',
  'game-on-tree': 'The state is a whole tree (its value is the XOR over the children of their value plus one), not one to three integers.',
  'chess-link': 'A position may never repeat, so the game depends on its history, not on the state (r, g, b) alone.',
  shiritori: 'The state is a word in a graph of words that has cycles; its draws come from that graph, not from integer parameters.',
  northcott: 'Each player moves only his own pieces, and a piece may move away and back again: the game is partizan and loopy, so it has no table of values; the gaps between the pieces play as Nim heaps.',
  'dag-chess': 'The state is a position in a graph given by the input, not one to three integers; the values are computed on that graph.',
  'every-sg': 'Every-SG: every game is moved at every turn, so the answer depends on how long each game lasts, not on its SG value; the XOR of a table of values says nothing here.',
  'christmas-game': 'The state is a whole drawing, a tree with polygons hung on it (odd ones worth an edge, even ones nothing), not one to three integers.',
};

/** Slugs with a problems/<slug>/game.ts, sorted. */
export function gameSlugs(): string[] {
  if (!existsSync(PROBLEMS_DIR)) return [];
  return readdirSync(PROBLEMS_DIR)
    .filter((name) => SLUG_PATTERN.test(name) && existsSync(join(PROBLEMS_DIR, name, 'game.ts')))
    .sort();
}

export function hasGame(slug: string): boolean {
  return SLUG_PATTERN.test(slug) && existsSync(join(PROBLEMS_DIR, slug, 'game.ts'));
}

const cache = new Map<string, GameDeclaration>();

export async function loadGame(slug: string): Promise<GameDeclaration> {
  if (!hasGame(slug)) throw new Error(`problem "${slug}" declares no game`);
  let decl = cache.get(slug);
  if (!decl) {
    const mod = (await import(pathToFileURL(join(PROBLEMS_DIR, slug, 'game.ts')).href)) as { default: GameDeclaration };
    decl = mod.default;
    cache.set(slug, decl);
  }
  return decl;
}
