import { translateStatus } from './ui-text';

/** Handlebars helpers; every one returns plain text, so `{{...}}` still escapes it. */
export const viewHelpers = {
  eq: (a: unknown, b: unknown): boolean => a === b,
  /** "1 234" style grouping of a number of bytes or KiB, for tables. */
  num: (n: unknown): string => (typeof n === 'number' ? n.toLocaleString('en-US') : ''),
  plural: (n: unknown, one: string, many: string): string => (n === 1 ? one : many),
  /** A status line ("Wrong answer on test 3") in the page's interface language. */
  statusWords: (text: unknown, options: { data?: { root?: { uiLang?: 'en' | 'zh' } } }): string => translateStatus(String(text ?? ''), options.data?.root?.uiLang ?? 'en'),
};
