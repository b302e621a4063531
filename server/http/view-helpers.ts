import { sayIn, saidOf } from '../text/messages';
import { translatePhrase, translateTag } from './ui-text';

type HelperOptions = { data?: { root?: { uiLang?: 'en' | 'zh' } } };

/** Handlebars helpers; every one returns plain text, so `{{...}}` still escapes it. */
export const viewHelpers = {
  eq: (a: unknown, b: unknown): boolean => a === b,
  /** Whether a catalog entry's tags include one ("interactive"). */
  hasTag: (tags: unknown, tag: unknown): boolean => Array.isArray(tags) && tags.includes(tag),
  /** "1 234" style grouping of a number of bytes or KiB, for tables. */
  num: (n: unknown): string => (typeof n === 'number' ? n.toLocaleString('en-US') : ''),
  plural: (n: unknown, one: string, many: string): string => (n === 1 ? one : many),
  /**
   * A status line (present.ts's `statusSaid`: "Wrong answer on test 3") by its message id, or a
   * verdict's name ("Wrong answer") by the verdict table, in the page's interface language.
   */
  statusWords: (status: unknown, options: HelperOptions): string => {
    const lang = options.data?.root?.uiLang ?? 'en';
    const s = saidOf(status);
    return s ? sayIn(s, lang) : translatePhrase(String(status ?? ''), lang);
  },
  /**
   * What the checker, the sandbox or the interactor said about a test, in the page's interface
   * language: by its message id when it was stored with one, else the sentence as stored (rows
   * from before migration 39, stack traces, judge errors). `{{checkerWords message said}}`.
   */
  checkerWords: (text: unknown, ...rest: unknown[]): string => {
    const options = rest.pop() as HelperOptions;
    const lang = options.data?.root?.uiLang ?? 'en';
    const s = saidOf(rest[0]);
    return s && lang !== 'en' ? sayIn(s, lang) : String(text ?? '');
  },
  /** A catalog topic tag ("SG function") in the page's interface language. */
  tagWords: (tag: unknown, options: HelperOptions): string => translateTag(String(tag ?? ''), options.data?.root?.uiLang ?? 'en'),
  /** A fixed sentence (`{{tr "Passed {0} random cases" n}}`) in the page's interface language. */
  tr: (text: unknown, ...rest: unknown[]): string => {
    const options = rest.pop() as HelperOptions;
    return translatePhrase(String(text ?? ''), options.data?.root?.uiLang ?? 'en', rest);
  },
};
