import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROBLEMS_DIR, REFERENCE_DIR, SLUG_PATTERN } from './registry';
import type { Interactor, ProblemPackage } from './types';

const cache = new Map<string, Promise<Interactor | null>>();

/** `reference/<slug>/interactor.ts`, which must export `interact(input, io)`. */
export async function loadInteractor(slug: string): Promise<Interactor> {
  if (!SLUG_PATTERN.test(slug)) throw new Error(`invalid problem slug "${slug}"`);
  const mod = (await import(pathToFileURL(join(REFERENCE_DIR, slug, 'interactor.ts')).href)) as Partial<Interactor>;
  if (typeof mod.interact !== 'function') throw new Error(`reference/${slug}/interactor.ts exports no interact()`);
  return { interact: mod.interact };
}

/**
 * The interactor of an interactive problem, or null for an ordinary one; loaded once per thread.
 * Ordinary problems cost one file-existence check, the first time only.
 */
export function interactorFor(slug: string): Promise<Interactor | null> {
  let found = cache.get(slug);
  if (!found) {
    found = (async () => {
      if (!SLUG_PATTERN.test(slug) || !existsSync(join(REFERENCE_DIR, slug, 'interactor.ts'))) return null;
      const pkg = ((await import(pathToFileURL(join(PROBLEMS_DIR, slug, 'index.ts')).href)) as { default: ProblemPackage }).default;
      return pkg.interactive ? loadInteractor(slug) : null;
    })();
    found.catch(() => cache.delete(slug));
    cache.set(slug, found);
  }
  return found;
}

/** The fast player of an interactive problem, as a student would submit it. */
export function playerSource(slug: string): string {
  if (!SLUG_PATTERN.test(slug)) throw new Error(`invalid problem slug "${slug}"`);
  return readFileSync(join(REFERENCE_DIR, slug, 'player.ts'), 'utf8');
}
