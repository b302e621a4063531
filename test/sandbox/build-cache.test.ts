import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHECKOUT_ROOT } from '../../server/platform/install-cache';
import { buildSources, cachedSources } from '../../server/sandbox/build';

const dir = mkdtempSync(path.join(tmpdir(), 'sg-sandbox-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface CacheFile {
  node: string;
  typescript: string;
  inputs: Record<string, string>;
  sources: { host: string; worker: string; runtime: string };
}
const readCache = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as CacheFile;

describe("the sandbox's built sources, kept between starts", () => {
  const file = path.join(dir, 'nested', 'sandbox.json');
  const fresh = buildSources();

  it('are what a build gives, and list every file the build read', () => {
    expect(cachedSources(file)).toEqual(fresh.sources);
    const cache = readCache(file);
    expect(cache.sources).toEqual(fresh.sources);
    expect(Object.keys(cache.inputs).sort()).toEqual(Object.keys(fresh.inputs).sort());
    // The runtime's modules, the two host files and what they inline, and the npm packages bundled in.
    expect(Object.keys(cache.inputs).some((f) => f.endsWith(path.join('runtime', 'index.ts')))).toBe(true);
    expect(Object.keys(cache.inputs).some((f) => f.endsWith(path.join('host', 'host.ts')))).toBe(true);
    expect(Object.keys(cache.inputs).some((f) => f.includes(`node_modules${path.sep}buffer${path.sep}`))).toBe(true);
    // Named relative to the checkout: a copy of it using the same packages (slow-reference's judge)
    // reads this build back instead of making its own and keeping it over this one.
    for (const f of Object.keys(cache.inputs)) expect(path.isAbsolute(f), f).toBe(false);
  });

  it('are read back while every input is unchanged', () => {
    const cache = readCache(file);
    const marked = { ...cache, sources: { ...cache.sources, runtime: `${cache.sources.runtime}\n// from the cache` } };
    writeFileSync(file, JSON.stringify(marked));
    expect(cachedSources(file).runtime.endsWith('// from the cache')).toBe(true);
  });

  it("are built again when they are another checkout's (a node_modules shared between two)", () => {
    const cache = readCache(file);
    // The same files, unchanged, but named by paths outside this checkout.
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'sg-other-checkout-'));
    try {
      const inputs: Record<string, string> = {};
      Object.entries(cache.inputs).forEach(([f, hash], i) => {
        const copy = path.join(elsewhere, `${i}.ts`);
        writeFileSync(copy, readFileSync(path.join(CHECKOUT_ROOT, f)));
        inputs[copy] = hash;
      });
      writeFileSync(file, JSON.stringify({ ...cache, inputs, sources: { ...cache.sources, runtime: `${cache.sources.runtime}\n// another checkout` } }));
      expect(cachedSources(file)).toEqual(fresh.sources);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('are built again when a file changed, the Node.js version differs, or the file is not a cache', () => {
    const cache = readCache(file);
    const marked = { ...cache, sources: { ...cache.sources, runtime: `${cache.sources.runtime}\n// stale` } };
    const [first] = Object.keys(cache.inputs);
    for (const stale of [
      { ...marked, inputs: { ...marked.inputs, [first!]: '0'.repeat(64) } },
      { ...marked, inputs: { ...marked.inputs, [`..${path.sep}${path.basename(path.dirname(CHECKOUT_ROOT + 'x'))}${path.sep}${first!}`]: marked.inputs[first!]! } },
      { ...marked, node: 'v0.0.1' },
      { ...marked, typescript: '0.0.0' },
      { ...marked, inputs: {} },
    ]) {
      writeFileSync(file, JSON.stringify(stale));
      expect(cachedSources(file)).toEqual(fresh.sources);
      // ...and the new build replaced the stale one.
      expect(readCache(file).sources).toEqual(fresh.sources);
    }
    for (const garbage of ['', '{', JSON.stringify({ sources: 1 }), '\u0000\u0001']) {
      writeFileSync(file, garbage);
      expect(cachedSources(file)).toEqual(fresh.sources);
    }
  });
});
