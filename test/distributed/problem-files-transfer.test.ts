import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeProblemDocument, encodeProblemDocument, readProblemDocument, writeProblemDocument } from '../../server/distributed/problem-data';
import { listKeptFiles, readKeptFile, saveKeptFiles } from '../../server/problem-store/kept-files';
import { openDatabase } from '../../server/storage/db';
import { readFacts } from '../../server/problem-store/kept-bounds';
import { storedContentHash } from '../../server/problem-store/store';
import { removeDataDir } from '../helpers/server';

/**
 * An upload imported by a distributed worker comes back to the web tier as the stored problem's
 * document: with its PDF statement and attachments, so the web tier's problem page offers them as
 * a judge without workers does. A judge job's document carries none (its judge never reads them),
 * and installing it leaves a problem's files as they are. The page's facts (migration 49) are
 * written with the document too, as storePackage writes them.
 */
const dir = mkdtempSync(join(tmpdir(), 'sg-dist-files-'));
afterAll(() => removeDataDir(dir));

function storedProblem(file: string) {
  const db = openDatabase(file, { migrate: true });
  db.prepare(
    `INSERT INTO problems (slug, title_en, title_zh, source, statement_en, statement_zh, time_limit_ms, memory_limit_mb, content_hash, imported_at)
     VALUES ('paper', 'Paper', 'Paper', '', 'x', 'x', 1000, 256, ?, 0)`,
  ).run(storedContentHash('{"format":1}', [], 'x', 'x'));
  db.prepare("INSERT INTO stored_problems (slug, owner, published, package, generator, stored_at) VALUES ('paper', NULL, 1, '{\"format\":1}', NULL, 0)").run();
  return db;
}

describe("a worker's import carries its files back", () => {
  it('files travel in the import document, typed again by the web tier; a judge job\'s document has none', () => {
    const worker = storedProblem(join(dir, 'worker.db'));
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    saveKeptFiles(worker, 'paper', [
      { kind: 'statement', name: 'problem.en.pdf', lang: 'en', mediaType: 'application/pdf', size: pdf.length, data: pdf },
      // The worker's own row says text/html: the web tier decides the type from the name.
      { kind: 'attachment', name: 'page.html', lang: null, mediaType: 'text/html', size: 4, data: Buffer.from('<b>\n') },
    ]);
    expect(readProblemDocument(worker, 'paper')!.files).toBeUndefined();
    const doc = readProblemDocument(worker, 'paper', { withFiles: true })!;
    const { ref, blob } = encodeProblemDocument(doc);
    // Read back as the web tier reads a worker's import (its version recomputed from the document).
    const withHash = decodeProblemDocument(blob, { ref, slug: 'paper', contentHash: null }, 1 << 26);
    expect(withHash.files).toHaveLength(2);
    worker.close();

    const web = openDatabase(join(dir, 'web.db'), { migrate: true });
    web.transaction(() => writeProblemDocument(web, withHash, null)).immediate();
    expect(listKeptFiles(web, 'paper')).toEqual([
      { kind: 'statement', name: 'problem.en.pdf', lang: 'en', mediaType: 'application/pdf', size: pdf.length },
      { kind: 'attachment', name: 'page.html', lang: null, mediaType: 'application/octet-stream', size: 4 },
    ]);
    expect(readKeptFile(web, 'paper', 'statement', 'problem.en.pdf')!.data.equals(pdf)).toBe(true);
    // And what its page asks, as storePackage writes it (no accepted solution here: no reference).
    expect(readFacts(web, 'paper')).toEqual({ interactive: false, referenceState: 'none', referenceName: null, hasGenerator: false });
    // A judge job's document (no files) installed again leaves the files.
    web.transaction(() => writeProblemDocument(web, { ...withHash, files: undefined })).immediate();
    expect(listKeptFiles(web, 'paper')).toHaveLength(2);
    web.close();
  });

  it('a document whose files break a name or the bound is refused', () => {
    const worker = storedProblem(join(dir, 'bad.db'));
    const doc = readProblemDocument(worker, 'paper', { withFiles: true })!;
    worker.close();
    const bad = { ...doc, files: [{ kind: 'attachment' as const, name: '../etc/passwd', lang: null, data: 'eA==' }] };
    const { ref, blob } = encodeProblemDocument(bad);
    expect(() => decodeProblemDocument(blob, { ref, slug: 'paper', contentHash: null }, 1 << 26)).toThrow(/does not have the expected shape \(files\.0\.name/);
  });
});
