import { build } from 'esbuild';
import { MAX_SOURCE_BYTES } from '../compile/source-limit';
import { ROOT } from '../problems/registry';

/**
 * A built-in problem's random tests as `sg-judge/generator.ts`, the form an imported package's
 * generator takes (`generate(rng, size)`, run in the sandbox, which has no modules): the problem's
 * fast-check arbitrary, format and validate, with fast-check and the judge modules they use,
 * bundled by esbuild into one module without imports. Each call draws a seed and a case index from
 * `rng` and makes the case exactly as the built-in stress run makes case `index` of a run with that
 * seed (server/stress/cases.ts's generateCase, then format, checked by validate), so a judge that
 * imports the export stress-tests with the same kind of inputs. The index only sets fast-check's
 * bias towards small values, which weakens as a run goes on: it is drawn from a run of the stress
 * API's default 1000 cases. The module also exports validate(input), which the stored stress run
 * puts each step of its text shrinking to, so the smallest counterexample is a valid input.
 */
const GENERATOR_RUN_CASES = 1000;

/** Room left in the compiler's source limit for the driver the sandbox appends (sandboxed-generator.ts). */
const MAX_GENERATOR_BYTES = MAX_SOURCE_BYTES - 4 * 1024;

const HEADER = (slug: string) => `// @ts-nocheck
// SG Judge's random tests of ${slug}: generate(rng, size) makes one input as the judge's stress
// tests make it, from the fast-check arbitrary and format in sg-judge/problems/${slug}/index.ts
// (the readable source); validate(input) is its input validator (true, or the line and reason).
// Bundled with fast-check into one module without imports by \`npm run problem -- export\`:
// machine-written JavaScript, not type-checked.
`;

/** A bundle that fails or is too large: a bug in the judge's own problem package, not the exporter's. */
export class GeneratorBundleError extends Error {}

export async function builtinGenerator(slug: string): Promise<string> {
  const entry = `
import pkg from ${JSON.stringify(`./problems/${slug}/index.ts`)};
import { generateCase } from './server/stress/cases.ts';
export function generate(rng: () => number, size: Parameters<typeof pkg.arbitrary>[0]): string {
  const seed = Math.floor(rng() * 4294967296) | 0;
  const index = Math.floor(rng() * ${GENERATOR_RUN_CASES});
  const input = pkg.format(generateCase(pkg.arbitrary(size), seed, index).value_);
  // Checked as the built-in stress run checks each case: a bug in the package, never a test.
  const valid = pkg.validate(input);
  if (!valid.ok) throw new Error(\`the generator produced an invalid input (line \${valid.line}: \${valid.message}): a bug in the problem package\`);
  return input;
}
export function validate(input: string): true | string {
  const valid = pkg.validate(input);
  return valid.ok || \`line \${valid.line}: \${valid.message}\`;
}
`;
  const out = await build({
    stdin: { contents: entry, resolveDir: ROOT, sourcefile: 'generator-entry.ts', loader: 'ts' },
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    minify: true,
    // No Node built-ins: a problem module that reads files cannot run in the sandbox anyway.
    platform: 'neutral',
    mainFields: ['module', 'main'],
    format: 'iife',
    globalName: '__sg',
    target: 'es2022',
    legalComments: 'none',
    charset: 'ascii',
    logLevel: 'silent',
  }).catch((e: unknown) => {
    throw new GeneratorBundleError(`The random tests of ${slug} cannot be bundled into sg-judge/generator.ts: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  });
  const source = `${HEADER(slug)}${out.outputFiles[0]!.text}export function generate(rng, size) {\n  return __sg.generate(rng, size);\n}\nexport function validate(input) {\n  return __sg.validate(input);\n}\n`;
  const bytes = Buffer.byteLength(source);
  if (bytes > MAX_GENERATOR_BYTES) throw new GeneratorBundleError(`The random tests of ${slug} bundle to ${bytes} bytes; a generator may be at most ${MAX_GENERATOR_BYTES}.`);
  return source;
}
