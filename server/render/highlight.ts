import hljs from 'highlight.js/lib/core';
import typescript from 'highlight.js/lib/languages/typescript';

hljs.registerLanguage('typescript', typescript);

/** Submitted source as highlighted HTML; highlight.js escapes the text it wraps. */
export function highlightTypeScript(source: string): string {
  return hljs.highlight(source, { language: 'typescript', ignoreIllegals: true }).value;
}
