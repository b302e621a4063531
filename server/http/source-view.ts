/**
 * How a submission's source and compiler output are shown: line numbers that are link targets
 * (`#L11`), and compiler positions ("11:1 error TS2322: …") that link to them.
 */
import { languageSpec, type LanguageId } from '../languages/registry';
import { escapeHtml } from './stored-highlight';

export interface SourceView {
  html: string;
  /** 1..n, one per line of the source, for the gutter. */
  lineNumbers: number[];
  /** highlight.js's name of the language (`typescript`, `cpp`, `python`): the code block's class. */
  languageCode: string;
  /** The download's extension (`ts`, `js`, `cpp`, `py`). */
  extension: string;
}

/** `html` is the source already highlighted (http/stored-highlight.ts): nothing heavy happens here. */
export function sourceView(source: string, language: LanguageId, html: string): SourceView {
  const lines = source.endsWith('\n') ? source.slice(0, -1).split('\n').length : source.split('\n').length;
  return {
    html,
    lineNumbers: Array.from({ length: lines }, (_, i) => i + 1),
    languageCode: languageSpec(language).highlight,
    extension: languageSpec(language).extension,
  };
}

/**
 * Compiler output as HTML: each "line:col" at the start of a line ("main.cpp:line:col" from g++)
 * links to that source line.
 */
export function compileOutputHtml(text: string, lineCount: number): string {
  return escapeHtml(text).replace(/^(?:main\.(?:cpp|py):)?(\d+):(\d+)\b/gm, (whole, line: string) => {
    const n = Number(line);
    return n >= 1 && n <= lineCount ? `<a href="#L${n}" class="source-position">${whole}</a>` : whole;
  });
}
