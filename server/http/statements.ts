import { STORED_HASH_PREFIX } from '../problem-store/store';
import { statementRenderer, type StatementHtml, type StatementRenderer } from '../render/statement-renderer';
import type { Db } from '../storage/db';
import { getProblem, listSamples, type ProblemHeader } from '../storage/problems';
import { said, sayIn, type Said } from '../text/messages';
import { escapeHtml } from './stored-highlight';

export type Lang = 'en' | 'zh';

export interface StatementView {
  hash: string;
  en: StatementHtml;
  zh: StatementHtml;
  samples: { input: string; output: string }[];
  /** Why a statement is shown as broken (stored before the bounds, or failing now), or null. */
  broken: Said | null;
}

/**
 * Rendered statements and samples, cached per problem until its package hash changes (both only
 * change on re-import). Rendering is in the statement thread, within its bounds
 * (server/render/statement-renderer.ts): the HTTP thread only waits for it, and a statement that
 * does not render in bound is shown as a sentence saying so, never a 500. One render per problem
 * and version is in flight at a time, however many pages ask.
 */
export class StatementCache {
  private readonly cache = new Map<string, StatementView>();
  private readonly pending = new Map<string, Promise<StatementView>>();

  constructor(
    private readonly db: Db,
    private readonly renderer: StatementRenderer = statementRenderer(),
  ) {}

  get(header: Pick<ProblemHeader, 'slug' | 'contentHash'>): Promise<StatementView> {
    const hit = this.cache.get(header.slug);
    if (hit && hit.hash === header.contentHash) return Promise.resolve(hit);
    const key = `${header.slug}\0${header.contentHash}`;
    let p = this.pending.get(key);
    if (!p) {
      p = this.build(header.slug).finally(() => this.pending.delete(key));
      this.pending.set(key, p);
    }
    return p;
  }

  private async build(slug: string): Promise<StatementView> {
    const p = getProblem(this.db, slug);
    if (!p) throw new Error(`problem ${slug} vanished from the database`);
    // A stored problem's statement came from outside: its raw HTML is shown as text.
    const untrusted = p.contentHash.startsWith(STORED_HASH_PREFIX);
    const [en, zh] = await Promise.all([
      this.renderer.render({ source: p.statementEn, lang: 'en', untrusted }),
      p.statementZh === p.statementEn ? null : this.renderer.render({ source: p.statementZh, lang: 'zh', untrusted }),
    ]);
    const enAnswer = en;
    const zhAnswer = zh ?? en;
    const broken = !enAnswer.ok ? enAnswer.said : !zhAnswer.ok ? zhAnswer.said : null;
    const shown = (lang: Lang, a: typeof en): StatementHtml => (a.ok ? a.html : { before: brokenHtml(a.said, lang), after: '' });
    const view: StatementView = { hash: p.contentHash, en: shown('en', enAnswer), zh: shown('zh', zhAnswer), samples: listSamples(this.db, p.slug), broken };
    this.cache.set(slug, view);
    return view;
  }
}

function brokenHtml(why: Said, lang: Lang): string {
  return `<p class="statement-broken" role="alert">${escapeHtml(sayIn(said('statement.broken', why), lang))}</p>\n`;
}
