/**
 * Which languages this judge offers, decided at start: each native language's binary is looked up
 * on the PATH, every match resolved to its real path (a PATH entry may be a shim the sandbox's
 * user cannot run, as pyenv's under a private home), and the first whose self-test compiles and
 * runs **inside the sandbox as the sandbox's user** is the language's toolchain. A language with
 * none is not offered, with a sentence saying what to install. Never fatal.
 */
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { PROBE_LIMITS } from './compile-limits';
import { compileNative } from './native-compile';
import { createNativeSandbox, nativeSupport, runContained } from './native-runner';
import { LANGUAGES } from './registry';
import type { Detected, Toolchain } from './toolchains';
import { english, said, type Said } from '../text/messages';
import type { LanguageId, LanguageSpec } from './types';

/** One language as GET /api/languages reports it. */
export interface LanguageStatus {
  id: string;
  name: string;
  available: boolean;
  version: string | null;
  reason?: string;
  /** The reason as a message id and arguments, for pages in another language. */
  said?: Said;
}

const TYPESCRIPT_VERSION = (createRequire(import.meta.url)('typescript/package.json') as { version: string }).version;

/** The sentence a page and a refused submission show for a language that is not offered. */
export function unavailableSaid(spec: LanguageSpec, why?: string): Said {
  return why === undefined ? said('language.unavailable', spec.family, spec.install) : said('language.unavailable-because', spec.family, why);
}

function unavailable(spec: LanguageSpec, why?: string): { ok: false; reason: string; said: Said } {
  const s = unavailableSaid(spec, why);
  return { ok: false, reason: english(s), said: s };
}

/** Every match of `name` on `path`, resolved to real paths, executable, in PATH order, without repeats. */
export function findOnPath(name: string, path: string | undefined): string[] {
  const found: string[] = [];
  for (const dir of (path ?? '').split(delimiter)) {
    if (!dir) continue;
    try {
      const real = realpathSync(join(dir, name));
      if (!statSync(real).isFile()) continue;
      accessSync(real, constants.X_OK);
      if (!found.includes(real)) found.push(real);
    } catch {
      // Not there, or not runnable: the next PATH entry.
    }
  }
  return found;
}

/** Detects every language (seconds: each native self-test is a compile and a run in the sandbox). */
export async function detectLanguages(env: NodeJS.ProcessEnv = process.env, only?: readonly LanguageId[]): Promise<Detected> {
  const detected: Detected = {};
  const support = await nativeSupport();
  for (const spec of LANGUAGES) {
    if (!spec.native || (only && !only.includes(spec.id))) continue;
    detected[spec.id] = await detectNative(spec, env.PATH, support);
  }
  return detected;
}

async function detectNative(spec: LanguageSpec, path: string | undefined, support: { ok: true } | { ok: false; reason: string }): Promise<NonNullable<Detected[keyof Detected]>> {
  const native = spec.native!;
  const candidates = native.binaries.flatMap((b) => findOnPath(b, path));
  if (candidates.length === 0) return unavailable(spec);
  if (!support.ok) return unavailable(spec, `native programs cannot run here (${support.reason})`);
  const failures: string[] = [];
  for (const binary of candidates) {
    const tried = await selfTest(spec, binary);
    if (tried.ok) return { ok: true, toolchain: tried.toolchain };
    failures.push(`${binary}: ${tried.why}`);
  }
  return unavailable(spec, `its self-test failed in the sandbox (${failures.join('; ')}); install ${spec.install}`);
}

async function selfTest(spec: LanguageSpec, binary: string): Promise<{ ok: true; toolchain: Toolchain } | { ok: false; why: string }> {
  const native = spec.native!;
  try {
    const v = await runContained({ argv: [binary, ...native.versionArgs], limits: PROBE_LIMITS });
    if (v.status !== 'ok') return { ok: false, why: `"${native.versionArgs.join(' ')}" ended with ${v.status}${v.message ? ` (${v.message})` : ''}` };
    const version = `${v.stdout}${v.stderr}`.trim().split('\n')[0]!.trim();
    const toolchain: Toolchain = { id: spec.id, binary, version };
    const compiled = await compileNative(toolchain, spec.selfTest.source, { fresh: true });
    if (!compiled.ok) return { ok: false, why: `the self-test did not compile: ${compiled.diagnostics.slice(0, 500)}` };
    const sandbox = await createNativeSandbox();
    try {
      await sandbox.load(compiled.program, { timeMs: PROBE_LIMITS.cpuMs, memoryMb: PROBE_LIMITS.memoryMb, outputBytes: PROBE_LIMITS.outputBytes });
      const run = await sandbox.run(spec.selfTest.input);
      if (run.status !== 'ok') return { ok: false, why: `the self-test ended with ${run.status}${run.message ? ` (${run.message})` : ''}` };
      if (run.stdout.trimEnd() !== spec.selfTest.output) return { ok: false, why: `the self-test printed ${JSON.stringify(run.stdout.slice(0, 100))}` };
    } finally {
      await sandbox.close();
    }
    return { ok: true, toolchain };
  } catch (e) {
    return { ok: false, why: e instanceof Error ? e.message : String(e) };
  }
}

/** The API's view of detection: every language, offered or not, with its version or the reason. */
export function languageStatuses(detected: Detected | null): LanguageStatus[] {
  return LANGUAGES.map((spec): LanguageStatus => {
    if (!spec.native) {
      const version = spec.id === 'typescript' ? `TypeScript ${TYPESCRIPT_VERSION} on Node.js ${process.versions.node}` : `Node.js ${process.versions.node}`;
      return { id: spec.id, name: spec.name, available: true, version };
    }
    const d = detected?.[spec.id];
    if (detected && !d) {
      const s = unavailableSaid(spec, 'the judge could not check it (see its log)');
      return { id: spec.id, name: spec.name, available: false, version: null, reason: english(s), said: s };
    }
    if (!d) {
      const s = said('language.checking', spec.family);
      return { id: spec.id, name: spec.name, available: false, version: null, reason: english(s), said: s };
    }
    return d.ok ? { id: spec.id, name: spec.name, available: true, version: d.toolchain.version } : { id: spec.id, name: spec.name, available: false, version: null, reason: d.reason, said: d.said };
  });
}
