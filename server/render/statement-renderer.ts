import { RequestThread } from '../platform/request-thread';
import { said, type Said } from '../text/messages';
import { STATEMENT_BOUNDS } from './statement-bounds';

export interface StatementRequest {
  source: string;
  /** The statement's language code, for the sentences. */
  lang: string;
  /** From outside (an imported package, a teacher's draft): raw HTML shown as text, links checked. */
  untrusted: boolean;
}

export type StatementHtml = { before: string; after: string };
export type StatementReply = { ok: true; html: StatementHtml } | { ok: false; said: Said };

/**
 * Statements rendered in a thread of their own (statement-thread.ts), each within
 * STATEMENT_BOUNDS.renderMs: a statement that overruns it, overflows the thread's stack or heap,
 * or is over the size and depth bounds comes back as a sentence, and the thread is replaced. The
 * HTTP thread, a judge thread at import and the publish route all use this one path.
 */
export class StatementRenderer {
  private readonly thread = new RequestThread<StatementRequest, StatementReply>(new URL('./statement-thread.ts', import.meta.url), { maxOldGenerationSizeMb: 256 });

  async render(req: StatementRequest): Promise<StatementReply> {
    const a = await this.thread.request(req, STATEMENT_BOUNDS.renderMs);
    if (a.ok) return a.reply;
    if (a.timedOut) return { ok: false, said: said('statement.too-slow', req.lang, STATEMENT_BOUNDS.renderMs / 1000) };
    return { ok: false, said: said('statement.failed', req.lang, a.lost) };
  }

  /** Why these statements would not render in bound (every one that would not), or nothing. */
  async refusals(statements: { en: string; zh: string }, untrusted: boolean): Promise<Said[]> {
    const out: Said[] = [];
    for (const lang of ['en', 'zh'] as const) {
      const r = await this.render({ source: statements[lang], lang, untrusted });
      if (!r.ok) out.push(r.said);
      // Chinese falls back to English: the same text need not be rendered twice.
      if (statements.zh === statements.en) break;
    }
    return out;
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}

let shared: StatementRenderer | null = null;
/** The process's (or judge thread's) one statement renderer, its thread started on first use. */
export function statementRenderer(): StatementRenderer {
  shared ??= new StatementRenderer();
  return shared;
}
