import hljs from 'highlight.js/lib/core';
import javascript from 'highlight.js/lib/languages/javascript';
import typescript from 'highlight.js/lib/languages/typescript';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import python from 'highlight.js/lib/languages/python';
import { languageSpec } from '../languages/registry';
import type { LanguageId } from '../languages/registry';

hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('javascript', javascript);
hljs.registerLanguage('cpp', cpp);
hljs.registerLanguage('c', c);
hljs.registerLanguage('python', python);

/** What the highlighting thread is asked: a source and the language it is highlighted as. */
export interface HighlightRequest {
  source: string;
  language: LanguageId;
}

/** Submitted source as highlighted HTML in its own language; highlight.js escapes the text it wraps. */
export function highlightSource(source: string, language: LanguageId): string {
  return hljs.highlight(source, { language: languageSpec(language).highlight, ignoreIllegals: true }).value;
}
