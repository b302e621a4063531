import { said, type Said } from '../text/messages';

/**
 * What a statement may cost to render. marked and KaTeX recurse once per level of nesting: 5,000
 * nested braces (a 1.8 KB zip) overflowed the stack, and a 4 MB nested list took 118 s. A
 * statement past a bound is refused at import and publish with a sentence, and one stored before
 * is shown as broken; within them it is still rendered in a thread of its own, under a time limit
 * (statement-renderer.ts), so nothing of it runs on the HTTP thread.
 */
export const STATEMENT_BOUNDS = {
  /** Per language; a built-in statement is a few KiB, a typed draft at most 64 KiB. */
  bytes: 256 * 1024,
  /** Braces, brackets, parentheses, quote marks, list indentation or a run of emphasis marks. */
  depth: 64,
  /** Wall time of one statement's rendering in the statement thread. */
  renderMs: 5_000,
} as const;

/**
 * The deepest nesting of a statement, counted without parsing it (linear, no recursion): `{[(`
 * against their closers, `>` quote marks and list indentation (two spaces a level) at a line's
 * start, and runs of `*`, `_` or `~` inside a line (a line of them alone is a rule).
 */
export function nestingDepth(source: string): number {
  let deepest = 0;
  let open = 0;
  let lineStart = true;
  let indent = 0;
  let quotes = 0;
  let run = 0;
  let runChar = 0;
  let lineOnlyRun = true;
  let lineRun = 0;
  for (let i = 0; i <= source.length; i++) {
    const c = i < source.length ? source.charCodeAt(i) : 10;
    if (c === 10) {
      if (!lineOnlyRun) deepest = Math.max(deepest, lineRun);
      lineStart = true;
      indent = 0;
      quotes = 0;
      run = 0;
      lineRun = 0;
      lineOnlyRun = true;
      continue;
    }
    if (lineStart) {
      if (c === 32) indent++;
      else if (c === 9) indent += 4;
      else if (c === 62) quotes++;
      else {
        lineStart = false;
        deepest = Math.max(deepest, quotes, Math.floor(indent / 2));
      }
      if (lineStart) continue;
    }
    if (c === 123 || c === 91 || c === 40) deepest = Math.max(deepest, ++open);
    else if ((c === 125 || c === 93 || c === 41) && open > 0) open--;
    if (c === 42 || c === 95 || c === 126) {
      run = c === runChar ? run + 1 : 1;
      runChar = c;
      lineRun = Math.max(lineRun, run);
    } else {
      runChar = 0;
      run = 0;
      if (c !== 32) lineOnlyRun = false;
    }
  }
  return deepest;
}

/** Why a statement is not rendered (too large or too deep), or null. */
export function statementFault(source: string, lang: string): Said | null {
  const bytes = Buffer.byteLength(source, 'utf8');
  if (bytes > STATEMENT_BOUNDS.bytes) return said('statement.too-large', lang, bytes, STATEMENT_BOUNDS.bytes);
  const depth = nestingDepth(source);
  if (depth > STATEMENT_BOUNDS.depth) return said('statement.too-deep', lang, depth, STATEMENT_BOUNDS.depth);
  return null;
}
