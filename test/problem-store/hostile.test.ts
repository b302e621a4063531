import { closeSync, existsSync, openSync, readdirSync, ftruncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportPackage, packageZip, writePackage } from '../../server/package-format/export';
import { readZip } from '../../server/package-format/unzip';
import { zipFiles } from '../../server/package-format/zip';
import { importPackage } from '../../server/problem-store';
import { VALIDATOR_LIMITS } from '../../server/problem-store/output-validator';
import { INPUT_VALIDATOR_LIMITS } from '../../server/problem-store/input-validators';
import { renderStatement } from '../../server/render/markdown';
import { getProblem, getProblemHeader } from '../../server/storage/problems';
import { importWorkspace } from './import-workspace';

/**
 * Hostile packages, each refused or contained with a sentence, with real files: every refusal
 * leaves the database without the problem and the data directory without a leftover.
 */
const { work, dataDir, compiler, sandboxP, db } = importWorkspace('sg-hostile-');

const reasonsOf = (r: { ok: boolean; reasons?: string[] }) => (r.ok ? '' : r.reasons!.join('\n'));
async function importZip(zip: Buffer, as?: string) {
  return importPackage(db, { zip, fileName: 'pkg.zip' }, { dataDir, as, owner: null, compiler, sandbox: await sandboxP });
}

