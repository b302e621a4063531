/**
 * The order to learn in, with a difficulty mark (1 easiest … 5 hardest) and topic tags, for every
 * problem: the order the notes teach — the Bash game and P/N-positions, Nim, SG functions and their
 * sums, then the variants and the hard ones. The problem list, `GET /api/problems` and the "next
 * problem" link all follow it; a package missing here is listed after these, by slug.
 */
export type Tag =
  | 'P/N positions'
  | 'Nim'
  | 'SG function'
  | 'SG sum'
  | 'periodicity'
  | 'symmetry'
  | 'misère'
  | 'staircase'
  | 'trees'
  | 'strings'
  | 'matching'
  | 'draws'
  | 'interactive'
  | 'Wythoff'
  | 'Fibonacci'
  | 'graphs'
  | 'Every-SG'
  | 'splitting'
  | 'coin turning'
  | 'Hackenbush';

export interface CatalogEntry {
  slug: string;
  difficulty: 1 | 2 | 3 | 4 | 5;
  tags: Tag[];
}

export const CATALOG: readonly CatalogEntry[] = [
  { slug: 'bash-game', difficulty: 1, tags: ['P/N positions', 'periodicity'] },
  { slug: 'kiki', difficulty: 1, tags: ['P/N positions', 'periodicity'] },
  { slug: 'nim', difficulty: 1, tags: ['Nim'] },
  { slug: 'nim-moves', difficulty: 2, tags: ['Nim'] },
  { slug: 'northcott', difficulty: 2, tags: ['Nim'] },
  { slug: 's-nim', difficulty: 2, tags: ['SG function', 'SG sum'] },
  { slug: 'wythoff', difficulty: 3, tags: ['P/N positions', 'Wythoff'] },
  { slug: 'fibonacci-nim', difficulty: 3, tags: ['P/N positions', 'Fibonacci'] },
  { slug: 'flip-game', difficulty: 3, tags: ['SG function', 'SG sum', 'strings'] },
  { slug: 'cutting-game', difficulty: 3, tags: ['SG function', 'SG sum'] },
  { slug: 'dag-chess', difficulty: 3, tags: ['SG function', 'SG sum', 'graphs'] },
  { slug: 'split-game', difficulty: 3, tags: ['SG function', 'SG sum'] },
  { slug: 'laskers-nim', difficulty: 3, tags: ['SG function', 'SG sum', 'splitting', 'periodicity'] },
  { slug: 'three-way-split', difficulty: 3, tags: ['SG function', 'SG sum', 'splitting', 'periodicity'] },
  { slug: 'array-game', difficulty: 3, tags: ['SG function', 'SG sum'] },
  { slug: 'mock-turtles', difficulty: 4, tags: ['SG function', 'SG sum', 'coin turning'] },
  { slug: 'treblecross', difficulty: 4, tags: ['SG function', 'SG sum', 'splitting', 'strings'] },
  { slug: 'anti-nim', difficulty: 3, tags: ['Nim', 'misère'] },
  { slug: 'every-sg', difficulty: 4, tags: ['SG function', 'Every-SG'] },
  { slug: 'staircase-nim', difficulty: 3, tags: ['Nim', 'staircase'] },
  { slug: 'k-nim', difficulty: 4, tags: ['Nim'] },
  { slug: 'ed', difficulty: 4, tags: ['SG function', 'SG sum', 'periodicity'] },
  { slug: 'game-on-tree', difficulty: 4, tags: ['SG sum', 'trees'] },
  { slug: 'christmas-game', difficulty: 5, tags: ['SG sum', 'trees', 'Hackenbush'] },
  { slug: 'alice-game', difficulty: 4, tags: ['SG function', 'periodicity'] },
  { slug: 'subtraction-game', difficulty: 4, tags: ['SG function', 'SG sum', 'symmetry', 'interactive'] },
  { slug: 'shiritori', difficulty: 4, tags: ['draws', 'strings'] },
  { slug: 'colouring-game', difficulty: 5, tags: ['SG function', 'SG sum', 'periodicity'] },
  { slug: 'chess-link', difficulty: 5, tags: ['matching', 'draws'] },
];

const POSITION = new Map(CATALOG.map((e, i) => [e.slug, i]));

/** The catalog entry of a problem; a problem not in the catalog gets difficulty 3 and no tags. */
export function catalogEntry(slug: string): CatalogEntry {
  return CATALOG[POSITION.get(slug) ?? -1] ?? { slug, difficulty: 3, tags: [] };
}

/** Problems in learning order: catalogued ones in the catalog's order, the rest after them by slug. */
export function inLearningOrder<T extends { slug: string }>(problems: readonly T[]): T[] {
  const rank = (slug: string): number => POSITION.get(slug) ?? CATALOG.length;
  return [...problems].sort((a, b) => rank(a.slug) - rank(b.slug) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
}

/** The problem to try after `slug` among those present, in learning order; null after the last. */
export function nextInOrder(slug: string, present: readonly string[]): string | null {
  const ordered = inLearningOrder(present.map((s) => ({ slug: s })));
  const i = ordered.findIndex((p) => p.slug === slug);
  return i >= 0 && i + 1 < ordered.length ? ordered[i + 1]!.slug : null;
}
