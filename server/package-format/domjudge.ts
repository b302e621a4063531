import type { PackageListing } from './walk';

/**
 * DOMjudge's own ways of giving a legacy package its time limit: a `.timelimit` file holding the
 * seconds, or `timelimit = N` in `domjudge-problem.ini`. Read only when problem.yaml gives none.
 */
export function domjudgeTimeLimit(listing: PackageListing, text: (rel: string) => string): { seconds: number; file: string } | null {
  const seconds = (s: string | undefined) => {
    const n = Number((s ?? '').trim().replace(/^['"]|['"]$/g, ''));
    return Number.isFinite(n) && n > 0 ? n : null;
  };
  if (listing.files.includes('.timelimit') && (listing.size.get('.timelimit') ?? 0) < 100) {
    const s = seconds(text('.timelimit'));
    if (s !== null) return { seconds: s, file: '.timelimit' };
  }
  if (listing.files.includes('domjudge-problem.ini') && (listing.size.get('domjudge-problem.ini') ?? 0) < 4096) {
    const line = /^\s*timelimit\s*=\s*(.+)$/m.exec(text('domjudge-problem.ini'));
    const s = seconds(line?.[1]);
    if (s !== null) return { seconds: s, file: 'domjudge-problem.ini' };
  }
  return null;
}
