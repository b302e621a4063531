import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { catalogEntry } from '../../problems/catalog';
import { knownSolutions } from '../judge/solution-table';
import { PROBLEMS_DIR, REFERENCE_DIR, listSlugs, loadProblem, loadReference, type LoadedProblem } from '../problems/registry';
import { CASE_LAYOUTS } from '../problems/case-layout';
import { buildTestSet } from '../problems/testset';
import type { Db } from '../storage/db';
import { getProblem, listTests } from '../storage/problems';
import { builtinGenerator } from './builtin-generator';
import { BUNDLED_INTERACTOR } from './interactor-files';
import { inputValidatorJs, interactorJs, submissionJs } from './standalone';
import { relativeImports } from './interactor-files';
import { NAMES_FILE, namesFile, typesetSafeName } from './plain-names';
import { toYaml } from './yaml';
import { zipFiles } from './zip';

/**
 * A built-in problem as an ICPC / Kattis problem package of version 2023-07-draft, by that
 * version's own rules (no legacy key: `type` says interactive, the statement is in `statement/`,
 * the default validator's flags are in data/testdata.yaml, the interactor in `output_validator/`),
 * with its programs also in JavaScript bundled without imports of the judge (standalone.ts), so
 * the format's own tools run them. Kattis problemtools' verifyproblem is the reference check
 * (docs/problem-packages.md). Everything the format has no place for is copied verbatim under
 * `sg-judge/`, so nothing of the package is lost.
 */
export const FORMAT_VERSION = '2023-07-draft';

export interface PackageFile {
  /** Relative to the package folder, forward slashes. */
  path: string;
  data: Buffer;
  /** A program's build or run script. */
  executable?: boolean;
}

export interface ExportedPackage {
  slug: string;
  files: PackageFile[];
  /** Where the tests came from: the judge's database, or built as the import builds them. */
  testsFrom: 'database' | 'built';
  testCount: number;
}

interface ExportTest {
  kind: string;
  label: string;
  input: string;
  expected: string;
}

export class ExportError extends Error {}

