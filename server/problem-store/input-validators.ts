import type { Compiler } from '../compile/types';
import type { ScriptLanguage } from '../languages/types';
import type { ImportBudget } from './import-budget';
import type { PackageProgram, ParsedPackage } from '../package-format/parse';
import type { NativeProgram } from '../languages/native-runner';
import type { Sandbox } from '../sandbox/types';
import { buildProgram, PACKAGE_PROGRAM_LIMITS, programUnavailable, runWithFiles, type NativePackageProgram } from './package-programs';

/**
 * The package's input validators, run at import over every test input, in the format's contract:
 * the input on standard input, exit code 42 when it is valid and 43 when it is not (the reason on
 * standard error). Only TypeScript and JavaScript validators are run, each in the sandbox like a
 * submission (a package is not trusted) with its own CPU limit per input; a validator that loops,
 * crashes or exits otherwise is a reason of its own and is not run on further inputs, so a hostile
 * package costs at most one limit per validator. Validators in other languages are kept, not run.
 */
export const INPUT_VALIDATOR_LIMITS = { timeMs: 2000, memoryMb: 512, outputBytes: 64 * 1024 };
/** More runnable validators than this is refused: each one costs a run per test. */
export const MAX_INPUT_VALIDATORS = 4;

export const VALID_EXIT = 42;
export const INVALID_EXIT = 43;

/** Files that describe a validator rather than being one. */
const DOCUMENT = /\.(md|txt|yaml|yml|json)$|(^|\/)(build|run)$/i;

export interface InputValidation {
  reasons: string[];
  notes: string[];
}

/**
 * Whether the validator reads only its standard input: the sandbox has no files and no modules,
 * so one that loads other files or modules (an SG Judge export's validator loads the judge's
 * problems/ package) cannot run there and is kept, not run, with a note saying so.
 */
