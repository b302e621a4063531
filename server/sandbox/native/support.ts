/**
 * Whether native programs can run here, and why not: the helper must build (a C compiler), the
 * judge must be able to set up namespaces (root), and a trivial program must run in a real box as
 * the sandbox's user. Asked once per process; `npm start` never fails for it, it only reports.
 */
import { boxHelper } from './helper';
import { runContained } from './contained';

export type NativeSupport = { ok: true } | { ok: false; reason: string };

let asked: Promise<NativeSupport> | null = null;

async function ask(): Promise<NativeSupport> {
  const helper = await boxHelper();
  if (!helper.ok) return helper;
  if (process.getuid?.() !== 0) {
    return { ok: false, reason: 'the native runner needs to run as root: it sets up mount, pid and network namespaces and then runs each program as an unprivileged user' };
  }
  const r = await runContained({ argv: ['/bin/sh', '-c', 'echo ok'], limits: { cpuMs: 2000, wallMs: 10_000, memoryMb: 64, outputBytes: 1024, fileBytes: 1024 * 1024, processes: 4 } });
  if (r.status === 'ok' && r.stdout === 'ok\n') return { ok: true };
  return { ok: false, reason: `the native runner's self-test failed: ${r.message ?? r.status}${r.stderr ? ` (${r.stderr.trim().slice(0, 200)})` : ''}` };
}

export function nativeSupport(): Promise<NativeSupport> {
  asked ??= ask();
  return asked;
}
