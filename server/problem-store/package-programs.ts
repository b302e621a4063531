import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { COMPILE_LIMITS } from '../languages/compile-limits';
import { boxProgramDir, BOX_WORK_DIR, runContained, type ContainedResult, type ContainedRun, type LiveHooks, type NativeProgram } from '../languages/native-runner';
import { languageSpec } from '../languages/registry';
import { toolchainFor } from '../languages/toolchains';
import { HEADER, LANGUAGE_NAME } from '../package-format/programs';
import { isNativePackageLanguage, NATIVE_ID, nativeUnavailable, type NativePackageLanguage } from './native-languages';

/**
 * A package's own programs in C++, C or Python (input validators, output validators, testlib
 * checkers), built and run in the contained native runner: every file of the program (a source
 * with its validate.h or testlib.h beside it is one program) compiled together in the box, as the
 * sandbox's user, with the compiler's limits; each run a box of its own with the format's files
 * (input, answer, feedback directory) in its work directory and the judge's limits. A program is
 * built once per judge thread and kept by the hash of its files.
 */
export interface NativePackageProgram {
  path: string;
  language: NativePackageLanguage;
  files: { path: string; source: string }[];
  entry: string | null;
}

/** What a package's validator may use for one run: the judge's limits, not the package's. */
export const PACKAGE_PROGRAM_LIMITS = { cpuMs: 5_000, wallMs: 15_000, memoryMb: 1024, outputBytes: 1024 * 1024, fileBytes: 64 * 1024 * 1024, processes: 8 } as const;

/** `reason` reads after the program's name: "input_validators/x does not compile: …". */
export type Built = { ok: true; program: NativeProgram } | { ok: false; reason: string };

const built = new Map<string, Promise<Built>>();
let root: string | null = null;

/** Whether the judge can run this program here, or why not. */
export function programUnavailable(p: { language: string; languageName?: string }): string | null {
  if (!isNativePackageLanguage(p.language)) return `it is ${p.languageName ?? 'in a language the judge does not run'}`;
  const why = nativeUnavailable(p.language);
  return why && `the judge runs no ${LANGUAGE_NAME[p.language]} here (${why})`;
}

export function buildProgram(p: NativePackageProgram): Promise<Built> {
  const key = createHash('sha256').update(JSON.stringify([p.language, p.entry, p.files.map((f) => [f.path, f.source])])).digest('hex').slice(0, 32);
  let b = built.get(key);
  if (!b) {
    b = build(p, key).catch((e: unknown) => ({ ok: false as const, reason: `could not be built: ${e instanceof Error ? e.message : String(e)}` }));
    built.set(key, b);
  }
  return b;
}

function safeWrite(dir: string, rel: string, text: string): void {
  const target = resolve(dir, ...rel.split('/'));
  // Paths come from a package listing (no "..", no absolute names); this is the second lock.
  if (!target.startsWith(dir + sep)) throw new Error(`"${rel}" would be written outside the program`);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text, { mode: 0o644 });
}

async function build(p: NativePackageProgram, key: string): Promise<Built> {
  root ??= mkdtempSync(join(tmpdir(), 'sg-package-programs-'));
  const dir = join(root, key);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const f of p.files) safeWrite(dir, f.path, f.source);
  const tc = await toolchainFor(NATIVE_ID[p.language]);
  const progDir = await boxProgramDir();
  if (p.language === 'python') {
    const entry = p.entry ?? p.files.find((f) => f.path.endsWith('.py'))?.path;
    if (!entry) return { ok: false, reason: 'holds no Python file to run' };
    return { ok: true, program: { dir, argv: languageSpec('python3').native!.run(tc.binary, `${progDir}/${entry}`) } };
  }
  const sources = p.files.filter((f) => !HEADER.test(f.path)).map((f) => `${BOX_WORK_DIR}/${f.path}`);
  // A header beside the source is found however it is included: `#include <testlib.h>` as well as "testlib.h".
  const includes = [...new Set(p.files.filter((f) => HEADER.test(f.path)).map((f) => dirname(`${BOX_WORK_DIR}/${f.path}`)))].map((d) => `-I${d}`);
  // C as C (DOMjudge's validators and interactors are often C), with the maths library it expects.
  const std = p.language === 'c' ? ['-std=gnu11'] : ['-std=gnu++17'];
  const r = await runContained({ argv: [tc.binary, ...std, '-O2', '-pipe', ...includes, '-o', `${BOX_WORK_DIR}/program.bin`, ...sources, ...(p.language === 'c' ? ['-lm'] : [])], workDir: dir, limits: COMPILE_LIMITS });
  if (r.status === 'ie') return { ok: false, reason: `the compiler could not be run (${r.message ?? 'no reason given'})` };
  if (r.exitCode !== 0 || !existsSync(join(dir, 'program.bin'))) {
    const said = r.stderr || r.stdout || r.message || r.status;
    // A header the program includes but the package does not hold: BAPCtools keeps validation.h
    // outside its problems and links to it, and a link leaving the package is never followed.
    const missing = /fatal error: ([^\s:]+): No such file or directory/.exec(said)?.[1];
    if (missing && !p.files.some((f) => f.path === missing || f.path.endsWith(`/${missing}`)))
      return { ok: false, reason: `does not compile: the header ${missing} it includes is not in the package (a symbolic link to a file outside the package is never followed: put the file itself in ${p.path}/)` };
    return { ok: false, reason: `does not compile: ${firstLines(said, 3)}` };
  }
  return { ok: true, program: { dir, argv: [`${progDir}/program.bin`] } };
}

