/**
 * One sandbox for every language: a JavaScript program goes to the JS process sandbox, a native one
 * to the contained native runner (started on the first native program, then kept warm). The judge
 * loads a CompiledProgram once and runs, batches and plays it without knowing which one runs it.
 */
import { createSandbox } from '../sandbox/index';
import type { LiveSession, RunLimits, RunResult, Sandbox } from '../sandbox/types';
import { createNativeSandbox, type NativeSandbox } from './native-runner';
import type { CompiledProgram } from './program';
import { languageSpec } from './registry';

/** A sandbox that runs a CompiledProgram of any language. */
export interface ProgramSandbox extends Sandbox {
  loadProgram(program: CompiledProgram, limits: RunLimits, person?: string | null): Promise<void>;
}

/**
 * Loads a compiled program: JavaScript into any sandbox, a native program only into one that runs
 * every language (every sandbox the judge makes is one: createProgramSandbox).
 */
export function loadCompiled(sandbox: Sandbox, program: CompiledProgram, limits: RunLimits, person: string | null = null): Promise<void> {
  if (program.kind === 'js') return sandbox.load(program.js, limits, person);
  if (!('loadProgram' in sandbox)) return Promise.reject(new Error('this sandbox runs JavaScript programs only'));
  return (sandbox as ProgramSandbox).loadProgram(program, limits, person);
}

class RoutingSandbox implements ProgramSandbox {
  private native: Promise<NativeSandbox> | null = null;
  private current: Sandbox | NativeSandbox;

  constructor(private readonly js: Sandbox) {
    this.current = js;
  }

  /** A JavaScript program (the judge's own programs: warm-up, validators, lab). */
  load(js: string, limits: RunLimits, person?: string | null): Promise<void> {
    return this.loadProgram({ kind: 'js', js }, limits, person);
  }

  async loadProgram(program: CompiledProgram, limits: RunLimits, person: string | null = null): Promise<void> {
    if (program.kind === 'js') {
      this.current = this.js;
      return this.js.load(program.js, limits, person);
    }
    const native = await this.nativeSandbox();
    this.current = native;
    const grace = languageSpec(program.language).memoryGraceMb;
    return native.load(program.native, { ...limits, memoryMb: limits.memoryMb + grace }, person);
  }

  run(input: string): Promise<RunResult> {
    return this.current.run(input);
  }

  runBatch(inputs: string[]): Promise<RunResult[]> {
    return this.current.runBatch(inputs);
  }

  play(session: LiveSession): Promise<RunResult> {
    const play = this.current.play?.bind(this.current);
    if (!play) return Promise.reject(new Error('this sandbox cannot run interactive programs'));
    return play(session);
  }

  release(): void {
    this.js.release();
    void this.native?.then((n) => n.release(), () => {});
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.js.close(), this.native?.then((n) => n.close())]);
  }

  private nativeSandbox(): Promise<NativeSandbox> {
    this.native ??= createNativeSandbox();
    // A runner that failed to start is tried again by the next native program.
    this.native.catch(() => {
      this.native = null;
    });
    return this.native;
  }
}

/** A warm JS sandbox with the native runner behind it on demand. */
export async function createProgramSandbox(): Promise<ProgramSandbox> {
  return new RoutingSandbox(await createSandbox());
}
