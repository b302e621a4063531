import { join } from 'node:path';
import type { Compiler } from '../../server/compile/types';
import { knownSolutions } from '../../server/judge/solution-table';
import { exportPackage, writePackage } from '../../server/package-format/export';
import { importPackage, type SolutionReport } from '../../server/problem-store';
import { loadProblem } from '../../server/problems/registry';
import type { Sandbox } from '../../server/sandbox';
import type { Db } from '../../server/storage/db';

/** "folder/name → verdict", sorted: the built-in table's expectations and an import's results compare as equal lists. */
export function verdictsOf(rows: SolutionReport[]): string[] {
  return rows.map((r) => `${r.name} ${r.got}`).sort();
}

/**
 * Exports a built-in problem, imports it as rt-<slug> (unless `dryRun`), and returns the
 * verdicts its own table expects (named as the export names the files) and those the import got,
 * with the import's notes.
 */
export async function roundTrip(db: Db, slug: string, work: string, deps: { compiler: Compiler; sandbox: Sandbox; dryRun?: boolean }): Promise<{ built: string[]; imported: string[]; refused?: string[]; notes?: string[] }> {
  const problem = await loadProblem(slug);
  const built = knownSolutions(problem)
    .map((s) => `${s.expected === 'AC' ? (problem.pkg.interactive ? 'player.ts' : 'fast.ts') : s.name.slice(s.name.indexOf('/') + 1)} ${s.expected}`)
    .sort();
  if (deps.dryRun) return { built, imported: [] };
  const dir = writePackage(await exportPackage(slug), join(work, `out-${slug}`));
  const r = await importPackage(db, { path: dir }, { dataDir: work, as: `rt-${slug}`, owner: null, compiler: deps.compiler, sandbox: deps.sandbox });
  if (!r.ok) return { built, imported: verdictsOf(r.solutions), refused: r.reasons };
  return { built, imported: verdictsOf(r.solutions), notes: r.notes };
}