export interface FilesRun {
  result: ContainedResult;
  /** A file the program left in its work directory (feedback/judgemessage.txt), or null. */
  read(name: string): string | null;
  /** Every file of the feedback directory (at most 32, each at most 64 KiB; nextpass.in up to 16 MiB), by name. */
  feedback: Record<string, string>;
  /** A feedback file left out for its size (nextpass.in over 16 MiB). */
  tooBig?: string;
}

/** Files of a feedback directory carried between passes: plain names (validate.h keeps its state in .pass, .state0), nothing else. */
const FEEDBACK_NAME = /^(?!\.\.?$)[A-Za-z0-9_.-]{1,100}$/;
const MAX_FEEDBACK_FILES = 32;
export const MAX_NEXTPASS_BYTES = 16 * 1024 * 1024;

/**
 * One run with the format's files: `files` written into the work directory (BOX_WORK_DIR), a
 * `feedback/` directory beside them; `args(box path of the work dir)` gives the arguments.
 */
export async function runWithFiles(
  program: NativeProgram,
  files: Record<string, string>,
  args: string[],
  stdin: string,
  limits: ContainedRun['limits'] = PACKAGE_PROGRAM_LIMITS,
  /** Multi-pass: the feedback directory the previous pass left, written back before this run. */
  feedback: Record<string, string> = {},
): Promise<FilesRun> {
  return inWorkDir(files, feedback, async (work) => runContained({ argv: [...program.argv, ...args], workDir: work, readOnly: [{ host: program.dir, box: await boxProgramDir() }], stdin, limits }));
}

/** The same, in a dialogue: `live` feeds its standard input and reads its output while it runs (an interactor). */
export async function playWithFiles(program: NativeProgram, files: Record<string, string>, args: string[], live: LiveHooks, limits: ContainedRun['limits'], stop: AbortSignal): Promise<FilesRun> {
  return inWorkDir(files, {}, async (work) => runContained({ argv: [...program.argv, ...args], workDir: work, readOnly: [{ host: program.dir, box: await boxProgramDir() }], live, stop, limits }));
}

async function inWorkDir(files: Record<string, string>, feedback: Record<string, string>, run: (work: string) => Promise<ContainedResult>): Promise<FilesRun> {
  const work = mkdtempSync(join(root ?? tmpdir(), 'run-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(work, name), text, { mode: 0o644 });
    mkdirSync(join(work, 'feedback'), { mode: 0o777 });
    for (const [name, text] of Object.entries(feedback)) if (FEEDBACK_NAME.test(name)) writeFileSync(join(work, 'feedback', name), text, { mode: 0o666 });
    const result = await run(work);
    const kept = new Map<string, string>();
    const all: Record<string, string> = {};
    let tooBig: string | null = null;
    const names = readdirSync(join(work, 'feedback'), { withFileTypes: true }).filter((d) => d.isFile() && FEEDBACK_NAME.test(d.name)).slice(0, MAX_FEEDBACK_FILES);
    for (const d of names) {
      const at = join(work, 'feedback', d.name);
      // nextpass.in is the next pass's whole input; every other file is feedback, kept in part.
      const cap = d.name === 'nextpass.in' ? MAX_NEXTPASS_BYTES : FEEDBACK_KEPT_CHARS;
      if (statSync(at).size > cap) {
        if (d.name === 'nextpass.in') {
          tooBig = d.name;
          continue;
        }
        // A long judgemessage.txt: its start is what a person reads, the rest is never loaded.
        all[d.name] = readStart(at, cap);
      } else all[d.name] = readFileSync(at, 'utf8');
      if (d.name !== 'nextpass.in') kept.set(`feedback/${d.name}`, all[d.name]!);
    }
    if (all['nextpass.in'] !== undefined) kept.set('feedback/nextpass.in', all['nextpass.in']);
    return { result, read: (name) => kept.get(name) ?? null, feedback: all, ...(tooBig && { tooBig }) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function readStart(path: string, bytes: number): string {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    return buf.toString('utf8', 0, readSync(fd, buf, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}
/** What is read of a feedback file: the rest of a larger one is never loaded. */
const FEEDBACK_KEPT_CHARS = 64 * 1024;

/** What the student reads of a validator's or interactor's teammessage.txt, and the teacher of its judgemessage.txt. */
export const TEAM_MESSAGE_CHARS = 1000;
export const JUDGE_MESSAGE_CHARS = 4000;

/** A feedback file's text as the page shows it: bounded, control characters but line ends taken out. */
export function feedbackText(text: string | null, max: number): string {
  if (!text) return '';
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').trim();
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

export function firstLines(text: string, n = 1): string {
  return text.split('\n').map((l) => l.trim()).filter(Boolean).slice(0, n).join(' / ').slice(0, 300);
}

export { BOX_WORK_DIR };
