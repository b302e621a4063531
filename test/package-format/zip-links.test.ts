import { describe, expect, it } from 'vitest';
import { readZip } from '../../server/package-format/unzip';
import { zipFiles, type ZipEntry } from '../../server/package-format/zip';
import { MAX_LINK_DEPTH } from '../../server/package-format/zip-links';
import { importPackage } from '../../server/problem-store';
import { listTests } from '../../server/storage/problems';
import { importWorkspace } from '../problem-store/import-workspace';
import { writeTree } from '../problem-store/format-fixtures';
import { parsePackage } from '../../server/package-format/parse';
import { join } from 'node:path';

/**
 * Symbolic links stored in a zip (as `zip -y` stores them): one whose target stays inside the
 * package is read as the file it names, through chains and linked folders; one that leaves it
 * (absolute, climbing out with `..`, or out through another link) is never followed and said.
 */
const file = (path: string, text: string): ZipEntry => ({ path, data: Buffer.from(text) });
const link = (path: string, target: string): ZipEntry => ({ path, data: Buffer.from(target), symlink: true });

const shared = (): ZipEntry[] => [
  file('shared/problem.yaml', 'name: Shared tests\nlimits:\n  memory: 256\n'),
  file('shared/problem_statement/problem.en.md', 'Print the number.\n'),
  file('shared/data/sample/1.in', '1\n'),
  file('shared/data/sample/1.ans', '1\n'),
  file('shared/data/secret/g1/a.in', '7\n'),
  file('shared/data/secret/g1/a.ans', '7\n'),
  // A whole group shared by a folder link, a file by a chain of two links.
  link('shared/data/secret/g2', 'g1'),
  link('shared/data/secret/g3/a.in', '../g1/a.in'),
  link('shared/data/secret/g3/a.ans', 'hop'),
  link('shared/data/secret/g3/hop', '../g2/a.ans'),
  // Leaving the package: absolute, by "..", and out through another link.
  link('shared/data/secret/abs.in', '/etc/passwd'),
  link('shared/data/secret/climb.in', '../../../../etc/passwd'),
  link('shared/data/up', '..'),
  link('shared/data/secret/through.in', '../up/../etc/passwd'),
  link('shared/data/secret/loop.in', 'loop.in'),
  file('shared/submissions/accepted/echo.ts', "process.stdout.write(require('fs').readFileSync(0, 'utf8'));\n"),
];

const { dataDir, compiler, sandboxP, db } = importWorkspace('sg-zip-links-');

describe('symbolic links inside a zip', () => {
  it('are read as the files they name when they stay inside, and left out with a sentence when they leave', () => {
    const r = readZip(zipFiles(shared()));
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    const got = new Map(r.entries.map((e) => [e.path, e.data.toString()]));
    expect(got.get('shared/data/secret/g2/a.in')).toBe('7\n');
    expect(got.get('shared/data/secret/g3/a.in')).toBe('7\n');
    expect(got.get('shared/data/secret/g3/a.ans')).toBe('7\n');
    for (const gone of ['abs.in', 'climb.in', 'through.in', 'loop.in']) expect(got.has(`shared/data/secret/${gone}`)).toBe(false);
    const notes = r.notes.join('\n');
    expect(notes).toContain('shared/data/secret/abs.in is a symbolic link to "/etc/passwd", outside the package: never followed, left out.');
    expect(notes).toContain('shared/data/secret/climb.in is a symbolic link to "../../../../etc/passwd", outside the package: never followed, left out.');
    expect(notes).toContain('shared/data/secret/through.in is a symbolic link to "../up/../etc/passwd", outside the package: never followed, left out.');
    expect(notes).toContain(`shared/data/secret/loop.in is a symbolic link to "loop.in" through more than ${MAX_LINK_DEPTH} links (or a loop): not followed, left out.`);
    expect(notes).toContain('shared/data/up is a symbolic link to a folder that holds it (a loop): left out.');
  });

  it('count every resolved file against the unpack budget, and refuse a file under a link', () => {
    // 40 links to one 1 MiB test: 41 MiB resolved, over a 32 MiB budget.
    const big = Buffer.alloc(1024 * 1024, 0x31);
    const entries = [{ path: 'p/data/secret/big.in', data: big }, ...Array.from({ length: 40 }, (_, i) => link(`p/data/secret/copy${i}.in`, 'big.in'))];
    const r = readZip(zipFiles(entries), { maxTotalBytes: 32 * 1024 * 1024 });
    expect(r.ok ? '' : r.reasons.join('\n')).toMatch(/symbolic links name more than its bounds allow \(10000 files, 33554432 bytes, each linked file counted again\)/);
    const under = readZip(zipFiles([link('p/data/x', '/tmp'), file('p/data/x/evil.in', 'x\n')]));
    expect(under.ok ? '' : under.reasons.join('\n')).toContain('"p/data/x/evil.in" lies under "p/data/x", which is a symbolic link.');
  });

  it('a folder: the same rule with real symbolic links', () => {
    const entries = shared();
    const dir = writeTree(
      join(dataDir, 'folder', 'shared'),
      Object.fromEntries(entries.filter((e) => !e.symlink).map((e) => [e.path.slice('shared/'.length), e.data.toString()])),
      Object.fromEntries(entries.filter((e) => e.symlink).map((e) => [e.path.slice('shared/'.length), e.data.toString()])),
    );
    const r = parsePackage(dir);
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    expect(r.pkg.secret.map((t) => [t.name, t.input, t.answer])).toEqual([['g1/a', '7\n', '7\n'], ['g2/a', '7\n', '7\n'], ['g3/a', '7\n', '7\n']]);
    const notes = r.pkg.notes.join('\n');
    for (const gone of ['abs.in', 'climb.in', 'through.in']) expect(notes).toContain(`data/secret/${gone} is a symbolic link to a file outside the package: never followed, left out.`);
    expect(notes).toContain('data/secret/loop.in is a symbolic link through a loop of links: never followed, left out.');
    expect(notes).toContain('data/up is a symbolic link to a folder that holds it (a loop): left out.');
  });


  it('import: the shared tests are judged, the links that leave are in the report', async () => {
    const r = await importPackage(db, { zip: zipFiles(shared()), fileName: 'shared.zip' }, { dataDir, owner: null, compiler, sandbox: await sandboxP });
    if (!r.ok) throw new Error(r.reasons.join('\n'));
    expect(listTests(db, 'shared', null).map((t) => t.label)).toEqual(['sample 1', 'secret g1/a', 'secret g2/a', 'secret g3/a']);
    expect(r.solutions.map((s) => [s.name, s.got])).toEqual([['echo.ts', 'AC']]);
    expect(r.notes.join('\n')).toMatch(/shared\/data\/secret\/abs\.in is a symbolic link to "\/etc\/passwd", outside the package: never followed, left out\./);
  });
});