/** A zip whose one entry claims `size` bytes (or holds `data` deflated), with a chosen name and mode. */
function craftedZip(name: string, data: Buffer, opts: { mode?: number; claimSize?: number } = {}): Buffer {
  // Built with a harmless name of the same length, then the name and fields rewritten in place.
  const built = zipFiles([{ path: name.replace(/\.\./g, 'QQ').replace(/^\//, 'R'), data }]);
  let out = Buffer.from(built);
  const fix = (from: string, to: string) => {
    const a = Buffer.from(from);
    for (let p = out.indexOf(a); p >= 0; p = out.indexOf(a, p + 1)) Buffer.from(to).copy(out, p);
  };
  if (name.includes('..')) fix(name.replace(/\.\./g, 'QQ'), name);
  if (name.startsWith('/')) fix(`R${name.slice(1)}`, name);
  const central = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  if (opts.mode !== undefined) out.writeUInt32LE((opts.mode << 16) >>> 0, central + 38);
  if (opts.claimSize !== undefined) {
    out.writeUInt32LE(opts.claimSize, central + 24);
    out.writeUInt32LE(opts.claimSize, 22);
  }
  return out;
}

function noLeftovers(): void {
  const tmp = join(dataDir, 'import-tmp');
  expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
}

describe('hostile packages', () => {
  it('a zip bomb: refused from its central directory, nothing inflated', async () => {
    // 100 MiB of zeros deflate to ~100 KB: the declared size breaks the per-file bound.
    const zeros = Buffer.alloc(100 * 1024 * 1024);
    const bomb = zipFiles([{ path: 'bomb/data/secret/1.in', data: zeros }]);
    expect(bomb.length).toBeLessThan(200_000);
    const r = await importZip(bomb);
    expect(reasonsOf(r)).toMatch(/bomb\/data\/secret\/1\.in" is 104857600 bytes; a file may hold at most 16777216\. It was not inflated\./);
    // Under the per-file bound but at a ratio no package has: refused as a bomb.
    const ratio = readZip(zipFiles([{ path: 'p/a.in', data: Buffer.alloc(8 * 1024 * 1024) }]));
    expect(reasonsOf(ratio)).toMatch(/inflates \d+ times .* refused as a zip bomb, not inflated/);
    // A header that understates the size: zlib stops at the declared size.
    const liar = readZip(craftedZip('p/a.in', Buffer.alloc(1024 * 1024, 0x31), { claimSize: 1000 }));
    expect(reasonsOf(liar)).toMatch(/inflates to more than the 1000 bytes its header declares/);
    noLeftovers();
  });

  it('names with ".." and absolute names are refused, a link leaving the package is left out; nothing is written outside', async () => {
    const outside = join(work, 'escaped.txt');
    const up = readZip(craftedZip('../../escaped.txt', Buffer.from('x\n')));
    expect(reasonsOf(up)).toMatch(/a name with "\.\.", which would reach outside the package/);
    const abs = readZip(craftedZip(`/${outside.slice(1)}`, Buffer.from('x\n')));
    expect(reasonsOf(abs)).toMatch(/an absolute name; a package holds only relative paths/);
    // A link leaving the package is never followed: left out, said (test/package-format/zip-links.test.ts has the rest).
    const link = readZip(craftedZip('p/data/secret/1.in', Buffer.from('/etc/passwd'), { mode: 0o120777 }));
    expect(link.ok && link.entries).toEqual([]);
    expect(link.ok && link.notes).toEqual(['p/data/secret/1.in is a symbolic link to "/etc/passwd", outside the package: never followed, left out.']);
    // A backslash names no path here: that file is left out with a note (DOMjudge's hello ships
    // `test-file name\#.c`), the rest of the zip is read; "..\..\x" is never written either.
    for (const name of ['p/submissions/accepted/test-file name\\#.c', '..\\..\\escaped.txt']) {
      const slash = readZip(zipFiles([{ path: name, data: Buffer.from('x\n') }, { path: 'p/data/secret/1.in', data: Buffer.from('1\n') }]));
      expect(slash.ok && slash.entries.map((e) => e.path), name).toEqual(['p/data/secret/1.in']);
      expect(slash.ok && slash.notes[0], name).toMatch(/^1 file\(s\) of the zip have a backslash in their name and were left out/);
    }
    const r = await importZip(craftedZip('../../escaped.txt', Buffer.from('x\n')));
    expect(r.ok).toBe(false);
    expect(existsSync(outside)).toBe(false);
    noLeftovers();
  });

  it('a package of a million files: refused from the count its directory declares, nothing listed', () => {
    // A ZIP64 end record claiming 10^6 entries, as an archive of a million files has.
    const z64 = Buffer.alloc(56);
    z64.writeUInt32LE(0x06064b50, 0);
    z64.writeBigUInt64LE(44n, 4);
    z64.writeBigUInt64LE(1_000_000n, 24);
    z64.writeBigUInt64LE(1_000_000n, 32);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(0n, 8);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(0xffff, 8);
    end.writeUInt16LE(0xffff, 10);
    end.writeUInt32LE(0xffffffff, 16);
    const r = readZip(Buffer.concat([z64, locator, end]));
    expect(reasonsOf(r)).toBe('The zip lists 1000000 entries; a package may hold at most 10000 files.');
    // A plain zip over a small bound: the same sentence, before any entry is read.
    const many = zipFiles(Array.from({ length: 50 }, (_, i) => ({ path: `p/data/secret/${i}.in`, data: Buffer.from('1\n') })));
    expect(reasonsOf(readZip(many, { maxEntries: 20 }))).toBe('The zip lists 50 entries; a package may hold at most 20 files.');
  });

  it('a 50 MB test: refused by the per-file bound without reading it (a zip, and a sparse file in a folder)', async () => {
    const dir = writePackage(await exportPackage('kiki'), join(work, 'big'));
    const fd = openSync(join(dir, 'data/secret/zz-big.in'), 'w');
    ftruncateSync(fd, 50 * 1024 * 1024);
    closeSync(fd);
    writeFileSync(join(dir, 'data/secret/zz-big.ans'), '1\n');
    const r = await importPackage(db, { path: dir }, { dataDir, as: 'big-kiki', owner: null, compiler, sandbox: await sandboxP });
    expect(reasonsOf(r)).toMatch(/data\/secret\/zz-big\.in is 52428800 bytes; a file may hold at most 16777216/);
    expect(getProblemHeader(db, 'big-kiki')).toBeUndefined();
  });

  it('an output validator that loops is stopped by the sandbox and the import refused with a sentence', async () => {
    const exported = await exportPackage('kiki');
    const files = exported.files.map((f) =>
      f.path === 'data/testdata.yaml' ? { ...f, data: Buffer.from('') } : f,
    );
    files.push({ path: 'output_validator/validate.ts', data: Buffer.from('function check(input: string, answer: string, output: string): true | string {\n  for (;;) {}\n}\n') });
    const started = Date.now();
    const r = await importZip(packageZip({ ...exported, files }), 'loop-kiki');
    expect(reasonsOf(r)).toMatch(new RegExp(`The accepted solution fast\\.ts gets IE on test 1 \\(test 1 \\(1\\): the output validator ran longer than ${VALIDATOR_LIMITS.timeMs} ms and was stopped\\)`));
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(getProblemHeader(db, 'loop-kiki')).toBeUndefined();
    noLeftovers();
  });

  it('an input validator that loops is stopped by its CPU limit, run no further, and the import refused with a sentence', async () => {
    const exported = await exportPackage('kiki');
    const files = [...exported.files, { path: 'input_validators/loop/validate.ts', data: Buffer.from("for (;;) {}\n") }];
    const started = Date.now();
    const r = await importZip(packageZip({ ...exported, files }), 'loop-input-kiki');
    expect(reasonsOf(r)).toBe(`The input validator input_validators/loop/validate.ts ran longer than ${INPUT_VALIDATOR_LIMITS.timeMs} ms on data/sample/1.in and was stopped; it was not run on further inputs.`);
    // One limit, not one per test: a looping validator is not run again.
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(r.solutions).toEqual([]);
    expect(getProblemHeader(db, 'loop-input-kiki')).toBeUndefined();
    noLeftovers();
  });

  it('a statement with raw HTML and a script is stored as written and shown as text', async () => {
    const exported = await exportPackage('kiki');
    const evil = 'Win the game. <script>alert(1)</script> <img src=x onerror="alert(2)"> [link](javascript:alert(3)) $a^2$\n';
    const files = exported.files.map((f) => (f.path === 'statement/problem.en.md' ? { ...f, data: Buffer.from(evil) } : f));
    const r = await importZip(packageZip({ ...exported, files }), 'html-kiki');
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    const html = renderStatement(getProblem(db, 'html-kiki')!.statementEn, { untrusted: true }).before;
    expect(html).not.toMatch(/<script|<img|javascript:/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('class="katex"');
  });
});
