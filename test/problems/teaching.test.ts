import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG, inLearningOrder, nextInOrder } from '../../problems/catalog';
import { listSlugs, PROBLEMS_DIR } from '../../server/problems/registry';
import { splitHints } from '../../server/problems/teaching';

const read = (slug: string, name: string) => readFileSync(join(PROBLEMS_DIR, slug, name), 'utf8');

describe.each(listSlugs())('teaching texts of %s', (slug) => {
  it.each(['en', 'zh'])('%s: 2-3 hints, an editorial that states its complexity, and a statement that keeps the theory out', (lang) => {
    const hints = splitHints(read(slug, `hints.${lang}.md`));
    expect(hints.length).toBeGreaterThanOrEqual(2);
    expect(hints.length).toBeLessThanOrEqual(3);
    const editorial = read(slug, `editorial.${lang}.md`);
    expect(editorial.trim().length).toBeGreaterThan(150);
    expect(editorial).toMatch(/O\(|复杂度|complexity/i);
    const statement = read(slug, `statement.${lang}.md`);
    expect(statement).toContain('<!-- samples -->');
    // The notes under the samples explain the first sample; the theorem that solves the problem
    // belongs to the editorial.
    const notes = statement.slice(statement.indexOf('<!-- samples -->'));
    expect(notes).not.toMatch(/theorem|定理|Sprague|Bouton|\\operatorname\{mex\}/i);
  });
});

describe('the learning order', () => {
  it('lists every package, in the order the notes teach, each slug once', () => {
    const slugs = CATALOG.map((e) => e.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of listSlugs()) expect(slugs).toContain(slug);
    expect(slugs.slice(0, 3)).toEqual(['bash-game', 'kiki', 'nim']);
    expect(slugs).toEqual(expect.arrayContaining(['colouring-game', 'shiritori', 'subtraction-game']));
    expect(slugs.indexOf('nim')).toBeLessThan(slugs.indexOf('flip-game'));
    expect(slugs.indexOf('flip-game')).toBeLessThan(slugs.indexOf('chess-link'));
  });

  it('puts unknown slugs last, by name, and finds the next problem among those present', () => {
    expect(inLearningOrder([{ slug: 'zzz' }, { slug: 'aaa' }, { slug: 'nim' }, { slug: 'bash-game' }]).map((p) => p.slug)).toEqual(['bash-game', 'nim', 'aaa', 'zzz']);
    expect(nextInOrder('nim', ['nim', 'ed', 'bash-game'])).toBe('ed');
    expect(nextInOrder('ed', ['nim', 'ed', 'bash-game'])).toBeNull();
  });
});
