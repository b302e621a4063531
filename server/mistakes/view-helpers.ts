/** Handlebars helpers for the pages that offer a mistake map (submission page, stress panel). */
import type { HelperOptions } from 'handlebars';
import { hasProbe } from './probes';
import { mapWords, type MapWords } from './words';

export const mistakeViewHelpers = {
  /** Whether the problem has a mistake map (a declared game with a probe). */
  hasMistakeMap: (slug: unknown): boolean => hasProbe(String(slug ?? '')),
  /** One of the mistake map's words in the page's interface language. */
  mm: (key: unknown, options: HelperOptions): string => mapWords(options.data?.root?.uiLang)[String(key) as keyof MapWords] ?? String(key),
  /** A cell of one of the two side-by-side tables: coloured by that table's answer ("got" or "truth"). */
  mmSide: (cell: unknown, which: unknown): string => sideClass(sideAnswer(cell, which)),
  mmSideText: (cell: unknown, which: unknown): string => sideAnswer(cell, which),
};

function sideAnswer(cell: unknown, which: unknown): string {
  const c = cell as { got?: string; truth?: string } | null;
  return (which === 'truth' ? c?.truth : c?.got) ?? '?';
}

const sideClass = (answer: string): string => (answer === 'L' ? 'lose' : answer === 'W' ? 'win' : 'unknown');
