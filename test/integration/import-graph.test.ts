import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/server';

/**
 * The layering of server/: which folder's modules import which other folder's. Read from the
 * import statements themselves (static, type-only, re-exports, dynamic import() and worker entries
 * named with new URL(...)), so a new cycle fails here before it confuses a reader.
 */
const SERVER = join(ROOT, 'server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

const SPECIFIERS = [
  /^\s*(?:import|export)\s+(?:type\s+)?[^'";]*?\sfrom\s*['"]([^'"]+)['"]/gm,
  /^\s*import\s*['"]([^'"]+)['"]/gm,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\bnew URL\(\s*['"](\.[^'"]+)['"]\s*,\s*import\.meta\.url\s*\)/g,
];

/** The top-level folder of server/ a file belongs to ('.' for server/main.ts and the like). */
function folderOf(file: string): string {
  // An import of a folder ('../sandbox') names its index.ts.
  const rel = existsSync(file) && statSync(file).isDirectory() ? relative(SERVER, join(file, 'index.ts')) : relative(SERVER, file);
  return rel.includes('/') ? rel.split('/')[0]! : '.';
}

/** Folder → folders it imports from (relative imports inside server/ only). */
function folderGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(SERVER)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of SPECIFIERS) {
      for (const m of text.matchAll(pattern)) {
        const spec = m[1]!;
        if (!spec.startsWith('.')) continue;
        const target = resolve(dirname(file), spec);
        if (!target.startsWith(SERVER + '/')) continue;
        const from = folderOf(file);
        const to = folderOf(target);
        if (from === to) continue;
        const edges = graph.get(from) ?? new Map<string, string[]>();
        graph.set(from, edges);
        edges.set(to, [...(edges.get(to) ?? []), relative(ROOT, file)]);
      }
    }
  }
  return graph;
}

/** Every cycle's folders, found by depth-first search from each folder. */
function cycles(graph: Map<string, Map<string, string[]>>): string[][] {
  const found: string[][] = [];
  const seen = new Set<string>();
  const walk = (node: string, path: string[]): void => {
    const at = path.indexOf(node);
    if (at >= 0) {
      const cycle = path.slice(at);
      const key = [...cycle].sort().join(',');
      if (!seen.has(key)) {
        seen.add(key);
        found.push([...cycle, node]);
      }
      return;
    }
    for (const next of graph.get(node)?.keys() ?? []) walk(next, [...path, node]);
  };
  for (const node of graph.keys()) walk(node, []);
  return found;
}

describe('the import graph of server/', () => {
  const graph = folderGraph();

  it('is read from real imports (sanity: the judge thread imports the grader and storage)', () => {
    expect([...(graph.get('queue')?.keys() ?? [])]).toEqual(expect.arrayContaining(['judge', 'storage', 'sandbox']));
    expect([...(graph.get('http')?.keys() ?? [])]).toContain('storage');
  });

  it('has no cycle between folders', () => {
    const described = cycles(graph).map((c) => {
      const steps = c.slice(0, -1).map((from, i) => `${from} → ${c[i + 1]} (${graph.get(from)!.get(c[i + 1]!)![0]})`);
      return steps.join(', ');
    });
    expect(described).toEqual([]);
  });

  it('points inward: nothing below the web layer imports from http/, judge threads do not render pages', () => {
    for (const [from, edges] of graph) {
      if (from === '.') continue;
      expect(edges.has('http'), `${from}/ imports from http/: ${edges.get('http')?.join(', ')}`).toBe(false);
    }
    expect(graph.get('queue')?.has('render') ?? false, 'queue/ imports from render/').toBe(false);
  });

  it('keeps problem packages free of the machinery that stores and queues them', () => {
    const problems = graph.get('problems');
    for (const folder of ['storage', 'queue', 'import', 'http']) expect(problems?.has(folder) ?? false, `problems/ imports ${folder}/`).toBe(false);
  });
});
