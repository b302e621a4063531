import type { Compiler } from '../compile/types';
import type { LanguageId } from '../languages/types';
import { NATIVE_ID } from './native-languages';
import type { Limits } from '../problems/types';
import { DEFAULT_OUTPUT_LIMIT } from '../sandbox/types';
import type { AsyncReference } from '../stress/oracle';
import { failedRun, sandboxedProgram } from './sandboxed-program';
import type { StoredPackageData } from './types';

/** The solution a stored problem's expected outputs come from, or why there is none to run. */
export type StoredReferenceSource =
  | { ok: true; name: string; source: string; language: LanguageId }
  | { ok: false; missing: 'none' }
  | { ok: false; missing: 'language'; name: string };

/**
 * The reference of a stored problem: a published draft's reference (its first accepted solution)
 * or an imported package's first accepted submission in a language the judge runs, TypeScript or
 * JavaScript first (the warm JS sandbox), then C++ and Python (real packages' are). Accepted
 * solutions only in other languages (Java, several files) are named, since they are never run here.
 */
export function storedReferenceOf(data: { solutions: readonly (Pick<StoredPackageData['solutions'][number], 'folder' | 'name' | 'language' | 'source'> & { got?: string | null })[] }): StoredReferenceSource {
  const accepted = data.solutions.filter((s) => s.folder === 'accepted');
  const script = accepted.find((s) => s.source !== null && (s.language === 'typescript' || s.language === 'javascript'));
  if (script) return { ok: true, name: `accepted/${script.name}`, source: script.source!, language: script.language as 'typescript' | 'javascript' };
  for (const family of ['cpp', 'c', 'python'] as const) {
    // Only one judged AC here at import: one file the judge compiled and ran on every test.
    const native = accepted.find((s) => s.source !== null && s.language === family && s.got === 'AC');
    if (native) return { ok: true, name: `accepted/${native.name}`, source: native.source!, language: NATIVE_ID[family] };
  }
  if (accepted.length > 0) return { ok: false, missing: 'language', name: `accepted/${accepted[0]!.name}` };
  return { ok: false, missing: 'none' };
}

/**
 * The reference's limits: the problem's memory, and more time than a submission gets (the
 * reference passed the problem's tests within its limit, but a random input may be larger).
 */
export function referenceLimits(limits: Limits): { timeMs: number; memoryMb: number; outputBytes: number } {
  return { timeMs: Math.max(2000, 2 * limits.timeMs), memoryMb: limits.memoryMb, outputBytes: DEFAULT_OUTPUT_LIMIT };
}

export interface SandboxedReference extends AsyncReference {
  close(): Promise<void>;
}

/**
 * The stored reference compiled with the judge's compiler and run in a sandbox of its own (it is
 * teacher's or a package's code, not trusted). Its crash or time limit rejects the answer: the
 * oracle reports "reference-failed", the judge's problem, never the student's verdict.
 */
export function sandboxedReference(ref: Extract<StoredReferenceSource, { ok: true }>, limits: Limits, compiler: Compiler): SandboxedReference {
  const own = referenceLimits(limits);
  const what = `the reference solution ${ref.name}`;
  const program = sandboxedProgram(ref.source, ref.language, own, compiler, what);
  return {
    solveAsync: async (input) => {
      const run = await program.run(input);
      if (run.status !== 'ok') throw new Error(failedRun(what, run, own.timeMs));
      return run.stdout;
    },
    close: () => program.close(),
  };
}