/** A built-in problem (from problems/); server/problem-store/export.ts exports stored ones and picks between the two. */
export async function exportPackage(slug: string, db?: Db): Promise<ExportedPackage> {
  if (!listSlugs().includes(slug)) throw new ExportError(`There is no problem package "${slug.slice(0, 60)}" in problems/.`);
  const problem = await loadProblem(slug);
  const { tests, from } = await testsOf(problem, db);
  const files: PackageFile[] = [];
  const add = (path: string, data: string | Buffer) => files.push({ path, data: typeof data === 'string' ? Buffer.from(data, 'utf8') : data });
  const { pkg } = problem;

  add('problem.yaml', problemYaml(problem));
  add('statement/problem.en.md', problem.statement.en);
  add('statement/problem.zh.md', problem.statement.zh);
  // The judge compares tokens exactly; the format's default validator ignores case without this.
  if (!pkg.interactive) add('data/testdata.yaml', toYaml({ output_validator_flags: 'case_sensitive' }));

  // Test files keep the judge's order: Kattis runs each group in lexicographic order of the names.
  const width = String(tests.length).length;
  const index: { file: string; kind: string; label: string }[] = [];
  let sample = 0;
  tests.forEach((t, i) => {
    const base =
      t.kind === 'sample'
        ? `data/sample/${++sample}`
        : `data/secret/${String(i + 1).padStart(width, '0')}-${t.label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
    add(`${base}.in`, t.input);
    add(`${base}.ans`, t.expected);
    index.push({ file: base, kind: t.kind, label: t.label });
  });

  const verdictFolder = { AC: 'accepted', WA: 'wrong_answer', TLE: 'time_limit_exceeded' } as const;
  for (const s of knownSolutions(problem)) {
    const folder = verdictFolder[s.expected as keyof typeof verdictFolder];
    const name = s.expected === 'AC' ? (pkg.interactive ? 'player.ts' : 'fast.ts') : s.name.slice(s.name.indexOf('/') + 1);
    add(`submissions/${folder}/${name}`, s.source);
    // The same program as the format's tools run it (they know no TypeScript): a folder with a
    // build and a run script starting the bundled JavaScript (node is not bounded by an
    // address-space limit there, which its start-up reservation would exceed).
    const stem = name.replace(/\.ts$/, '');
    for (const f of nodeProgram(`submissions/${folder}/${stem}`, `${stem}.js`, await submissionJs(s.source, name))) files.push(f);
  }

  for (const f of nodeProgram('input_validators/validate', 'validate.js', await inputValidatorJs(slug))) files.push(f);
  add('input_validators/validate/README.md', VALIDATOR_NOTE.replaceAll('SLUG', slug));
  if (pkg.interactive) {
    // SG Judge's modules (interactor.ts and what it imports beside it), which the import runs as
    // they are, and the same interactor as the format's program, which other tools run.
    // In a folder of its own under output_validator/: the reference tool, problemtools, reads
    // each entry there as one program, as the legacy output_validators/ was read.
    for (const rel of interactorModules(join(REFERENCE_DIR, slug))) add(`output_validator/interactor/${rel}`, readFileSync(join(REFERENCE_DIR, slug, rel)));
    for (const f of nodeProgram('output_validator/interactor', BUNDLED_INTERACTOR, await interactorJs(slug))) files.push(f);
    add('output_validator/interactor/README.md', INTERACTOR_NOTE.replaceAll('SLUG', slug));
  }

  for (const [root, under] of [[PROBLEMS_DIR, 'problems'], [REFERENCE_DIR, 'reference']] as const) {
    for (const rel of filesUnder(join(root, slug))) add(`sg-judge/${under}/${slug}/${rel}`, readFileSync(join(root, slug, rel)));
  }
  const entry = catalogEntry(slug);
  add('sg-judge/catalog.json', `${JSON.stringify({ difficulty: entry.difficulty, tags: entry.tags }, null, 2)}\n`);
  add('sg-judge/tests.json', `${JSON.stringify({ from, tests: index }, null, 2)}\n`);
  // Read back by the import: a stored copy names the failing case as the built-in does.
  const layout = pkg.interactive ? undefined : CASE_LAYOUTS[slug];
  if (layout) add('sg-judge/case-layout.json', `${JSON.stringify(layout, null, 2)}\n`);
  // The random tests in the form an import runs in its sandbox, so stress tests stay on there. An
  // interactive problem gets none: a stored interactive problem has no stress tests.
  if (!pkg.interactive) add('sg-judge/generator.ts', await builtinGenerator(slug));
  const names = namesFile({ en: pkg.title.en, zh: pkg.title.zh });
  if (names) add(`sg-judge/${NAMES_FILE}`, names);
  add('sg-judge/README.md', SG_JUDGE_NOTE.replaceAll('SLUG', slug));
  return { slug, files, testsFrom: from, testCount: tests.length };
}

/**
 * The stored tests the judge uses (with shared saved tests, never a student's private ones), or,
 * when the database lacks the problem, the test set built exactly as the import builds it.
 */
async function testsOf(problem: LoadedProblem, db?: Db): Promise<{ tests: ExportTest[]; from: 'database' | 'built' }> {
  const slug = problem.pkg.slug;
  if (db && getProblem(db, slug)) return { tests: listTests(db, slug, null), from: 'database' };
  return { tests: buildTestSet(problem, await loadReference(slug, 'fast')), from: 'built' };
}

function problemYaml(problem: LoadedProblem): string {
  const { pkg } = problem;
  return (
    `# Exported by SG Judge (npm run problem -- export ${pkg.slug}).\n` +
    toYaml({
      problem_format_version: FORMAT_VERSION,
      type: pkg.interactive ? 'interactive' : 'pass-fail',
      name: { en: typesetSafeName(pkg.title.en), zh: typesetSafeName(pkg.title.zh) },
      uuid: uuidOf(pkg.slug),
      source: pkg.source,
      // The statements are this project's own; the games and their formats come from the credited
      // contests, whose terms are not known here. "unknown" is the format's value for that case.
      license: 'unknown',
      limits: { time_limit: pkg.limits.timeMs / 1000, memory: pkg.limits.memoryMb },
    })
  );
}

/** A stable UUID per slug (the format wants one per problem): the same on every export. */
export function uuidOf(slug: string): string {
  const h = createHash('sha256').update(`sg-judge problem ${slug}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const VALIDATOR_NOTE = `# Input validator

\`validate.js\` reads one test input on standard input and exits 42 (valid) or 43 (invalid, with
the line and reason on standard error), as the problem package format asks: \`node validate.js <
data/sample/1.in\`. It is \`validate()\` of the SG Judge package \`sg-judge/problems/SLUG/index.ts\`
(the readable TypeScript source), bundled with the judge's input reader into one file.

The validator is strict: single spaces, \`\\n\` line ends, a final newline, no leading zeros, every
constraint of the statement.
`;

const INTERACTOR_NOTE = `# Interactor

Two forms of SG Judge's interactor for SLUG:

- \`${BUNDLED_INTERACTOR}\`: the format's interactor program, for any judge that follows the
  format: \`node ${BUNDLED_INTERACTOR} input answer feedback_dir\`, its standard output going to the
  submission and the submission's output on its standard input; exit 42 when the submission won,
  43 when it did not, the reason in \`feedback_dir/judgemessage.txt\`.
- \`interactor.ts\` with the modules it imports beside it: the TypeScript source, which SG Judge's
  import runs in a sandbox of its own. The judge calls

      interact(input: string, io: { send(line: string): void; read(): Promise<string | null> })
        : Promise<{ verdict: 'AC' | 'WA'; message: string }>

  with the test's \`.in\` text; \`send\` writes one line to the submission's standard input and
  \`read\` returns its next output line (null once it ended). Its imports of SG Judge's own
  \`server/text/messages\` (\`said\`, \`english\`) and \`server/problems/types\` are provided by
  the judge.

The \`.ans\` files hold only the expected outcome (which side wins), shown beside the dialogue; the
verdict comes from the interactor.
`;

const SG_JUDGE_NOTE = `# SG Judge's own files

What the problem package format has no place for, kept so that nothing is lost:

- \`problems/SLUG/\`: the package as SG Judge holds it: \`index.ts\` (limits, validator, the
  fast-check generator of random tests, edge cases, malformed inputs the validator must reject),
  statements, hints and editorial in English and Chinese, \`game.ts\` (the SG lab's declaration of
  the game, where there is one), samples, and the known-wrong (\`wrong/\`) and too-slow (\`slow/\`)
  solutions.
- \`reference/SLUG/\`: the fast and brute-force references (and the interactor and fast player of
  an interactive problem).
- \`catalog.json\`: the problem's difficulty (1–5) and topic tags.
- \`generator.ts\` (not for an interactive problem): the random tests of \`index.ts\` as the
  judge's stress tests make them, bundled with fast-check into one module without imports that
  exports \`generate(rng, size)\` and \`validate(input)\`, so a judge importing this package runs
  stress tests.
- \`tests.json\`: each test file's kind (sample, edge, random, user) and label in the judge, and
  whether the tests were read from the judge's database or built as its import builds them.
- \`names.json\` (only when a name holds one of LaTeX's special characters \`# $ % & _ { } ~ ^ \\\`):
  the exact names. problem.yaml writes each such character in its full-width form (\`E＆D\`),
  because problemtools typesets the name as LaTeX; SG Judge's import takes these names back.
`;

/** interactor.ts and the modules of its folder it imports, transitively (relative names, sorted). */
function interactorModules(dir: string): string[] {
  const found = new Set<string>();
  const visit = (rel: string) => {
    if (found.has(rel) || !existsSync(join(dir, rel))) return;
    found.add(rel);
    for (const spec of relativeImports(readFileSync(join(dir, rel), 'utf8'))) {
      if (spec.startsWith('./') && !spec.slice(2).includes('/')) visit(`${spec.slice(2).replace(/\.(js|ts)$/, '')}.ts`);
    }
  };
  visit('interactor.ts');
  return [...found].sort();
}

function filesUnder(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...filesUnder(join(dir, entry.name), rel));
    // Symbolic links and other odd entries are not part of a package.
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

/**
 * A JavaScript program as the format's build/run folder: `build` has nothing to do, `run` starts
 * the file with Node, passing the program's arguments on.
 */
function nodeProgram(dir: string, file: string, js: string): PackageFile[] {
  const script = (body: string) => Buffer.from(`#!/bin/sh\n${body}\n`, 'utf8');
  return [
    { path: `${dir}/${file}`, data: Buffer.from(js, 'utf8') },
    { path: `${dir}/build`, data: script(`# ${file} is JavaScript: nothing to build.\nexit 0`), executable: true },
    { path: `${dir}/run`, data: script(`# Runs ${file} with Node (named node or nodejs).\nhere=$(dirname "$0")\nif command -v node >/dev/null 2>&1; then exec node "$here/${file}" "$@"; fi\nexec nodejs "$here/${file}" "$@"`), executable: true },
  ];
}

/**
 * The package folder's name: the format's short name is [a-z0-9]+ (problemtools refuses a dash),
 * so a slug's dashes are left out ("subtraction-game" is written as subtractiongame/).
 */
export function formatShortName(slug: string): string {
  return slug.replace(/-/g, '');
}

/** Writes the package to `dir/<slug>/`, which must not exist yet (an export never overwrites). */
export function writePackage(exported: ExportedPackage, dir: string): string {
  const target = join(dir, formatShortName(exported.slug));
  if (existsSync(target)) throw new ExportError(`${target} already exists; remove it or export to another folder.`);
  for (const f of exported.files) {
    const path = join(target, ...f.path.split('/'));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, f.data, { mode: f.executable ? 0o755 : 0o644 });
  }
  return target;
}

/** The package as a zip holding one folder named by the slug, as the CLI writes it. */
export function packageZip(exported: ExportedPackage): Buffer {
  return zipFiles(exported.files.map((f) => ({ path: `${formatShortName(exported.slug)}/${f.path}`, data: f.data, executable: f.executable })));
}
