import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README is one screen and everything else lives in docs/: a link that no longer resolves (a
 * file renamed, a heading reworded) strands the reader, so every relative link and anchor of the
 * README and of docs/*.md is checked here.
 */
const ROOT = path.resolve(__dirname, '../..');
const FILES = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let inCode = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inCode = !inCode;
    const m = inCode ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (!m) continue;
    const base = m[1]!.trim().toLowerCase().replace(/[^\p{L}\p{N}_\- ]/gu, '').replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

function linksOf(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/i.test(l));
}

describe('README and docs/ links', () => {
  it('the README fits on one screen (at most 75 lines)', () => {
    expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(75);
  });

  for (const file of FILES) {
    it(`${file}: every relative link and anchor resolves`, () => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      const broken: string[] = [];
      for (const link of linksOf(text)) {
        const [target, anchor] = link.split('#') as [string, string | undefined];
        const resolved = target === '' ? path.join(ROOT, file) : path.resolve(path.dirname(path.join(ROOT, file)), target);
        if (!existsSync(resolved)) {
          broken.push(`${link}: no file ${path.relative(ROOT, resolved)}`);
          continue;
        }
        if (anchor && resolved.endsWith('.md') && !anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)) {
          broken.push(`${link}: no heading #${anchor} in ${path.relative(ROOT, resolved)}`);
        }
      }
      expect(broken).toEqual([]);
    });
  }
});
