import katex from 'katex';
import { Marked, type TokenizerAndRendererExtension, type Tokens } from 'marked';
import { safeHref } from './safe-url';

/**
 * Problem statements: markdown with TeX math, rendered to HTML once on the server, so pages show
 * typeset formulas without client JavaScript. `$...$` is inline math and `$$...$$` display math;
 * `\$` is a literal dollar. A formula KaTeX cannot parse is shown as its source in red instead of
 * failing the page.
 */
function renderMath(tex: string, displayMode: boolean): string {
  return katex.renderToString(tex, { displayMode, throwOnError: false, output: 'htmlAndMathml' });
}

interface MathToken extends Tokens.Generic {
  text: string;
  display: boolean;
}

const blockMath: TokenizerAndRendererExtension = {
  name: 'blockMath',
  level: 'block',
  start: (src) => src.match(/^ {0,3}\$\$/m)?.index,
  tokenizer(src) {
    const m = /^ {0,3}\$\$([\s\S]+?)\$\$[ \t]*(?:\n+|$)/.exec(src);
    if (m) return { type: 'blockMath', raw: m[0], text: m[1]!.trim(), display: true } satisfies MathToken;
    return undefined;
  },
  renderer: (token) => `<div class="math-display">${renderMath((token as MathToken).text, true)}</div>\n`,
};

const inlineMath: TokenizerAndRendererExtension = {
  name: 'inlineMath',
  level: 'inline',
  start: (src) => {
    const i = src.indexOf('$');
    return i < 0 ? undefined : i;
  },
  tokenizer(src) {
    const display = /^\$\$((?:\\.|[^\\$])+?)\$\$/.exec(src);
    if (display) return { type: 'inlineMath', raw: display[0], text: display[1]!.trim(), display: true } satisfies MathToken;
    // No blank line inside, and not "$ " / " $" so prices like "$5 and $6" stay text.
    const inline = /^\$(?![\s$])((?:\\.|[^\\$\n]|\n(?!\n))+?)(?<!\s)\$/.exec(src);
    if (inline) return { type: 'inlineMath', raw: inline[0], text: inline[1]!, display: false } satisfies MathToken;
    return undefined;
  },
  renderer: (token) => renderMath((token as MathToken).text, (token as MathToken).display),
};

const marked = new Marked({ gfm: true, extensions: [blockMath, inlineMath] });

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Markdown from outside (an imported package's statement): raw HTML is shown as text, never
 * rendered, and links and images keep only http(s), mailto and relative addresses as the browser
 * reads them (server/render/safe-url.ts), so a statement cannot bring a script, a style or a
 * javascript:, vbscript: or data: link into the page.
 */
const untrusted = new Marked({
  gfm: true,
  extensions: [blockMath, inlineMath],
  walkTokens(token) {
    // Checked as the browser will read the attribute (entities decoded, case ignored): safe-url.ts.
    if (token.type === 'link' || token.type === 'image') (token as Tokens.Link).href = safeHref((token as Tokens.Link).href);
  },
  renderer: {
    html: (token: Tokens.HTML | Tokens.Tag) => escapeHtml(token.text),
  },
});

export function renderMarkdown(source: string): string {
  return marked.parse(source, { async: false });
}

export function renderUntrustedMarkdown(source: string): string {
  return untrusted.parse(source, { async: false });
}

/** The marker in a statement where the page puts the samples. */
export const SAMPLES_MARKER = '<!-- samples -->';

/** A statement rendered in two parts: before the samples and after them. */
export function renderStatement(source: string, opts: { untrusted?: boolean } = {}): { before: string; after: string } {
  const at = source.indexOf(SAMPLES_MARKER);
  const render = opts.untrusted ? renderUntrustedMarkdown : renderMarkdown;
  if (at < 0) return { before: render(source), after: '' };
  return {
    before: render(source.slice(0, at)),
    after: render(source.slice(at + SAMPLES_MARKER.length)),
  };
}
