// npm run stress -- <slug> <file> [--language ID] [--cases N] [--size S] [--seed X]
// The language is --language's, else the file's extension's (.ts .js .cpp .py), else TypeScript.
// Random tests against the references; prints the smallest failing input. Exit 0 exactly when
// every case passes.
import '../platform/require-supported-node';
import { createCompiler } from '../compile';
import { listSlugs, loadProblem, loadReference } from '../problems/registry';
import { detectLanguages } from '../languages/detect';
import { createProgramSandbox } from '../languages/program-sandbox';
import { isLanguageId, isScriptLanguage, LANGUAGE_IDS, languageOfFileName } from '../languages/registry';
import { setDetected, toolchainFor } from '../languages/toolchains';
import { randomSeed } from '../stress/cases';
import { runStress, type StressEvent } from '../stress/stress-run';
import { intOption, parseCli, sizeOption, usageError } from './args';
import { exitWhenWritten } from './exit';
import { readSourceFile } from './source-file';

const USAGE = `npm run stress -- <slug> <file (.ts .js .cpp .py)> [--language ${LANGUAGE_IDS.join('|')}] [--cases N] [--size tiny|small|medium|max] [--seed X]`;
const { values, positionals } = parseCli(USAGE, {
  cases: { type: 'string' },
  size: { type: 'string' },
  seed: { type: 'string' },
  language: { type: 'string' },
});
const [slug, file] = positionals;
if (!slug || !file || positionals.length !== 2) usageError(USAGE, 'expected a problem slug and a solution file');
if (!listSlugs().includes(slug)) usageError(USAGE, `unknown problem "${slug}"; problems: ${listSlugs().join(', ')}`);
const source = readSourceFile(USAGE, file);
const cases = intOption(USAGE, 'cases', values.cases, 1000, 1, 1_000_000);
const size = sizeOption(USAGE, values.size, 'small');
const seed = intOption(USAGE, 'seed', values.seed, randomSeed(), 0, 2 ** 31 - 1);

if (values.language !== undefined && !isLanguageId(values.language)) usageError(USAGE, `--language must be one of ${LANGUAGE_IDS.join(', ')}, not "${values.language}"`);
const language = isLanguageId(values.language) ? values.language : (languageOfFileName(file) ?? 'typescript');
if (!isScriptLanguage(language)) {
  // A native language's compiler, found and self-tested in the sandbox as the server does at start.
  setDetected(await detectLanguages(process.env, [language]));
  await toolchainFor(language).catch((e: Error) => usageError(USAGE, e.message));
}

const problem = await loadProblem(slug);
const [fast, brute] = await Promise.all([loadReference(slug, 'fast'), loadReference(slug, 'brute')]);
const compiler = createCompiler();
const sandboxes = await Promise.all([createProgramSandbox(), createProgramSandbox()]);
console.log(`stress ${slug}: ${cases} case(s) of size ${size}, seed ${seed} (repeat with --seed ${seed})`);

const tty = process.stdout.isTTY;
let lastPrint = 0;
const onEvent = (e: StressEvent): void => {
  if (e.type === 'progress') {
    const now = Date.now();
    if (!tty && now - lastPrint < 1000 && e.casesRun < e.casesTotal) return;
    lastPrint = now;
    const line = `  ${e.casesRun}/${e.casesTotal} cases, ${e.casesPerSecond} cases/s`;
    process.stdout.write(tty ? `\r${line}` : `${line}\n`);
  } else if (e.type === 'shrinking') {
    const line = `  shrinking: step ${e.steps}, input ${e.inputBytes} bytes`;
    process.stdout.write(tty ? `\r${line}\x1b[K` : `${line}\n`);
  }
};

// Ctrl+C ends the run at its next batch and reports the cases run so far; a second Ctrl+C quits at once.
let interrupted = false;
process.on('SIGINT', () => {
  if (interrupted) process.exit(130);
  interrupted = true;
  process.stdout.write('\ncancelling (Ctrl+C again to quit at once)\n');
});

let exitCode = 1;
try {
  const outcome = await runStress({ source, language, cases, size, seed }, { compiler, sandboxes, problem, fast, brute, cancelled: () => interrupted }, onEvent);
  if (tty) process.stdout.write('\n');
  if (outcome.result === 'passed') {
    console.log(`passed ${outcome.casesRun} random cases in ${outcome.elapsedMs} ms`);
    exitCode = 0;
  } else if (outcome.result === 'cancelled') {
    console.log(`cancelled after ${outcome.casesRun} of ${outcome.casesTotal} case(s); none of them failed`);
    exitCode = 130;
  } else if (outcome.result === 'failed' && outcome.counterexample) {
    const c = outcome.counterexample;
    console.log(`failed on random case ${c.caseIndex + 1}: ${c.verdict}${c.message ? ` (${c.message})` : ''}`);
    console.log(`smallest failing input found (${c.shrinkSteps} shrink step(s)):\n${c.input}`);
    console.log(`expected output:\n${c.expected}`);
    console.log(`your output:\n${c.got}`);
  } else {
    console.log(`stress run could not complete: ${outcome.error}`);
    if (outcome.errorInput !== null) console.log(`on input:\n${outcome.errorInput}`);
  }
} finally {
  await Promise.all([compiler.close(), ...sandboxes.map((s) => s.close())]);
}
await exitWhenWritten(exitCode);
