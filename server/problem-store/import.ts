import { importedGenerator, type ImportedGenerator } from './imported-generator';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { Compiler } from '../compile/types';
import { parsePackage, type ParsedPackage } from '../package-format/parse';
import { readZip } from '../package-format/unzip';
import type { Db } from '../storage/db';
import { checkerOf, packageFaults, statementsOf } from './package-data';
import { statementRenderer } from '../render/statement-renderer';
import { errorsOf, importTableFindings, inputValidationFindings, notesOf, renderFindings } from '../package-format/verify';
import { withJudgeLimits } from './package-limits';
import { extraFaults } from './kept-bounds';
import { keptFileFaults, keptFilesOf } from './kept-files';
import { ImportBudget, type ImportBounds } from './import-budget';
import { createBoundedCompiler } from '../compile/bounded-compiler';
import { runInputValidators, type InputValidation } from './input-validators';
import { runAnswerValidators } from './answer-validators';
import { runSolutionTable } from './solutions';
import { createProgramSandbox } from '../languages/program-sandbox';
import { detectLanguages } from '../languages/detect';
import { detectedNow, setDetected } from '../languages/toolchains';
import { slugFaults, storePackage } from './store';
import { StoreRefused, type SolutionReport } from './types';
import type { Sandbox } from '../sandbox/types';

/** Largest zip read (upload or file): its size is checked before a byte of it is read. */
export const MAX_ZIP_BYTES = 64 * 1024 * 1024;

export type ImportSource = { path: string } | { zip: Buffer; fileName?: string };

export interface ImportOptions {
  /** Where a zip is unpacked for reading (a folder removed afterwards): the data directory. */
  dataDir: string;
  /** Store under this short name instead of the package's own. */
  as?: string;
  owner: number | null;
  published?: boolean;
  replace?: boolean;
  compiler?: Compiler;
  sandbox?: Sandbox;
  onRow?: (row: SolutionReport) => void;
  /** What running the package may cost (default IMPORT_BOUNDS). */
  bounds?: ImportBounds;
  /** Run inside the store's transaction with the result (an import job finishes its row there). */
  alsoInTransaction?: (result: { slug: string; solutions: SolutionReport[]; notes: string[] }) => void;
}

export type ImportResult =
  | { ok: true; slug: string; solutions: SolutionReport[]; notes: string[] }
  | { ok: false; reasons: string[]; solutions: SolutionReport[] };

/**
 * The whole import: read the package (a folder named by its short name, or a zip of one), check
 * it, run its solution table, and store it. Refused with every reason when the package fails its
 * own checks or an accepted solution does not pass; nothing is stored then.
 */
export async function importPackage(db: Db, source: ImportSource, opts: ImportOptions): Promise<ImportResult> {
  const read = readSource(source, opts.dataDir);
  if (!read.ok) return { ok: false, reasons: read.reasons, solutions: [] };
  // Clamped once, here, before anything of the package runs (package-limits.ts).
  let pkg: ParsedPackage = withJudgeLimits(opts.as ? { ...read.pkg, shortName: opts.as } : read.pkg);
  // C++ and Python need their toolchains detected: a judge thread has them from the start; a
  // command-line import detects the two the format's packages use, once.
  if (!detectedNow()) setDetected(await detectLanguages(process.env, ['cpp17', 'c11', 'python3']));
  const faults = [...slugFaults(db, pkg.shortName, opts.replace ?? false), ...packageFaults(pkg), ...extraFaults(pkg.sgJudgeFiles ?? []), ...keptFileFaults(keptFilesOf(pkg))];
  if (faults.length) return { ok: false, reasons: faults, solutions: [] };
  // Before anything runs: a statement that does not render in bound would break its page.
  const statements = statementsOf(pkg);
  const unrenderable = errorsOf(renderFindings(await statementRenderer().refusals(statements, true)));
  if (unrenderable.length) return { ok: false, reasons: unrenderable, solutions: [] };
  // One compiler and sandbox for the validators and the solutions (the caller's, or made here).
  const compiler = opts.compiler ?? createBoundedCompiler();
  const sandbox = opts.sandbox ?? (await createProgramSandbox());
  let solutions: SolutionReport[];
  let timeNote: string | null = null;
  let validation: InputValidation;
  let generated: ImportedGenerator = { generator: null, note: null };
  // One budget for everything of the package that runs (import-budget.ts).
  const budget = new ImportBudget(opts.bounds);
  try {
    validation = await runInputValidators(pkg, { compiler, sandbox, budget });
    const refused = errorsOf(inputValidationFindings(validation));
    if (refused.length) return { ok: false, reasons: refused, solutions: [] };
    const answers = await runAnswerValidators(pkg, { budget });
    if (answers.reasons.length) return { ok: false, reasons: answers.reasons, solutions: [] };
    validation = { ...validation, notes: [...validation.notes, ...answers.notes] };
    const table = await runSolutionTable(pkg, { compiler, sandbox, checker: checkerOf(pkg).checker, onRow: opts.onRow, budget });
    solutions = table.rows;
    timeNote = table.timeNote;
    // The limit the table was judged with is the problem's (computed from the accepted runs when the package gives none).
    pkg = { ...pkg, limits: { ...pkg.limits, timeMs: table.timeMs } };
    generated = await importedGenerator(pkg, { compiler, sandbox });
  } finally {
    if (!opts.sandbox) await sandbox.close();
    if (!opts.compiler) await compiler.close();
  }
  // The verifier's submissions part (server/package-format/verify/submissions.ts): a failing accepted solution refuses.
  const table = importTableFindings(solutions);
  const reasons = errorsOf(table);
  if (reasons.length) return { ok: false, reasons, solutions };
  // The statement's notes too (a LaTeX statement read as text, a scoring package judged pass/fail).
  const notes = [...pkg.notes.filter((n) => !(timeNote && n.startsWith('Time limit: none given'))), ...statements.notes, ...(timeNote ? [timeNote] : []), ...validation.notes, ...(generated.note ? [generated.note] : [])];
  const spent = budget.report();
  if (spent) notes.push(spent);
  notes.push(...notesOf(table));
  try {
    const { slug } = storePackage(db, pkg, {
      owner: opts.owner,
      published: opts.published ?? true,
      replace: opts.replace,
      solutions,
      caseLayout: pkg.caseLayout ?? null,
      ...(generated.generator !== null && { generator: generated.generator }),
      alsoInTransaction: opts.alsoInTransaction && ((slug) => opts.alsoInTransaction!({ slug, solutions, notes })),
    });
    return { ok: true, slug, solutions, notes };
  } catch (e) {
    if (e instanceof StoreRefused) return { ok: false, reasons: e.reasons, solutions };
    throw e;
  }
}

