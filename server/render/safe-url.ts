import { decodeHTMLAttribute } from 'entities';

/** The schemes a statement from outside may link to; an address without a scheme is relative. */
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * The address a browser would follow for a link or image marked writes with `href` (marked puts it
 * in the attribute after `encodeURI`, leaving entities such as `&colon;` as written), when that
 * address is relative or http(s)/mailto; null otherwise. Checked as the browser reads it: every HTML
 * entity decoded (named ones included: `JaVaScRiPt&colon;alert(4)` is `javascript:alert(4)`), tabs
 * and line breaks dropped and C0 controls and spaces trimmed (the URL parser does both), the scheme
 * compared without case. Entities were decoded in a hand-written check before, which missed the
 * named ones: `entities` is the HTML spec's table, kept with parse5 and htmlparser2.
 */
export function browserUrl(href: string): string | null {
  let written: string;
  try {
    written = encodeURI(href).replace(/%25/g, '%');
  } catch {
    return null;
  }
  const seen = decodeHTMLAttribute(written)
    .replace(/[\t\n\r]/g, '')
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(seen);
  if (scheme && !ALLOWED_SCHEMES.has(scheme[1]!.toLowerCase())) return null;
  // A colon before any / ? # that did not make a scheme (":x", "1a:b") is refused rather than guessed at.
  if (!scheme && /^[^/?#]*:/.test(seen)) return null;
  return seen;
}

/**
 * The href to give marked so the page holds exactly `browserUrl`'s address: its `&` written as
 * `&amp;` (marked does not escape it), so the browser's one decoding gives back what was checked
 * and a doubly-encoded `&amp;colon;` cannot become a colon. `#` when the address is refused.
 */
export function safeHref(href: string): string {
  const url = browserUrl(href);
  return url === null ? '#' : url.replace(/&/g, '&amp;');
}