function selfContained(source: string): boolean {
  const imports = [...source.matchAll(/\bfrom\s+['"]([^'"]+)['"]|\bimport\s*\(|\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm)];
  return imports.every((m) => {
    const name = m[1] ?? m[2] ?? m[3];
    return name === 'fs' || name === 'node:fs';
  });
}

export async function runInputValidators(pkg: ParsedPackage, deps: { compiler: Compiler; sandbox: Sandbox; budget?: ImportBudget }): Promise<InputValidation> {
  const all = (pkg.inputValidators ?? []).filter((v) => !DOCUMENT.test(v.path));
  const reasons: string[] = [];
  const notes: string[] = [];
  const scripts = all.filter((v) => v.language === 'typescript' || v.language === 'javascript');
  const runnable = scripts.filter((v) => selfContained(v.source));
  for (const v of scripts.filter((v) => !runnable.includes(v))) {
    notes.push(`${v.path} loads other files or modules; the sandbox runs only validators that read their standard input alone: kept, not run.`);
  }
  if (runnable.length > MAX_INPUT_VALIDATORS) return { reasons: [`input_validators/ holds ${runnable.length} TypeScript or JavaScript validators; at most ${MAX_INPUT_VALIDATORS} are run.`], notes };
  const tests = [...pkg.samples.map((t) => ({ file: `data/sample/${t.name}.in`, input: t.input })), ...pkg.secret.map((t) => ({ file: `data/secret/${t.name}.in`, input: t.input }))];
  for (const v of runnable) {
    const compiled = await deps.compiler.compile(v.source, v.language as ScriptLanguage);
    if (!compiled.ok) {
      reasons.push(`The input validator ${v.path} does not compile: ${compiled.diagnostics.split('\n')[0]?.slice(0, 300)}`);
      continue;
    }
    await deps.sandbox.load(compiled.js, INPUT_VALIDATOR_LIMITS);
    try {
      for (const t of tests) {
        // The import's one budget (import-budget.ts): inputs not validated refuse the import.
        if (deps.budget?.spent()) {
          reasons.push(`The input validators spent the import's budget (${deps.budget.bounds.cpuMs / 1000} s of CPU time, ${deps.budget.bounds.wallMs / 1000} s in all); ${t.file} and the inputs after it were not validated.`);
          return { reasons, notes };
        }
        const run = await deps.sandbox.run(t.input);
        deps.budget?.charge(run);
        if (run.exitCode === VALID_EXIT) continue;
        const said = firstLine(run.stderr) || firstLine(run.stdout);
        if (run.exitCode === INVALID_EXIT) {
          reasons.push(`${t.file} is invalid by the input validator ${v.path}${said ? `: ${said}` : '.'}`);
          continue;
        }
        // Anything else says nothing about the input: the validator is broken, and is not run further.
        if (run.status === 'tle') reasons.push(`The input validator ${v.path} ran longer than ${INPUT_VALIDATOR_LIMITS.timeMs} ms on ${t.file} and was stopped; it was not run on further inputs.`);
        else {
          const how = run.exitCode !== null ? `exited with code ${run.exitCode}` : run.status === 'mle' ? `used more than ${INPUT_VALIDATOR_LIMITS.memoryMb} MiB` : `failed (${firstLine(run.message ?? '') || run.status})`;
          reasons.push(`The input validator ${v.path} ${how} on ${t.file}, not ${VALID_EXIT} (valid) or ${INVALID_EXIT} (invalid); it was not run on further inputs.`);
        }
        break;
      }
    } finally {
      deps.sandbox.release();
    }
  }
  // The format's own programs in C++ and Python (a folder is one program: validator.cpp with its validator.h).
  let ran = runnable.length;
  // A build/run folder around a JavaScript file (an SG Judge export's): that file was run above.
  const natives = (pkg.inputPrograms ?? []).filter((p) => p.language !== 'typescript' && p.language !== 'javascript' && !runnable.some((v) => v.path.startsWith(`${p.path}/`)));
  for await (const { p, program } of builtValidators(natives, 'input', ran, notes, reasons)) {
    ran++;
    const name = p.path.replace(/^.*\//, '').replace(/\.[^.]*$/, '');
    for (const t of tests) {
      const given = pkg.inputValidatorArgs?.[t.file.slice(5, -3)];
      const args = Array.isArray(given) ? given : (given?.[name] ?? []);
      const r = (await runWithFiles(program, {}, args, t.input, { ...PACKAGE_PROGRAM_LIMITS, cpuMs: INPUT_VALIDATOR_LIMITS.timeMs })).result;
      if (r.exitCode === VALID_EXIT) continue;
      const said = firstLine(r.stderr) || firstLine(r.stdout);
      if (r.exitCode === INVALID_EXIT) {
        reasons.push(`${t.file} is invalid by the input validator ${p.path}${args.length ? ` (arguments ${args.join(' ')})` : ''}${said ? `: ${said}` : '.'}`);
        continue;
      }
      const how = r.status === 'tle' ? `ran longer than ${INPUT_VALIDATOR_LIMITS.timeMs} ms` : r.exitCode !== null ? `exited with code ${r.exitCode}` : `failed (${firstLine(r.message ?? '') || r.status})`;
      reasons.push(`The input validator ${p.path} ${how} on ${t.file}, not ${VALID_EXIT} (valid) or ${INVALID_EXIT} (invalid); it was not run on further inputs.`);
      break;
    }
  }
  if (ran && !reasons.length) notes.push(`${ran} input validator(s) accepted all ${tests.length} test inputs.`);
  return { reasons, notes };
}

/**
 * The package's C++ and Python validators of one kind, each built once and yielded to be run: one
 * the judge cannot run is a note ("kept, not run"), one past MAX_INPUT_VALIDATORS (with
 * `counted` already run) or that does not build is a reason.
 */
export async function* builtValidators(programs: PackageProgram[], kind: 'input' | 'answer', counted: number, notes: string[], reasons: string[]): AsyncGenerator<{ p: PackageProgram; program: NativeProgram }> {
  let ran = counted;
  for (const p of programs) {
    const why = programUnavailable(p);
    if (why) {
      notes.push(`The ${kind} validator ${p.path} is kept, not run: ${p.languageName === 'checktestdata' ? 'checktestdata is not in the registries this judge installs from' : why}.`);
      continue;
    }
    if (++ran > MAX_INPUT_VALIDATORS) {
      reasons.push(`${kind}_validators/ holds more than ${MAX_INPUT_VALIDATORS} validators; at most ${MAX_INPUT_VALIDATORS} are run.`);
      return;
    }
    const b = await buildProgram(p as NativePackageProgram);
    if (!b.ok) {
      reasons.push(`The ${kind} validator ${p.path} ${b.reason}`);
      continue;
    }
    yield { p, program: b.program };
  }
}

function firstLine(text: string): string {
  return (text.split('\n').find((l) => l.trim() !== '') ?? '').trim().slice(0, 300);
}
