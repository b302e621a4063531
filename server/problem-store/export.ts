/**
 * A stored problem (an imported package, a published draft) as a problem package: what the
 * import kept is written back, so export → import → export gives the same files. problem.yaml is
 * written from the stored fields, the statements as Markdown (a LaTeX one was kept as Markdown),
 * the package's own tests (samples and secret ones; tests people saved later are not the
 * package's), the submissions by expected verdict, the validators, and sg-judge/ for the rest.
 */
import { ExportError, exportPackage, FORMAT_VERSION, uuidOf, type ExportedPackage, type PackageFile } from '../package-format/export';
import { interactorPackageFiles } from '../package-format/interactor-files';
import { toYaml } from '../package-format/yaml';
import { NAMES_FILE, namesFile, typesetSafeName } from '../package-format/plain-names';
import { KNOWN_SUBMISSION_FOLDERS } from '../package-format/layout';
import { PDF_STATEMENT_EN, PDF_STATEMENT_ZH, SCORING_EN, SCORING_ZH } from './package-data';
import { listKeptFiles, readKeptFile } from './kept-files';
import { listSlugs } from '../problems/registry';
import type { Db } from '../storage/db';
import { getProblem, listTests } from '../storage/problems';
import { getStoredProblem, type StoredProblem } from './store';
import type { StoredChecker } from './types';

/**
 * Any problem as a package: a built-in one from problems/ (package-format/export.ts), or with `db`
 * a stored one (an imported package, a teacher's draft, published or not).
 */
export async function exportProblem(slug: string, db?: Db): Promise<ExportedPackage> {
  if (listSlugs().includes(slug)) return exportPackage(slug, db);
  const stored = db && getStoredProblem(db, slug);
  if (stored) return exportStoredPackage(db, stored);
  throw new ExportError(`There is no problem "${slug.slice(0, 60)}": neither a package in problems/ nor a stored problem${db ? '' : ' (no database to read stored ones from)'}.`);
}

