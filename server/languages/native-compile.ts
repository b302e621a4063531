/**
 * A native language's compile: in the sandbox as the sandbox's user (a compiler is a big program
 * fed hostile input), once per distinct source and toolchain, the result kept in the program
 * cache (program-cache.ts), compile errors included. A Python "compile" is the source copied into
 * its program directory after a syntax check by the same interpreter.
 */
import { copyFileSync, chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPILE_LIMITS, MAX_COMPILER_MESSAGE_CHARS } from './compile-limits';
import { BOX_WORK_DIR, boxProgramDir, runContained, type ContainedResult, type NativeProgram } from './native-runner';
import { ensurePch } from './pch';
import { commitEntry, entryKey, findEntry, scratchDir } from './program-cache';
import { languageSpec } from './registry';
import type { Toolchain } from './toolchains';
import { workDir } from './work-dir';

export type NativeCompiled =
  | { ok: true; program: NativeProgram; diagnostics: string; /** true when the cache had it: nothing was compiled */ cached: boolean }
  | { ok: false; diagnostics: string; cached: boolean };

const BOX_PCH_DIR = '/pch';
const CE_FILE = 'compile-error.txt';
const WARNINGS_FILE = 'warnings.txt';

const inFlight = new Map<string, Promise<NativeCompiled>>();

/**
 * The cache entry of a source: its language, the toolchain that compiles it, the compile command
 * (new flags compile again rather than reuse a binary made by the old ones) and the source's hash.
 */
export function entryName(tc: Toolchain, source: string): string {
  const native = languageSpec(tc.id).native!;
  const command = (native.compile ?? native.check)?.(tc.binary, { source: 'SOURCE', output: 'OUTPUT', pchDir: 'PCH' }).join(' ') ?? '';
  return `${tc.id}-${entryKey([tc.id, tc.binary, tc.version, tc.stamp, command, source])}`;
}

/**
 * `fresh`: compile even when the cache has the source. `pch: false`: without the precompiled
 * header (detection's self-test does not wait for one to be built).
 */
export async function compileNative(tc: Toolchain, source: string, options: { fresh?: boolean; pch?: boolean } = {}): Promise<NativeCompiled> {
  const name = entryName(tc, source);
  if (!options.fresh) {
    const dir = findEntry(name);
    if (dir) {
      const hit = await fromEntry(tc, dir, true);
      if (hit) return hit;
    }
  }
  let p = inFlight.get(name);
  if (!p) {
    p = compileInto(tc, source, name, options.pch !== false).finally(() => inFlight.delete(name));
    inFlight.set(name, p);
  }
  return p;
}

async function fromEntry(tc: Toolchain, dir: string, cached: boolean): Promise<NativeCompiled | null> {
  const native = languageSpec(tc.id).native!;
  if (existsSync(join(dir, CE_FILE))) return { ok: false, diagnostics: readFileSync(join(dir, CE_FILE), 'utf8'), cached };
  if (!existsSync(join(dir, native.artifact))) return null;
  const warnings = existsSync(join(dir, WARNINGS_FILE)) ? readFileSync(join(dir, WARNINGS_FILE), 'utf8') : '';
  const program: NativeProgram = { dir, argv: native.run(tc.binary, `${await boxProgramDir()}/${native.artifact}`) };
  return { ok: true, program, diagnostics: warnings, cached };
}

async function compileInto(tc: Toolchain, source: string, name: string, withPch: boolean): Promise<NativeCompiled> {
  const native = languageSpec(tc.id).native!;
  const work = workDir();
  try {
    const boxSource = `${BOX_WORK_DIR}/${native.sourceFile}`;
    writeFileSync(join(work, native.sourceFile), source, { mode: 0o644 });
    let argv: string[];
    const readOnly: { host: string; box: string }[] = [];
    if (native.compile) {
      const pch = native.pch && withPch ? await ensurePch(tc) : null;
      if (pch) readOnly.push({ host: pch, box: BOX_PCH_DIR });
      argv = native.compile(tc.binary, { source: boxSource, output: `${BOX_WORK_DIR}/${native.artifact}`, ...(pch && { pchDir: BOX_PCH_DIR }) });
    } else {
      argv = native.check!(tc.binary, { source: boxSource, output: '' });
    }
    const result = await runContained({ argv, workDir: work, readOnly, limits: COMPILE_LIMITS });
    if (result.status === 'ie') throw new Error(`the compiler could not be run: ${result.message ?? 'no reason given'}`);
    const messages = compilerMessages(result, native.sourceFile);
    const scratch = scratchDir();
    if (result.status === 'ok' && (native.compile === null || existsSync(join(work, native.artifact)))) {
      const artifact = join(scratch, native.artifact);
      if (native.compile) copyFileSync(join(work, native.artifact), artifact);
      else writeFileSync(artifact, source);
      chmodSync(artifact, native.compile ? 0o755 : 0o644);
      if (messages) writeFileSync(join(scratch, WARNINGS_FILE), messages, { mode: 0o644 });
    } else {
      writeFileSync(join(scratch, CE_FILE), messages || refusal(result), { mode: 0o644 });
      // A compiler stopped by a limit is not kept: the same source is tried again next time.
      if (result.status !== 're' && result.status !== 'ok') {
        rmSync(scratch, { recursive: true, force: true });
        return { ok: false, diagnostics: messages ? `${messages}\n${refusal(result)}` : refusal(result), cached: false };
      }
    }
    const dir = commitEntry(scratch, name);
    const made = await fromEntry(tc, dir, false);
    if (!made) throw new Error('the compiled program went missing from the program cache');
    return made;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Why the compile failed when the compiler said nothing (a limit, a signal). */
function refusal(result: ContainedResult): string {
  if (result.status === 'tle') return `error: the compiler used more than ${COMPILE_LIMITS.cpuMs / 1000} s of CPU time`;
  if (result.status === 'mle') return `error: the compiler used more than ${COMPILE_LIMITS.memoryMb} MiB of memory`;
  if (result.status === 'ole') return 'error: the compiler wrote too much output';
  return `error: the compiler failed${result.message ? ` (${result.message})` : ''}`;
}

/**
 * The compiler's messages as the user sees them: positions name the source as `main.cpp` (never
 * the box's path), cut to MAX_COMPILER_MESSAGE_CHARS.
 */
export function compilerMessages(result: { stdout: string; stderr: string }, sourceFile: string): string {
  const text = `${result.stderr}${result.stdout}`.split(`${BOX_WORK_DIR}/${sourceFile}`).join(sourceFile).split(`${BOX_WORK_DIR}/`).join('').trimEnd();
  if (text.length <= MAX_COMPILER_MESSAGE_CHARS) return text;
  return `${text.slice(0, MAX_COMPILER_MESSAGE_CHARS)}\n… (${text.length - MAX_COMPILER_MESSAGE_CHARS} more characters of compiler messages not shown)`;
}
