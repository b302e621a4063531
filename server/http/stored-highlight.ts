/**
 * A submission's highlighted source, computed once and stored: in the highlighting thread, within
 * a time limit, or skipped (plain escaped text) for sources with lines or tokens long enough to make
 * highlight.js slow. Every later view of the page reads the stored HTML, so a page costs the same
 * whatever the source.
 */
import { RequestThread } from '../platform/request-thread';
import type { LanguageId } from '../languages/registry';
import type { Db } from '../storage/db';
import type { HighlightRequest } from '../render/highlight';
import { getSourceHtml, saveSourceHtml } from '../storage/submissions';

/** Highlighting a 64 KiB source takes well under a second; past this it is shown plain. */
const HIGHLIGHT_MS = 3_000;
/** Longest line and longest word (identifier, number) that is highlighted; beyond, the source is shown plain. */
export const MAX_HIGHLIGHT_LINE = 2_000;
export const MAX_HIGHLIGHT_WORD = 256;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

/** True when highlight.js would be slow on this source (one 8,000-character identifier takes seconds). */
export function tooLongToHighlight(source: string): boolean {
  let line = 0;
  let word = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    line = c === 10 ? 0 : line + 1;
    // Letters, digits, _ and $ (and anything non-ASCII) make up one word.
    const inWord = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c > 127;
    word = inWord ? word + 1 : 0;
    if (line > MAX_HIGHLIGHT_LINE || word > MAX_HIGHLIGHT_WORD) return true;
  }
  return false;
}

export class StoredHighlight {
  private readonly thread = new RequestThread<HighlightRequest, string>(new URL('../render/highlight-thread.ts', import.meta.url), { maxOldGenerationSizeMb: 256 });
  private readonly pending = new Map<number, Promise<string>>();

  constructor(private readonly db: Db) {}

  /**
   * The submission's source as HTML, highlighted as its own language (JavaScript as JavaScript):
   * stored, or highlighted now (off the HTTP thread) and stored.
   */
  html(id: number, source: string, language: LanguageId): Promise<string> {
    const stored = getSourceHtml(this.db, id);
    if (stored !== null) return Promise.resolve(stored);
    let p = this.pending.get(id);
    if (!p) {
      p = this.compute(source, language).then(({ html, keep }) => {
        if (keep) saveSourceHtml(this.db, id, html);
        return html;
      });
      p.finally(() => this.pending.delete(id)).catch(() => {});
      this.pending.set(id, p);
    }
    return p;
  }

  private async compute(source: string, language: LanguageId): Promise<{ html: string; keep: boolean }> {
    if (tooLongToHighlight(source)) return { html: escapeHtml(source), keep: true };
    const a = await this.thread.request({ source, language }, HIGHLIGHT_MS);
    if (a.ok) return { html: a.reply, keep: true };
    // Over the time limit: plain for good. The thread lost for another reason: plain this time.
    return { html: escapeHtml(source), keep: a.timedOut };
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}
