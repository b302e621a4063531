import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/server';

/**
 * The HTTP thread never loads the TypeScript compiler: it parses nothing, compiles nothing, and a
 * page must not wait behind a 9 MB module. Read from the import statements that run when
 * `server/main.ts` loads (static imports and re-exports; `import type` is erased). Worker-thread
 * entries (new URL(...)) run elsewhere, and a dynamic import() runs only where its function is
 * called, so neither is followed: the judge threads compile, and student lab code runs there.
 */
const STATIC_IMPORTS = [/^\s*(?:import|export)\s+(?!type\s)[^'";]*?\sfrom\s*['"]([^'"]+)['"]/gm, /^\s*import\s*['"]([^'"]+)['"]/gm];

/** A module that calls the lazy loader at its top level loads TypeScript when it is imported. */
const LOADS_AT_TOP_LEVEL = /^(?:export\s+)?const\s+\w+\s*=\s*typescript\(\)/m;

function resolveSource(path: string): string | null {
  for (const candidate of [path, `${path}.ts`, join(path, 'index.ts')]) if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** Every server file the main thread loads, each with the file that first imports it. */
function modulesFrom(entry: string): { files: Map<string, string | null>; packages: Map<string, string> } {
  const files = new Map<string, string | null>();
  const packages = new Map<string, string>();
  const visit = (file: string, from: string | null): void => {
    if (files.has(file)) return;
    files.set(file, from);
    const text = readFileSync(file, 'utf8');
    // The compiler's own modules load it (platform/lazy-typescript.ts) as they are evaluated.
    if (LOADS_AT_TOP_LEVEL.test(text) && !packages.has('typescript')) packages.set('typescript', file);
    for (const pattern of STATIC_IMPORTS) {
      for (const m of text.matchAll(pattern)) {
        const spec = m[1]!;
        if (!spec.startsWith('.')) {
          if (!packages.has(spec)) packages.set(spec, file);
          continue;
        }
        const target = resolveSource(resolve(dirname(file), spec));
        if (target) visit(target, file);
      }
    }
  };
  visit(join(ROOT, entry), null);
  return { files, packages };
}

function chain(files: Map<string, string | null>, file: string): string {
  const steps: string[] = [];
  for (let f: string | null | undefined = file; f; f = files.get(f)) steps.push(relative(ROOT, f));
  return steps.reverse().join(' → ');
}

describe('the HTTP thread', () => {
  const { files, packages } = modulesFrom('server/main.ts');

  it('is read from real imports (sanity: it loads the web app, storage and the judge queue)', () => {
    const loaded = [...files.keys()].map((f) => relative(ROOT, f));
    expect(loaded).toEqual(expect.arrayContaining(['server/http/app.ts', 'server/storage/db.ts', 'server/queue/judge-queue.ts', 'server/lab/lab.ts']));
    expect([...packages.keys()]).toEqual(expect.arrayContaining(['express', 'better-sqlite3']));
  });

  it('would be seen loading the compiler (sanity: from the compiler entry, TypeScript is found)', () => {
    const compiler = modulesFrom('server/compile/index.ts');
    expect(compiler.packages.has('typescript')).toBe(true);
  });

  it('does not load the TypeScript compiler', () => {
    const importer = packages.get('typescript');
    expect(importer && `typescript is imported by ${chain(files, importer)}`).toBeUndefined();
  });
});
