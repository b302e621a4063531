/**
 * `npm run judge -- [--language ID] <slug> <file>`: judges a local file against a problem's stored
 * tests, in process (no server needed), printing a line per test and the verdict in Codeforces
 * words. The language is the flag's, else the file's extension's (.ts .js .cpp .cc .py; see
 * docs/languages.md), else TypeScript. Exit status: 0 exactly on Accepted, 1 on any other verdict,
 * 2 on a usage error (a language this machine does not offer is one, with its sentence).
 */
import '../platform/require-supported-node';
import { readFileSync, statSync } from 'node:fs';
import { createCompiler } from '../compile/index';
import { loadConfig } from '../platform/config';
import { grade } from '../judge/grader';
import { verdictText } from '../judge/verdicts';
import { exitWhenWritten } from './exit';
import { importProblems } from '../import/import';
import { gradedBy, judgingFor } from '../judging/judging';
import { listSlugs, SLUG_PATTERN } from '../problems/registry';
import { createProgramSandbox } from '../languages/program-sandbox';
import { detectLanguages } from '../languages/detect';
import { isLanguageId, isScriptLanguage, LANGUAGE_IDS, languageOfFileName, type LanguageId } from '../languages/registry';
import { setDetected, toolchainFor } from '../languages/toolchains';
import { openDatabase } from '../storage/db';
import { listTests } from '../storage/problems';

const USAGE = `usage: npm run judge -- [--language ${LANGUAGE_IDS.join('|')}] <problem-slug> <solution file (.ts .js .cpp .py)>`;

function usage(message: string): never {
  console.error(`judge: ${message}\n${USAGE}`);
  process.exit(2);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.length === 1 && (args[0] === '-h' || args[0] === '--help')) {
    console.log(USAGE);
    return 0;
  }
  let asked: LanguageId | null = null;
  const flag = args.findIndex((a) => a === '--language' || a.startsWith('--language='));
  if (flag >= 0) {
    const value = args[flag]!.includes('=') ? args[flag]!.slice('--language='.length) : args[flag + 1];
    args.splice(flag, args[flag]!.includes('=') ? 1 : 2);
    if (!isLanguageId(value)) usage(`--language must be one of ${LANGUAGE_IDS.join(', ')}${value ? `, not "${value}"` : ''}`);
    asked = value;
  }
  if (args.length !== 2) usage(`expected 2 arguments, got ${args.length}`);
  const [slug, file] = args as [string, string];
  if (!SLUG_PATTERN.test(slug)) usage(`"${slug}" is not a problem slug`);
  if (!listSlugs().includes(slug)) usage(`there is no problem "${slug}" (known: ${listSlugs().join(', ')})`);

  let source: string;
  try {
    if (!statSync(file).isFile()) usage(`${file} is not a file`);
    source = new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(file));
  } catch (e) {
    if (e instanceof TypeError) usage(`${file} is not UTF-8 text`);
    usage(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }

  const config = loadConfig();
  const db = openDatabase(config.dbPath, { migrate: true });
  try {
    // Same database as the server: import this package if it is new or changed, so the tests
    // match what the web judge uses.
    const report = await importProblems(db, { only: [slug], warn: (l) => console.error(`judge: warning: ${l}`) });
    if (report.imported.length) console.error(`judge: imported problem ${slug} into ${config.dbPath}`);
    const tests = listTests(db, slug);

    const language = asked ?? languageOfFileName(file) ?? 'typescript';
    if (!isScriptLanguage(language)) {
      // Only for a native language: its compiler found and self-tested in the sandbox, as the server does at start.
      setDetected(await detectLanguages(process.env, [language]));
      await toolchainFor(language).catch((e: Error) => usage(e.message));
    }
    const compiler = createCompiler();
    const sandbox = await createProgramSandbox();
    // As the web judge judges it (server/judging/judging.ts): the stored header's limits, its interactor.
    const judging = await judgingFor(db, slug, { compiler });
    try {
      if (!judging) usage(`problem ${slug} could not be imported`);
      const outcome = await grade(
        {
          source,
          language,
          tests: tests.map((t) => ({ index: t.idx, input: t.input, expected: t.expected })),
          ...gradedBy(judging),
        },
        { compiler, sandbox },
        (e) => {
          if (e.type === 'compiled' && e.output) console.log(e.output.trimEnd());
          if (e.type === 'test') {
            const o = e.outcome;
            console.log(`test ${o.index}: ${o.verdict} ${Math.round(o.timeMs)} ms ${Math.round(o.memoryKb)} KiB`);
            if (o.verdict !== 'AC' && o.message) console.log(indent(o.message));
          }
        },
      );
      if (outcome.verdict === 'IE' && outcome.compileOutput) console.log(outcome.compileOutput);
      console.log(verdictText(outcome.verdict, outcome.failedTest));
      return outcome.verdict === 'AC' ? 0 : 1;
    } finally {
      await Promise.allSettled([judging?.close(), compiler.close(), sandbox.close()]);
    }
  } finally {
    db.close();
  }
}

function indent(text: string): string {
  const lines = text.trimEnd().split('\n');
  const shown = lines.slice(0, 20).map((l) => `    ${l}`);
  if (lines.length > 20) shown.push(`    … ${lines.length - 20} more lines`);
  return shown.join('\n');
}

main().then(
  (code) => exitWhenWritten(code),
  (e: unknown) => {
    console.error('judge: internal error:', e);
    return exitWhenWritten(3);
  },
);
