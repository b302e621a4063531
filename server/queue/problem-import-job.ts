/**
 * An uploaded package's import in a judge thread: the zip the route stored under DATA_DIR/imports
 * is read, checked, its solutions run in this thread's sandbox (each row sent as it finishes, so
 * the page shows the table as it runs), and the package stored in the same transaction that
 * finishes the job's row. A refusal is the job's final message with every reason.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { importPackage } from '../problem-store/import';
import { finishProblemImport, getProblemImport, importsDir, removeImportZip, type ImportFinal } from '../problem-store/import-jobs';
import type { SolutionReport } from '../problem-store/types';
import type { ThreadContext } from './kinds/thread-runners';

export async function runProblemImportJob(id: number, ctx: Pick<ThreadContext, 'db' | 'compiler' | 'sandbox' | 'send'>): Promise<ImportFinal> {
  const row = getProblemImport(ctx.db, id);
  if (!row) return { outcome: 'refused', slug: null, rows: [], reasons: ['judge error: the import is missing'], notes: [] };
  let zip: Buffer;
  try {
    zip = readFileSync(join(importsDir(ctx.db), row.zip));
  } catch {
    // A distributed worker writes the zip here from Redis before the job runs (server/distributed/import-transfer.ts).
    return { outcome: 'refused', slug: null, rows: [], reasons: ["The uploaded zip is not in this judge's data directory; upload it again."], notes: [] };
  }
  const rows: SolutionReport[] = [];
  let stored = null as ImportFinal | null;
  const result = await importPackage(ctx.db, { zip, fileName: row.fileName ?? undefined }, {
    dataDir: dirname(ctx.db.name),
    as: row.storeAs ?? undefined,
    replace: row.replace,
    owner: row.owner,
    compiler: ctx.compiler,
    sandbox: ctx.sandbox,
    onRow: (r) => {
      rows.push(r);
      ctx.send({ type: 'problem-import-rows', id, rows: [...rows] });
    },
    // The problem and the finished row in one transaction: never stored without the job knowing.
    alsoInTransaction: ({ slug, solutions, notes }) => {
      stored = { outcome: 'stored', slug, rows: solutions, reasons: [], notes };
      finishProblemImport(ctx.db, id, stored);
    },
  });
  if (stored) removeImportZip(ctx.db, id);
  if (result.ok) return stored ?? { outcome: 'stored', slug: result.slug, rows: result.solutions, reasons: [], notes: result.notes };
  return { outcome: 'refused', slug: null, rows: result.solutions, reasons: result.reasons, notes: [] };
}
