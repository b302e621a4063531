import type { ParsedPackage } from '../package-format/parse';
import { prepared, type Db } from '../storage/db';

/**
 * A package's files for students: a statement given only as a PDF (problem.LANG.pdf) and the
 * files of attachments/. Kept in stored_problem_files (migration 52), one row each, the bytes in
 * the row's last column: the problem page lists names and sizes without reading them, and a
 * download reads one row. Bounded at import: parse.ts keeps at most 32 attachments of 8 MiB, and
 * what is kept here is at most KEPT_FILE_BYTES in all.
 */
export type KeptFileKind = 'statement' | 'attachment';
export interface KeptFile {
  kind: KeptFileKind;
  name: string;
  /** The statement's language (a PDF statement); null for an attachment. */
  lang: string | null;
  mediaType: string;
  size: number;
}

export { SAFE_FILE_NAME } from '../package-format/parse';
/** All of a problem's kept files together. */
export const KEPT_FILE_BYTES = 32 * 1024 * 1024;

/**
 * The type a download is served as: a few known kinds by extension, text as plain text; anything
 * else (HTML, SVG, scripts a browser would run) as application/octet-stream. Every download is
 * an attachment besides, with nosniff and a sandboxing CSP.
 */
export function mediaTypeOf(name: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  if (ext === 'pdf') return 'application/pdf';
  if (ext === 'png') return 'image/png';
  if (ext === 'jpg' || ext === 'jpeg') return 'image/jpeg';
  if (ext === 'gif') return 'image/gif';
  if (ext === 'zip') return 'application/zip';
  if (['txt', 'in', 'ans', 'out', 'md', 'csv', 'py', 'cpp', 'cc', 'c', 'h', 'hpp', 'java', 'kt', 'ts', 'js', 'rs', 'go', 'sh'].includes(ext)) return 'text/plain; charset=utf-8';
  return 'application/octet-stream';
}

export type KeptFileData = KeptFile & { data: Buffer };

/** What of a parsed package is kept as files (a PDF only where there is no text statement). */
export function keptFilesOf(pkg: Pick<ParsedPackage, 'statementPdfs' | 'attachments'>): KeptFileData[] {
  const out: KeptFileData[] = [];
  for (const [lang, data] of Object.entries(pkg.statementPdfs ?? {})) out.push({ kind: 'statement', name: `problem.${lang}.pdf`, lang, mediaType: 'application/pdf', size: data.length, data });
  for (const a of pkg.attachments ?? []) out.push({ kind: 'attachment', name: a.name, lang: null, mediaType: mediaTypeOf(a.name), size: a.data.length, data: a.data });
  return out;
}

/** Why these files are more than is kept with a problem, or nothing. */
export function keptFileFaults(files: readonly KeptFileData[]): string[] {
  const bytes = files.reduce((n, f) => n + f.size, 0);
  return bytes > KEPT_FILE_BYTES ? [`The statement PDFs and attachments are ${bytes} bytes; at most ${KEPT_FILE_BYTES} bytes (32 MiB) are kept with a problem.`] : [];
}

/** In the store's transaction: the problem's files become these (a new version drops the old ones). */
export function saveKeptFiles(db: Db, slug: string, files: readonly KeptFileData[]): void {
  prepared(db, 'DELETE FROM stored_problem_files WHERE slug = ?').run(slug);
  const insert = prepared(db, 'INSERT INTO stored_problem_files (slug, kind, name, lang, media_type, size, data) VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const f of files) insert.run(slug, f.kind, f.name, f.lang, f.mediaType, f.size, f.data);
}

/** Names, languages and sizes, never the bytes (at most 32 + a few rows). */
export function listKeptFiles(db: Db, slug: string): KeptFile[] {
  return prepared(db, 'SELECT kind, name, lang, media_type AS mediaType, size FROM stored_problem_files WHERE slug = ? ORDER BY kind DESC, name').all(slug) as KeptFile[];
}

export function readKeptFile(db: Db, slug: string, kind: KeptFileKind, name: string): KeptFileData | undefined {
  return prepared(db, 'SELECT kind, name, lang, media_type AS mediaType, size, data FROM stored_problem_files WHERE slug = ? AND kind = ? AND name = ?').get(slug, kind, name) as KeptFileData | undefined;
}
