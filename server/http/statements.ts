import { renderStatement } from '../render/markdown';
import type { ProblemRow } from '../storage/problems';

export type Lang = 'en' | 'zh';

interface Rendered {
  hash: string;
  en: { before: string; after: string };
  zh: { before: string; after: string };
}

/**
 * Rendered statements, cached per problem until its package hash changes: KaTeX rendering costs
 * milliseconds per formula, the problem page must cost far less.
 */
export class StatementCache {
  private readonly cache = new Map<string, Rendered>();

  get(p: ProblemRow): Rendered {
    const hit = this.cache.get(p.slug);
    if (hit && hit.hash === p.contentHash) return hit;
    const rendered: Rendered = { hash: p.contentHash, en: renderStatement(p.statementEn), zh: renderStatement(p.statementZh) };
    this.cache.set(p.slug, rendered);
    return rendered;
  }
}
