import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderMarkdown } from '../render/markdown';
import { PROBLEMS_DIR } from './registry';

export type TeachingLang = 'en' | 'zh';

export interface Teaching {
  /** Hints in order, from "play small cases" towards the key idea, as HTML. */
  hints: Record<TeachingLang, string[]>;
  /** The idea, why it is right, the complexity, as HTML; null when the package has none. */
  editorial: Record<TeachingLang, string | null>;
}

/** A line holding only `---` separates two hints in hints.{en,zh}.md. */
const HINT_SEPARATOR = /^---[ \t]*$/m;

function read(slug: string, name: string): string | null {
  const file = join(PROBLEMS_DIR, slug, name);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/** Splits a hints file into its hints (blank ones dropped). */
export function splitHints(text: string): string[] {
  return text
    .split(HINT_SEPARATOR)
    .map((h) => h.trim())
    .filter((h) => h.length > 0);
}

const cache = new Map<string, { key: string; teaching: Teaching }>();

/**
 * The hints and editorial of a problem package, rendered (KaTeX included) once per package version:
 * `key` is the package's content hash, which changes whenever one of its files does.
 */
export function teachingOf(slug: string, key: string): Teaching {
  const hit = cache.get(slug);
  if (hit && hit.key === key) return hit.teaching;
  const hints = (lang: TeachingLang): string[] => splitHints(read(slug, `hints.${lang}.md`) ?? '').map(renderMarkdown);
  const editorial = (lang: TeachingLang): string | null => {
    const text = read(slug, `editorial.${lang}.md`);
    return text === null ? null : renderMarkdown(text);
  };
  const teaching: Teaching = { hints: { en: hints('en'), zh: hints('zh') }, editorial: { en: editorial('en'), zh: editorial('zh') } };
  cache.set(slug, { key, teaching });
  return teaching;
}
