import { translateCheckerMessage, translateErrorMessage, translatePhrase, translateStatus, translateTag } from './ui-text';

type HelperOptions = { data?: { root?: { uiLang?: 'en' | 'zh' } } };

/** Handlebars helpers; every one returns plain text, so `{{...}}` still escapes it. */
export const viewHelpers = {
  eq: (a: unknown, b: unknown): boolean => a === b,
  /** Whether a catalog entry's tags include one ("interactive"). */
  hasTag: (tags: unknown, tag: unknown): boolean => Array.isArray(tags) && tags.includes(tag),
  /** "1 234" style grouping of a number of bytes or KiB, for tables. */
  num: (n: unknown): string => (typeof n === 'number' ? n.toLocaleString('en-US') : ''),
  plural: (n: unknown, one: string, many: string): string => (n === 1 ? one : many),
  /** A status line ("Wrong answer on test 3") in the page's interface language. */
  statusWords: (text: unknown, options: HelperOptions): string => translateStatus(String(text ?? ''), options.data?.root?.uiLang ?? 'en'),
  /** An error page's sentence, in Chinese when it is a common one (the API keeps English). */
  errorWords: (text: unknown, options: HelperOptions): string => translateErrorMessage(String(text ?? ''), options.data?.root?.uiLang ?? 'en'),
  /** What the checker (or the sandbox) said about a failed test, in the page's interface language. */
  checkerWords: (text: unknown, options: HelperOptions): string => translateCheckerMessage(String(text ?? ''), options.data?.root?.uiLang ?? 'en'),
  /** A catalog topic tag ("SG function") in the page's interface language. */
  tagWords: (tag: unknown, options: HelperOptions): string => translateTag(String(tag ?? ''), options.data?.root?.uiLang ?? 'en'),
  /** A fixed sentence (`{{tr "Passed {0} random cases" n}}`) in the page's interface language. */
  tr: (text: unknown, ...rest: unknown[]): string => {
    const options = rest.pop() as HelperOptions;
    return translatePhrase(String(text ?? ''), options.data?.root?.uiLang ?? 'en', rest);
  },
};
