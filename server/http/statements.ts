import { STORED_HASH_PREFIX } from '../problem-store/store';
import { renderStatement } from '../render/markdown';
import type { Db } from '../storage/db';
import { getProblem, listSamples, type ProblemHeader } from '../storage/problems';

export type Lang = 'en' | 'zh';

export interface StatementView {
  hash: string;
  en: { before: string; after: string };
  zh: { before: string; after: string };
  samples: { input: string; output: string }[];
}

/**
 * Rendered statements and samples, cached per problem until its package hash changes (both only
 * change on re-import): KaTeX costs milliseconds per formula, the problem page must cost far less.
 */
export class StatementCache {
  private readonly cache = new Map<string, StatementView>();

  constructor(private readonly db: Db) {}

  get(header: Pick<ProblemHeader, 'slug' | 'contentHash'>): StatementView {
    const hit = this.cache.get(header.slug);
    if (hit && hit.hash === header.contentHash) return hit;
    const p = getProblem(this.db, header.slug);
    if (!p) throw new Error(`problem ${header.slug} vanished from the database`);
    // A stored problem's statement came from outside: its raw HTML is shown as text.
    const untrusted = p.contentHash.startsWith(STORED_HASH_PREFIX);
    const view: StatementView = {
      hash: p.contentHash,
      en: renderStatement(p.statementEn, { untrusted }),
      zh: renderStatement(p.statementZh, { untrusted }),
      samples: listSamples(this.db, p.slug),
    };
    this.cache.set(header.slug, view);
    return view;
  }
}