export function exportStoredPackage(db: Db, stored: StoredProblem): ExportedPackage {
  const { slug, data } = stored;
  const problem = getProblem(db, slug)!;
  const files: PackageFile[] = [];
  const written = new Set<string>();
  const add = (path: string, text: string | Buffer) => {
    if (written.has(path)) return;
    written.add(path);
    files.push({ path, data: typeof text === 'string' ? Buffer.from(text, 'utf8') : text });
  };

  add(
    'problem.yaml',
    `# Exported by SG Judge (npm run problem -- export ${slug}).\n` +
      toYaml({
        problem_format_version: FORMAT_VERSION,
        type: data.checker.kind === 'interactor' || data.checker.kind === 'interactor-program' ? 'interactive' : data.type,
        name: data.name.zh ? { en: typesetSafeName(data.name.en), zh: typesetSafeName(data.name.zh) } : { en: typesetSafeName(data.name.en) },
        uuid: data.uuid ?? uuidOf(slug),
        ...(data.source !== null && data.source !== '' && { source: data.source }),
        license: data.license ?? 'unknown',
        limits: { time_limit: problem.timeLimitMs / 1000, memory: problem.memoryLimitMb },
      }),
  );
  // 2023-07's places: statement/, the default validator's flags in data/testdata.yaml.
  const en = withoutScoringNote(problem.statementEn, SCORING_EN);
  const zh = withoutScoringNote(problem.statementZh, SCORING_ZH);
  // A statement given only as a PDF is written as that PDF, not as the judge's sentence about it.
  const kept = listKeptFiles(db, slug);
  const pdfs = new Set(kept.filter((f) => f.kind === 'statement').map((f) => f.lang));
  for (const f of kept) {
    const file = readKeptFile(db, slug, f.kind, f.name)!;
    add(f.kind === 'statement' ? `statement/${f.name}` : `attachments/${f.name}`, file.data);
  }
  const pdfOnly = (text: string, sentence: string) => text === sentence && pdfs.size > 0;
  if (!pdfOnly(en, PDF_STATEMENT_EN)) add('statement/problem.en.md', en);
  if (zh !== en && !pdfOnly(zh, PDF_STATEMENT_ZH)) add('statement/problem.zh.md', zh);
  if (data.checker.kind === 'tokens' && data.validatorFlags) add('data/testdata.yaml', toYaml({ output_validator_flags: data.validatorFlags }));

  // The package's own tests in the judge's order; names padded so the format's lexicographic order is the same.
  const tests = listTests(db, slug, null).filter((t) => t.kind === 'sample' || t.kind === 'edge');
  const samples = tests.filter((t) => t.kind === 'sample');
  const width = String(samples.length).length;
  samples.forEach((t, i) => {
    add(`data/sample/${String(i + 1).padStart(width, '0')}.in`, t.input);
    add(`data/sample/${String(i + 1).padStart(width, '0')}.ans`, t.expected);
  });
  const secret = tests.filter((t) => t.kind === 'edge');
  const secretWidth = String(secret.length).length;
  secret.forEach((t, i) => {
    const named = t.label.startsWith('secret ') ? t.label.slice('secret '.length) : '';
    const name = /^[\w.-]+(\/[\w.-]+)*$/.test(named) && !named.split('/').includes('..') ? named : String(i + 1).padStart(secretWidth, '0');
    add(`data/secret/${name}.in`, t.input);
    add(`data/secret/${name}.ans`, t.expected);
  });

  for (const s of data.solutions) {
    // Other languages were kept by name only: their text is not stored.
    if (s.source === null) continue;
    // 2023-07 names six folders; partially accepted is one way of rejected there, other folders
    // real archives use are kept under sg-judge/ (so nothing is lost, and the package stays valid).
    const folder = s.folder === 'partially_accepted' ? 'rejected' : s.folder;
    const at = KNOWN_SUBMISSION_FOLDERS['2023-07'].includes(folder) ? `submissions/${folder}/${s.name}` : `sg-judge/submissions/${folder}/${s.name}`;
    // In its own language and under its own name; a program of several files as its folder.
    if (s.files) for (const f of s.files) add(`${at}/${f.path}`, f.source);
    else add(at, s.source);
  }

  const validators = data.inputValidators ?? [];
  for (const v of validators) add(v.path, v.source);
  // The format asks for an input validator; a draft written on this judge has none of its own.
  if (!validators.length) {
    add('input_validators/accept-all/validate.ts', ACCEPT_ALL);
    add('input_validators/accept-all/README.md', ACCEPT_ALL_NOTE);
  }
  for (const f of checkerFiles(data.checker)) add(f.path, f.data);

  if (stored.generator !== null) add('sg-judge/generator.ts', stored.generator);
  if (data.caseLayout) add('sg-judge/case-layout.json', `${JSON.stringify(data.caseLayout, null, 2)}\n`);
  const names = namesFile(data.name);
  if (names) add(`sg-judge/${NAMES_FILE}`, names);
  for (const f of data.extra ?? []) add(`sg-judge/${f.path}`, f.text);
  return { slug, files, testsFrom: 'database', testCount: samples.length + secret.length };
}

/** The output validator's files, or an interactive problem's interactor modules with a note of how it is called. */
function checkerFiles(checker: StoredChecker): PackageFile[] {
  if (checker.kind === 'validator') return [{ path: `output_validator/validator/${checker.name.replace(/^.*\//, '')}`, data: Buffer.from(checker.source, 'utf8') }];
  if (checker.kind === 'program' || checker.kind === 'interactor-program') return checker.files.map((f) => ({ path: `output_validator/${checker.path.replace(/^.*\//, '')}/${f.path}`, data: Buffer.from(f.source, 'utf8') }));
  if (checker.kind === 'interactor') return interactorPackageFiles(checker).map((f) => ({ path: f.path, data: Buffer.from(f.data, 'utf8') }));
  return [];
}

/** The scoring package's pass/fail paragraph is the judge's, not the statement's. */
function withoutScoringNote(text: string, note: string): string {
  return text.startsWith(`${note}\n\n`) ? text.slice(note.length + 2) : text;
}

const ACCEPT_ALL = `// This problem was written on SG Judge without an input validator of its own; the format asks
// for one, so this one accepts every input (exit 42, as the format's contract says).
process.exit(42);
`;

const ACCEPT_ALL_NOTE = `# Input validator

The problem was written on SG Judge (a teacher's draft) without an input validator of its own.
\`validate.ts\` accepts every input: exit code 42 (valid). Replace it with one that checks the input
format of the statement (exit 42 when valid, 43 with the reason on standard error when not).
`;
