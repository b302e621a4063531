/** Handlebars helpers for the pages that offer a mistake map (submission page, stress panel). */
import type { HelperOptions } from 'handlebars';
import { hasProbe } from './probes';
import { mapWords, type MapWords } from './words';

export const mistakeViewHelpers = {
  /** Whether the problem has a mistake map (a declared game with a probe). */
  hasMistakeMap: (slug: unknown): boolean => hasProbe(String(slug ?? '')),
  /** One of the mistake map's words in the page's interface language. */
  mm: (key: unknown, options: HelperOptions): string => mapWords(options.data?.root?.uiLang)[String(key) as keyof MapWords] ?? String(key),
};
