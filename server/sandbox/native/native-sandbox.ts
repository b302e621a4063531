/**
 * The native programs' sandbox, with the TypeScript sandbox's shape (server/sandbox/types.ts): a
 * program is loaded once per submission (its directory bound read-only at BOX_PROGRAM_DIR in a box
 * set up once) and run on each input by fork + exec inside that box, each run in a fresh /tmp,
 * with the program's limits; a box whose helper died is replaced on the next run.
 */
import { StringDecoder } from 'node:string_decoder';
import { batchSafetyMs, NATIVE_FILE_MB, NATIVE_TASKS, safetyMs, wallClockMs } from '../../rules/limits';
import type { Cgroup } from '../layers';
import type { LiveSession, RunLimits, RunResult } from '../types';
import { Box, BOX_PROGRAM_DIR, openToSandboxUser } from './box';
import { execute, limitGroup, openGroup, type ExecuteLimits } from './execute';
import { boxHelper } from './helper';

const MiB = 1024 * 1024;

export { BOX_PROGRAM_DIR, BOX_WORK_DIR } from './box';

/** A compiled program ready to run: what the language module produced. */
export interface NativeProgram {
  /** Host directory holding the artifact (a binary, or Python source); mounted read-only in the box. */
  dir: string;
  /** argv inside the box, e.g. ['/prog/main'] or ['/usr/bin/python3', '-B', '/prog/main.py']. */
  argv: string[];
  /** Extra environment (PATH, LANG, HOME=/tmp … are set by the runner). */
  env?: Record<string, string>;
}

export class NativeSandbox {
  private box: Box | null = null;
  private boxDir: string | null = null;
  private group: Cgroup | null = null;
  private groupMb = 0;
  private program: NativeProgram | null = null;
  private limits: RunLimits | null = null;
  private closed = false;
  private starting: Promise<Box> | null = null;

  /**
   * `options.cgroup: false` runs without the cgroups even where they are writable: the fallbacks
   * (CPU time from /proc and the reaped children's usage, memory from /proc and ru_maxrss) are
   * what a machine without a writable cgroup gets, and their tests use this.
   */
  constructor(
    private readonly helper: string,
    private readonly options: { cgroup?: boolean } = {},
  ) {}

  async load(program: NativeProgram, limits: RunLimits, _person: string | null = null): Promise<void> {
    if (program.argv.length === 0) throw new Error('a native program needs an argv');
    openToSandboxUser(program.dir);
    this.program = program;
    this.limits = limits;
    // Every run is a fresh process in a fresh /tmp: a box can serve anyone's program. Only a new
    // directory to bind needs a new one.
    await this.ready();
  }

  private async ready(): Promise<Box> {
    if (this.closed) throw new Error('sandbox is closed');
    const program = this.program!;
    const limits = this.limits!;
    if (this.box && (!this.box.alive || this.boxDir !== program.dir)) await this.stopBox();
    if (this.box) {
      if (this.group && this.groupMb !== limits.memoryMb) {
        limitGroup(this.group, limits.memoryMb);
        this.groupMb = limits.memoryMb;
      }
      return this.box;
    }
    this.starting ??= (async () => {
      this.group = this.options.cgroup === false ? null : openGroup(limits.memoryMb, NATIVE_TASKS);
      this.groupMb = limits.memoryMb;
      const box = await Box.start({ helper: this.helper, binds: [{ host: program.dir, box: BOX_PROGRAM_DIR, rw: false }], cgroup: this.group, tmpMb: NATIVE_FILE_MB });
      this.box = box;
      this.boxDir = program.dir;
      return box;
    })().finally(() => (this.starting = null));
    return this.starting;
  }

  private async stopBox(): Promise<void> {
    const box = this.box;
    const group = this.group;
    this.box = null;
    this.boxDir = null;
    this.group = null;
    await box?.close();
    await group?.destroy();
  }

  private runLimits(safety: number): ExecuteLimits {
    const l = this.limits!;
    return { timeMs: l.timeMs, memoryMb: l.memoryMb, outputBytes: l.outputBytes, fileBytes: NATIVE_FILE_MB * MiB, wallMs: wallClockMs(l), processes: NATIVE_TASKS, safetyMs: safety };
  }

  async run(input: string): Promise<RunResult> {
    if (!this.program) throw new Error('run() before load()');
    const box = await this.ready();
    const { argv, env } = this.program;
    return execute(box, { argv, env, cwd: '/tmp' }, this.runLimits(safetyMs(this.limits!)), { input });
  }

  async runBatch(inputs: string[]): Promise<RunResult[]> {
    if (!this.program) throw new Error('runBatch() before load()');
    const results: RunResult[] = [];
    // One at a time in one box (a box is one core); the batch's own bound is the sum of its runs'.
    const each = batchSafetyMs(this.limits!, 1);
    for (const input of inputs) {
      const box = await this.ready();
      const { argv, env } = this.program;
      results.push(await execute(box, { argv, env, cwd: '/tmp' }, this.runLimits(each), { input }));
    }
    return results;
  }

  /** An interactive run: the session writes the program's input while it runs, and reads its output as written. */
  async play(session: LiveSession): Promise<RunResult> {
    if (!this.program) throw new Error('play() before load()');
    const box = await this.ready();
    const { argv, env } = this.program;
    const decoder = new StringDecoder('utf8');
    // The interactor's computing time: not the program's, and not counted by the wall net.
    let theirs = 0;
    let since: number | null = null;
    const interactorMs = () => theirs + (since === null ? 0 : performance.now() - since);
    let tell: ((ms: number) => void) | null = null;
    const result = await execute(box, { argv, env, cwd: '/tmp' }, this.runLimits(safetyMs(this.limits!) + 60_000), {
      interactorMs,
      live: {
        output: (bytes) => {
          const text = decoder.write(bytes);
          if (text) session.output(text);
        },
        connect: (feed) => {
          tell = feed.theirs;
          session.connect({
            write: (text) => feed.write(Buffer.from(text)),
            end: () => feed.end(),
            busy: (computing) => {
              if (computing === (since !== null)) return;
              if (computing) since = performance.now();
              else {
                theirs += performance.now() - since!;
                since = null;
              }
              tell?.(interactorMs());
            },
          });
        },
      },
    });
    const rest = decoder.end();
    if (rest) session.output(rest);
    return result;
  }

  /** The judge is done with this program: its box goes now (a later run starts a new one). */
  release(): void {
    if (this.box) void this.stopBox();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.starting?.catch(() => {});
    await this.stopBox();
  }

  /** The cgroup directories of the current box (for the containment tests). */
  groupPaths(): string[] {
    return this.group?.paths ?? [];
  }
}

export async function createNativeSandbox(): Promise<NativeSandbox> {
  const helper = await boxHelper();
  if (!helper.ok) throw new Error(helper.reason);
  return new NativeSandbox(helper.path);
}
