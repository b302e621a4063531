/**
 * Which problems have a probe (problems/<slug>/probe.ts beside their game.ts), and loading one.
 * A problem with a game but no probe (the interactive subtraction game: its answer is a dialogue,
 * not a line) has no mistake map, and says why.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROBLEMS_DIR, SLUG_PATTERN } from '../problems/registry';
import { hasGame, NO_GAME } from '../lab/registry';
import type { Probe } from './probe';

export function hasProbe(slug: string): boolean {
  return SLUG_PATTERN.test(slug) && hasGame(slug) && existsSync(join(PROBLEMS_DIR, slug, 'probe.ts'));
}

/** Why a problem has no mistake map, in a sentence (for the 404). */
export function whyNoMap(slug: string): string {
  if (!hasGame(slug)) {
    const reason = NO_GAME[slug];
    return `Problem "${slug}" declares no game for the SG lab, so it has no mistake map${reason ? `: ${reason}` : '.'}`;
  }
  return `Problem "${slug}" is played as a dialogue with the judge, so one state's answer is not one line of output: it has no mistake map.`;
}

const cache = new Map<string, Probe>();

export async function loadProbe(slug: string): Promise<Probe> {
  if (!hasProbe(slug)) throw new Error(whyNoMap(slug));
  let probe = cache.get(slug);
  if (!probe) {
    probe = ((await import(pathToFileURL(join(PROBLEMS_DIR, slug, 'probe.ts')).href)) as { default: Probe }).default;
    cache.set(slug, probe);
  }
  return probe;
}
