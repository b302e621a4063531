/**
 * The native programs' sandbox, with the TypeScript sandbox's shape (server/sandbox/types.ts): a
 * program is loaded once per submission (its files linked into the directory bound read-only at
 * BOX_PROGRAM_DIR) and run on each input by fork + exec inside a box set up once and kept from one
 * program to the next, each run a fresh process in a fresh /tmp with the program's limits; a box
 * whose helper died is replaced on the next run.
 */
import { copyFileSync, linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { batchSafetyMs, NATIVE_FILE_MB, NATIVE_TASKS, safetyMs, wallClockMs } from '../../rules/limits';
import type { Cgroup } from '../layers';
import type { LiveSession, RunLimits, RunResult } from '../types';
import { Box, BOX_PROGRAM_DIR, IO_PREFIX, openToSandboxUser } from './box';
import { execute, openGroup, type ExecuteLimits } from './execute';
import { boxHelper } from './helper';

const MiB = 1024 * 1024;
/**
 * A box nobody has loaded a program into for this long is closed (its helper, its cgroup and the
 * last run's /tmp go); the next program starts a new one.
 */
const KEEP_IDLE_MS = 30_000;
/** How deep a program's directory is mirrored into the box's (the judge's own directories: a file or two). */
const MIRROR_DEPTH = 8;

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
  /** The host directory bound at BOX_PROGRAM_DIR: the loaded program's files, linked in at each load. */
  private progDir: string | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
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
    if (this.closed) throw new Error('sandbox is closed');
    this.stopIdleTimer();
    this.program = program;
    this.limits = limits;
    // Every run is a fresh process in a fresh /tmp, with nothing of an earlier run left in the box
    // (its processes killed, SysV IPC refused by the seccomp filter): a box can serve anyone's
    // program, so it is kept, and a program is its files linked into the box's program directory.
    this.progDir ??= this.makeProgDir();
    mirror(program.dir, this.progDir);
    await this.ready();
  }

  private makeProgDir(): string {
    const dir = mkdtempSync(path.join(tmpdir(), `${IO_PREFIX}${process.pid}-prog-`));
    openToSandboxUser(dir);
    return dir;
  }

  private stopIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private async ready(): Promise<Box> {
    if (this.closed) throw new Error('sandbox is closed');
    const limits = this.limits!;
    // Another memory limit: a new box, whose group starts empty. (Lowering a group's limit below
    // what the last runs left charged to it, their /tmp say, fails; the limit must be exact.)
    if (this.box && (!this.box.alive || this.groupMb !== limits.memoryMb)) await this.stopBox();
    if (this.box) return this.box;
    this.starting ??= (async () => {
      this.group = this.options.cgroup === false ? null : openGroup(limits.memoryMb, NATIVE_TASKS);
      this.groupMb = limits.memoryMb;
      const box = await Box.start({ helper: this.helper, binds: [{ host: this.progDir!, box: BOX_PROGRAM_DIR, rw: false }], cgroup: this.group, tmpMb: NATIVE_FILE_MB });
      this.box = box;
      return box;
    })().finally(() => (this.starting = null));
    return this.starting;
  }

  private async stopBox(): Promise<void> {
    const box = this.box;
    const group = this.group;
    this.box = null;
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

  /**
   * The judge is done with this program: the box is kept for the next one (a new box and the
   * first cgroup join of its first run cost tens of milliseconds), and closed if none comes soon.
   */
  release(): void {
    this.stopIdleTimer();
    if (!this.box) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      void this.stopBox();
    }, KEEP_IDLE_MS);
    this.idleTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopIdleTimer();
    await this.starting?.catch(() => {});
    await this.stopBox();
    if (this.progDir) rmSync(this.progDir, { recursive: true, force: true });
    this.progDir = null;
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

/**
 * Makes `to` hold what `from` holds: its files hard-linked (copied across file systems), its
 * directories made, anything else (a symbolic link) left out; what `to` held before is removed.
 */
function mirror(from: string, to: string): void {
  for (const name of readdirSync(to)) rmSync(path.join(to, name), { recursive: true, force: true });
  const walk = (src: string, dst: string, depth: number) => {
    for (const e of readdirSync(src, { withFileTypes: true })) {
      const a = path.join(src, e.name);
      const b = path.join(dst, e.name);
      if (e.isFile()) {
        try {
          linkSync(a, b);
        } catch {
          copyFileSync(a, b);
        }
      } else if (e.isDirectory() && depth < MIRROR_DEPTH) {
        mkdirSync(b, { mode: 0o755 });
        walk(a, b, depth + 1);
      }
    }
  };
  walk(from, to, 0);
}
