// npm run sg -- <game> [--to N] [--param name=value] [--conjecture file.ts] [--json]
// <game>: a problem slug that declares a game, a TypeScript file exporting options(...state),
// --octal 0.07, --subtract 2,3,7, --nim or --bash (with --param m=…). Prints the SG table and its
// analysis. Exit 0, or with --conjecture: 0 when it holds on every state, 1 when it fails; 1 when
// the game or conjecture is wrong (does not compile, bad options, over a cap or a limit); 2 on a
// usage error (arguments, unknown game, a preset's syntax, a parameter out of range).
import '../platform/require-supported-node';
import { existsSync } from 'node:fs';
import { LabError } from '../lab/errors';
import { contractJson, tableText } from '../lab/format';
import { MAX_TO, runLab, type GameSpec } from '../lab/lab';
import { gameSlugs, hasGame, NO_GAME } from '../lab/registry';
import type { SandboxTools } from '../lab/run-source';
import { intOption, parseCli, usageError } from './args';
import { exitWhenWritten } from './exit';

const USAGE = 'npm run sg -- <slug | game.ts | --octal 0.07 | --subtract 2,3,7 | --nim | --bash> [--to N] [--param name=value] [--conjecture file.ts] [--json]';
const { values, positionals } = parseCli(USAGE, {
  to: { type: 'string' },
  param: { type: 'string', multiple: true },
  conjecture: { type: 'string' },
  json: { type: 'boolean' },
  octal: { type: 'string' },
  subtract: { type: 'string' },
  nim: { type: 'boolean' },
  bash: { type: 'boolean' },
});

/** Reads a game or conjecture file; loaded only then (its size limit comes with the compiler's configuration). */
const readSourceFile = async (usage: string, file: string): Promise<string> => (await import('./source-file')).readSourceFile(usage, file);

const settings: Record<string, number> = {};
for (const p of values.param ?? []) {
  const m = /^([A-Za-z]\w*)=(-?\d+)$/.exec(p);
  if (!m) usageError(USAGE, `--param must look like name=integer, got "${p}"`);
  settings[m[1]!] = Number(m[2]);
}

const chosen = [positionals.length > 0, values.octal !== undefined, values.subtract !== undefined, values.nim === true, values.bash === true].filter(Boolean).length;
if (chosen !== 1 || positionals.length > 1) usageError(USAGE, 'name exactly one game: a problem slug, a .ts file, --octal, --subtract, --nim or --bash');

let game: GameSpec;
if (values.octal !== undefined) game = { kind: 'octal', code: values.octal };
else if (values.subtract !== undefined) game = { kind: 'subtract', set: values.subtract };
else if (values.nim) game = { kind: 'nim' };
else if (values.bash) game = { kind: 'bash', settings };
else {
  const name = positionals[0]!;
  if (/\.[cm]?ts$/.test(name) || (existsSync(name) && !hasGame(name))) game = { kind: 'source', source: await readSourceFile(USAGE, name) };
  else if (hasGame(name)) game = { kind: 'problem', slug: name, settings };
  else if (NO_GAME[name]) usageError(USAGE, `${name} declares no game: ${NO_GAME[name]}`);
  else usageError(USAGE, `unknown game "${name}"; problems with a game: ${gameSlugs().join(', ')}`);
}
if ((game.kind !== 'problem' && game.kind !== 'bash') && Object.keys(settings).length > 0) usageError(USAGE, '--param applies to a problem\'s game or --bash');
const to = values.to === undefined ? undefined : intOption(USAGE, 'to', values.to, 0, 0, MAX_TO);
const conjecture = values.conjecture === undefined ? undefined : await readSourceFile(USAGE, values.conjecture);

let tools: SandboxTools | null = null;
let exitCode = 0;
try {
  const result = await runLab(
    { game, to, conjecture },
    {
      tools: async () => {
        // Loaded only when student code runs: the compiler alone is most of the start-up time.
        const [{ createCompiler }, { createSandbox }] = await Promise.all([import('../compile'), import('../sandbox')]);
        tools ??= { compiler: createCompiler(), sandbox: await createSandbox() };
        return tools;
      },
    },
  );
  const text = values.json ? `${JSON.stringify(contractJson(result, conjecture !== undefined))}\n` : tableText(result);
  process.stdout.write(text);
  if (result.conjecture && !result.conjecture.holds) exitCode = 1;
} catch (e) {
  if (!(e instanceof LabError)) throw e;
  if (e.badRequest) {
    process.stderr.write(`error: ${e.message}\n`);
    exitCode = 2;
  } else {
    if (values.json) process.stdout.write(`${JSON.stringify({ error: e.message })}\n`);
    process.stderr.write(`error: ${e.message}\n`);
    exitCode = 1;
  }
} finally {
  const t = tools as SandboxTools | null;
  if (t) await Promise.all([t.compiler.close(), t.sandbox.close()]);
}
await exitWhenWritten(exitCode);
