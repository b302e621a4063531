import { build } from 'esbuild';
import { ROOT } from '../problems/registry';

/**
 * The programs of an exported built-in problem in the form the format's own tools run (Kattis
 * problemtools, DOMjudge, BAPCtools run JavaScript with `node FILE`, and know no TypeScript): one
 * JavaScript file each, bundled by esbuild with every module it needs, so none imports the judge.
 * The TypeScript sources are kept beside them. Programs follow the format's conventions:
 *
 * - a submission reads standard input and writes standard output;
 * - the input validator reads a test input on standard input and exits 42 (valid) or 43 (invalid,
 *   the line and reason on standard error);
 * - the interactor is called `interactor input answer feedback_dir`, its standard output going to
 *   the submission and the submission's output coming on its standard input; it exits 42 when the
 *   submission won, 43 when it did not, with the reason in feedback_dir/judgemessage.txt.
 */
export class BundleError extends Error {}

async function bundle(contents: string, sourcefile: string, what: string, minify = false): Promise<string> {
  const attempt = (format: 'cjs' | 'esm') =>
    build({
      stdin: { contents, resolveDir: ROOT, sourcefile, loader: 'ts' },
      absWorkingDir: ROOT,
      bundle: true,
      write: false,
      platform: 'node',
      format,
      // An ES module (chosen for top-level await) still has require(): a stdin program may use both.
      ...(format === 'esm' && { banner: { js: "import { createRequire as __sgCreateRequire } from 'node:module';\nconst require = __sgCreateRequire(import.meta.url);" } }),
      target: 'node18',
      minify,
      legalComments: 'none',
      charset: 'utf8',
      logLevel: 'silent',
    });
  const failed = (e: unknown) => new BundleError(`${what} cannot be bundled into one JavaScript file: ${(e as { errors?: { text: string }[] }).errors?.[0]?.text ?? (e instanceof Error ? e.message.split('\n')[0] : String(e))}`);
  try {
    return (await attempt('cjs')).outputFiles[0]!.text;
  } catch (e) {
    // CommonJS has no top-level await (an interactive player's read loop uses it): an ES module
    // then, which Node runs from a .js file by its syntax.
    if (!(e as { errors?: { text: string }[] }).errors?.some((x) => /top-level await/i.test(x.text))) throw failed(e);
    return (await attempt('esm').catch((e2: unknown) => { throw failed(e2); })).outputFiles[0]!.text;
  }
}

const banner = (what: string, from: string) => `// ${what}, bundled from ${from} by SG Judge's export (npm run problem -- export) into one\n// file without imports of the judge: run it with \`node\`. The TypeScript source is kept beside it.\n`;

/** A TypeScript submission (a stdin/stdout program) as one JavaScript file. */
export async function submissionJs(source: string, name: string): Promise<string> {
  return banner('A submission', name) + (await bundle(source, name, `The submission ${name}`));
}

/** The problem's own input validator (problems/SLUG/index.ts `validate`) as the format's program. */
export async function inputValidatorJs(slug: string): Promise<string> {
  const entry = `
import pkg from ${JSON.stringify(`./problems/${slug}/index.ts`)};
import { readFileSync } from 'node:fs';
const verdict = pkg.validate(readFileSync(0, 'utf8'));
if (verdict.ok) process.exit(42);
process.stderr.write(\`line \${verdict.line}: \${verdict.message}\\n\`);
process.exit(43);
`;
  return banner(`The input validator of ${slug}`, `sg-judge/problems/${slug}/index.ts (validate)`) + (await bundle(entry, 'validate-entry.ts', `The input validator of ${slug}`, true));
}

/** The built-in interactor (reference/SLUG/interactor.ts `interact`) speaking the format's interactor protocol. */
export async function interactorJs(slug: string): Promise<string> {
  const entry = `
import { interact } from ${JSON.stringify(`./reference/${slug}/interactor.ts`)};
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const [input, , feedback] = process.argv.slice(2);
if (!input || !feedback) {
  process.stderr.write('usage: interactor input answer feedback_dir < submission_output > submission_input\\n');
  process.exit(1);
}
const lines: string[] = [];
const waiting: ((line: string | null) => void)[] = [];
let ended = false;
const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on('line', (line) => (waiting.length ? waiting.shift()!(line) : lines.push(line)));
rl.on('close', () => {
  ended = true;
  while (waiting.length) waiting.shift()!(null);
});
const io = {
  send(line: string) {
    try {
      writeFileSync(1, line + '\\n');
    } catch {
      // The submission stopped reading: its answer decides.
    }
  },
  read(): Promise<string | null> {
    if (lines.length) return Promise.resolve(lines.shift()!);
    if (ended) return Promise.resolve(null);
    return new Promise((resolve) => waiting.push(resolve));
  },
};
interact(readFileSync(input, 'utf8'), io).then(
  (v) => {
    writeFileSync(join(feedback, 'judgemessage.txt'), v.message + '\\n');
    process.exit(v.verdict === 'AC' ? 42 : 43);
  },
  (e) => {
    process.stderr.write(String(e && e.stack ? e.stack : e) + '\\n');
    process.exit(1);
  },
);
`;
  return banner(`The interactor of ${slug}`, `reference/${slug}/interactor.ts`) + (await bundle(entry, 'interactor-entry.ts', `The interactor of ${slug}`));
}
