import Database from 'better-sqlite3';

/**
 * Marks a problem whose generated tests were left out of a backup: no package hashes to it, so the
 * next start of the judge re-imports the problem from its package and rebuilds the tests.
 */
export const REBUILD_MARK = 'rebuild-after-restore';

/**
 * Removes derived data from a backup copy and compacts it. Returns how many generated tests were
 * left out. The copy ends in rollback-journal mode, one file.
 */
export function trimBackupFile(file: string): number {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = DELETE');
    const removed = db.transaction(() => {
      // A stored problem (imported, or a published draft) has no package on disk to rebuild from:
      // its tests and hash stay in the backup.
      const stored = 'problem NOT IN (SELECT slug FROM stored_problems)';
      const n = db.prepare(`DELETE FROM tests WHERE kind <> 'user' AND ${stored}`).run().changes;
      db.prepare(`UPDATE problems SET content_hash = ? WHERE ${stored.replace('problem', 'slug')}`).run(REBUILD_MARK);
      // Highlighted sources are drawn again on first view.
      db.prepare('UPDATE submissions SET source_html = NULL WHERE source_html IS NOT NULL').run();
      return n;
    })();
    db.exec('VACUUM');
    return removed;
  } finally {
    db.close();
  }
}