type Read = { ok: true; pkg: ParsedPackage } | { ok: false; reasons: string[] };

function readSource(source: ImportSource, dataDir: string): Read {
  if ('path' in source) {
    const path = resolve(source.path);
    let size: number;
    try {
      const st = statSync(path);
      if (st.isDirectory()) return parsePackage(path);
      size = st.size;
    } catch {
      return { ok: false, reasons: [`${basename(path)} does not exist.`] };
    }
    if (!path.endsWith('.zip')) return { ok: false, reasons: [`${basename(path)} is neither a package folder nor a .zip file.`] };
    if (size > MAX_ZIP_BYTES) return { ok: false, reasons: [`${basename(path)} is ${size} bytes; a package zip may be at most ${MAX_ZIP_BYTES}.`] };
    return readZipPackage(readFileSync(path), basename(path), dataDir);
  }
  if (source.zip.length > MAX_ZIP_BYTES) return { ok: false, reasons: [`The zip is ${source.zip.length} bytes; a package zip may be at most ${MAX_ZIP_BYTES}.`] };
  return readZipPackage(source.zip, source.fileName ?? 'package.zip', dataDir);
}

/**
 * Unpacks a checked zip into a fresh folder under the data directory, reads it as a folder would
 * be read, and removes it. The zip holds one folder named by the short name, or the package's
 * files at its top (then the zip's own name, without .zip, is the short name).
 */
function readZipPackage(buf: Buffer, fileName: string, dataDir: string): Read {
  const unzipped = readZip(buf);
  if (!unzipped.ok) return unzipped;
  const files = unzipped.entries;
  const tops = new Set(files.map((f) => f.path.split('/')[0]!));
  const wrapped = tops.size === 1 && files.every((f) => f.path.includes('/')) && !tops.has('problem.yaml');
  const shortName = wrapped ? [...tops][0]! : fileName.replace(/\.zip$/i, '');
  const root = join(dataDir, 'import-tmp');
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const tmp = mkdtempSync(join(root, 'pkg-'));
  try {
    const dir = join(tmp, shortName.replace(/[/\\]/g, '_') || 'package');
    mkdirSync(dir);
    for (const f of files) {
      const rel = wrapped ? f.path.slice(shortName.length + 1) : f.path;
      if (!rel) continue;
      const target = resolve(dir, ...rel.split('/'));
      // readZip refused every name that could leave the folder; this is the second lock.
      if (!target.startsWith(dir + sep)) return { ok: false, reasons: [`"${f.path.slice(0, 80)}" would be written outside the package.`] };
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, f.data, { flag: 'wx' });
    }
    const parsed = parsePackage(dir);
    // What the zip's links were read as (or why one was left out) is part of the import report.
    return parsed.ok && unzipped.notes.length ? { ok: true, pkg: { ...parsed.pkg, notes: [...unzipped.notes, ...parsed.pkg.notes] } } : parsed;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
