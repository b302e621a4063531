/**
 * The box helper (box.c) as a binary: built on first use with the machine's C compiler and kept in
 * the install cache, named by a hash of its source and the compiler's version, so a changed source
 * or compiler builds anew and a kept binary is never one of another source. Nothing is committed
 * or installed: a machine without a C compiler (or not Linux) gets a reason instead.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INSTALL_CACHE_DIR } from '../../platform/install-cache';

const SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'box.c');
const CACHE_DIR = path.join(INSTALL_CACHE_DIR, 'native');

export type Built = { ok: true; path: string } | { ok: false; reason: string };

const run = (cmd: string, args: string[], timeout: number) =>
  new Promise<{ ok: boolean; out: string }>((resolve) => {
    execFile(cmd, args, { timeout, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, maxBuffer: 1 << 20 }, (error, stdout, stderr) => resolve({ ok: !error, out: `${stdout}${stderr}` }));
  });

async function build(): Promise<Built> {
  if (process.platform !== 'linux') return { ok: false, reason: 'native programs need Linux (namespaces, cgroups, seccomp)' };
  let source: string;
  try {
    source = readFileSync(SOURCE, 'utf8');
  } catch {
    return { ok: false, reason: `the native runner's source is missing (${path.basename(SOURCE)})` };
  }
  let compiler: string | null = null;
  let version = '';
  for (const cc of ['cc', 'gcc', 'clang']) {
    const v = await run(cc, ['--version'], 10_000);
    if (v.ok) {
      compiler = cc;
      version = v.out;
      break;
    }
  }
  if (!compiler) return { ok: false, reason: 'no C compiler (cc, gcc or clang) to build the native runner: install gcc' };
  const hash = createHash('sha256').update(source).update('\0').update(version).digest('hex').slice(0, 16);
  const binary = path.join(CACHE_DIR, `box-${hash}`);
  if (existsSync(binary)) return { ok: true, path: binary };
  // A read-only install keeps nothing: then the helper is built for this process alone, in a
  // directory only its user can reach.
  let dir = CACHE_DIR;
  try {
    mkdirSync(CACHE_DIR, { recursive: true, mode: 0o755 });
  } catch {
    dir = mkdtempSync(path.join(tmpdir(), 'sg-native-helper-'));
  }
  const target = path.join(dir, `box-${hash}`);
  const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  const cc = await run(compiler, ['-O2', '-w', '-pthread', '-o', partial, SOURCE], 60_000);
  if (!cc.ok) {
    rmSync(partial, { force: true });
    return { ok: false, reason: `the native runner did not compile with ${compiler}: ${cc.out.trim().split('\n').slice(0, 5).join(' ')}` };
  }
  renameSync(partial, target);
  return { ok: true, path: target };
}

let built: Promise<Built> | null = null;

/** The helper binary, built once per process (and kept for the next ones). */
export function boxHelper(): Promise<Built> {
  built ??= build().catch((e: unknown) => ({ ok: false as const, reason: `the native runner could not be built: ${(e as Error).message}` }));
  return built;
}
