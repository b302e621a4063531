/**
 * One box: the helper process (box.c) with its namespaces and private root set up once, running
 * one request at a time by fork + exec. The judge's side of it: the io directory (the run's input,
 * output and error files, which only the helper and the judge can reach), the request, a timer that
 * the helper must answer within, and a dead or broken helper turned into a runner failure for the
 * run in flight, never a hang.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, closeSync, existsSync, fstatSync, mkdirSync, mkdtempSync, openSync, readdirSync, readSync, rmSync, statSync, unlink, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Cgroup } from '../layers';

/** Where a program's directory is inside the box. */
export const BOX_PROGRAM_DIR = '/prog';
/** Where runContained's work directory is inside the box (a path of the box's own root, not the host's). */
export const BOX_WORK_DIR = '/box';
import { AnswerReader, encodeRun, eofFrame, inputFrame, killFrame, theirsFrame, type Answer, type RunFacts, type RunRequest } from './wire';

/** A host path bound into the box. */
export interface Bind {
  host: string;
  box: string;
  rw: boolean;
}

export interface BoxSetup {
  helper: string;
  binds: Bind[];
  cgroup: Cgroup | null;
  /** Size of the box's private /tmp, MiB (fresh for every run). */
  tmpMb: number;
  /** A host directory worked on at BOX_WORK_DIR: copied into a tmpfs of `mb` MiB, and back after each run. */
  work?: { host: string; mb: number };
}

/** How a run went, as far as the runner knows: its facts, or the runner's own failure (IE). */
export type BoxOutcome = { ok: true; facts: RunFacts; stdout: Buffer; stderr: Buffer } | { ok: false; reason: string };

/** An interactive run's plumbing: output as it comes, and the handles to feed input. */
export interface LiveHooks {
  output(bytes: Buffer): void;
  connect(feed: { write(bytes: Buffer): void; end(): void; theirs(ms: number): void }): void;
}

const READY_MS = 15_000;
/** Live input is sent in frames of at most this many bytes. */
const LIVE_FRAME = 1 << 20;
/** Where the box may not put a bind: its runtime and its own mounts. */
const RESERVED = /^\/(usr|lib|lib32|lib64|libx32|bin|sbin|etc|dev|proc|sys|tmp)(\/|$)/;

function checkBind(b: Bind): void {
  if (!path.isAbsolute(b.host) || !existsSync(b.host)) throw new Error(`native runner: bind source ${b.host} is not an existing absolute path`);
  if (!path.isAbsolute(b.box) || path.normalize(b.box) !== b.box || b.box === '/' || RESERVED.test(b.box) || b.box.length > 512) {
    throw new Error(`native runner: ${b.box} cannot be a path inside the box`);
  }
}

/**
 * What is bound into a box is read there by the sandbox's user: a directory must let others in
 * (a fresh mkdtemp is 0700), a file let them read. Only the bound path itself is changed (its
 * contents are the caller's to make readable); it is given to the program, nothing to hide from it.
 */
export function openToSandboxUser(hostPath: string): void {
  const st = statSync(hostPath);
  const need = st.isDirectory() ? 0o005 : 0o004;
  if ((st.mode & need) !== need) chmodSync(hostPath, (st.mode & 0o7777) | need | (need << 3));
}

let nextId = 1;

/** The prefix of the boxes' host directories (`sg-native-<judge pid>-…`): a crashed judge's are swept. */
export const IO_PREFIX = 'sg-native-';
let swept = false;

/** Removes io directories of judge processes that are gone (a crash leaves its boxes' files), once per process. */
function sweepIoDirs(): void {
  if (swept) return;
  swept = true;
  try {
    for (const name of readdirSync(tmpdir())) {
      const owner = new RegExp(`^${IO_PREFIX}(\\d+)-`).exec(name);
      if (owner && !existsSync(`/proc/${owner[1]}`)) rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
    }
  } catch {
    // an unreadable temporary directory: nothing to sweep
  }
}

export class Box {
  private child: ChildProcess | null = null;
  private readonly ioDir: string;
  private pending: { id: number; resolve: (a: Answer | { t: 'died'; why: string }) => void; live?: LiveHooks } | null = null;
  private stderrTail = '';
  private dead = false;
  private busy = false;
  private exited: Promise<void> = Promise.resolve();

  private constructor(private readonly setup: BoxSetup) {
    sweepIoDirs();
    this.ioDir = mkdtempSync(path.join(tmpdir(), `${IO_PREFIX}${process.pid}-`));
    mkdirSync(path.join(this.ioDir, 'root'));
  }

  /** Starts a box; rejects with the helper's reason when it cannot be set up. */
  static async start(setup: BoxSetup): Promise<Box> {
    for (const b of setup.binds) checkBind(b);
    if (setup.work) checkBind({ host: setup.work.host, box: BOX_WORK_DIR, rw: true });
    if (setup.binds.some((b) => b.box === BOX_WORK_DIR || b.box.startsWith(`${BOX_WORK_DIR}/`)) && setup.work) throw new Error(`native runner: a bind inside ${BOX_WORK_DIR}`);
    const box = new Box(setup);
    try {
      await box.spawn();
      return box;
    } catch (e) {
      await box.close();
      throw e;
    }
  }

  get alive(): boolean {
    return !this.dead;
  }

  private spawn(): Promise<void> {
    const cg = this.setup.cgroup;
    const args = ['--io', this.ioDir, '--tmp-mb', String(this.setup.tmpMb)];
    for (const b of this.setup.binds) args.push(b.rw ? '--rw' : '--ro', b.host, b.box);
    if (this.setup.work) args.push('--work', this.setup.work.host, '--work-mb', String(this.setup.work.mb));
    if (cg) {
      if (cg.pidsDir || cg.cpuacctDir) {
        args.push('--cg-memory', cg.memoryDir);
        if (cg.pidsDir) args.push('--cg-pids', cg.pidsDir);
        if (cg.cpuacctDir) args.push('--cg-cpuacct', cg.cpuacctDir);
      } else if (existsSync(path.join(cg.memoryDir, 'memory.max'))) args.push('--cg2', cg.memoryDir);
      else args.push('--cg-memory', cg.memoryDir);
    }
    const child = spawn(this.setup.helper, args, { stdio: ['pipe', 'pipe', 'pipe'], env: {} });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('close', () => resolve()));
    child.stdin!.on('error', () => {});
    child.stderr!.setEncoding('utf8').on('data', (d: string) => (this.stderrTail = (this.stderrTail + d).slice(-2048)));
    let ready: ((error: string | null) => void) | null = null;
    const reader = new AnswerReader(
      (a) => {
        if (ready) {
          const r = ready;
          ready = null;
          r(a.t === 'ready' ? null : a.t === 'fail' ? a.text : 'an unexpected first answer');
          return;
        }
        if (a.t === 'fail') return this.broken(`the native runner failed: ${a.text}`);
        if (a.t === 'ready') return this.broken('the native runner said READY twice');
        const p = this.pending;
        if (!p || a.id !== p.id) return this.broken('the native runner answered a run that is not in flight');
        if (a.t === 'out') return p.live?.output(a.bytes);
        this.pending = null;
        p.resolve(a);
      },
      (why) => this.broken(`the native runner's answer was malformed: ${why}`),
    );
    child.stdout!.on('data', (chunk: Buffer) => reader.push(chunk));
    child.on('error', (e) => this.broken(`the native runner could not start: ${e.message}`));
    // 'close', not 'exit': by then the helper's last answers have been read.
    child.on('close', (code, signal) => {
      this.dead = true;
      const why = `the native runner stopped (${signal ?? `exit code ${code}`})${this.stderrTail.trim() ? `: ${this.stderrTail.trim()}` : ''}`;
      ready?.(why);
      ready = null;
      const p = this.pending;
      this.pending = null;
      p?.resolve({ t: 'died', why });
    });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        ready = null;
        this.kill();
        reject(new Error('the native runner did not get ready in time'));
      }, READY_MS);
      ready = (error) => {
        clearTimeout(timer);
        if (error) {
          this.kill();
          reject(new Error(error));
        } else resolve();
      };
    });
  }

  private broken(why: string): void {
    this.stderrTail += `\n${why}`;
    this.kill();
  }

  private kill(): void {
    this.dead = true;
    this.child?.kill('SIGKILL');
  }

  private send(bytes: Buffer): void {
    if (!this.dead && this.child?.stdin?.writable) this.child.stdin.write(bytes);
  }

  /**
   * Runs one request. `input`: the program's standard input (non-live runs); `safetyMs`: how long
   * the helper may take to answer before it is taken to be broken and killed (the run gets IE).
   */
  async run(request: Omit<RunRequest, 'id'>, opts: { input?: string | Buffer; safetyMs: number; live?: LiveHooks; readLimit: number }): Promise<BoxOutcome> {
    if (this.dead) return { ok: false, reason: 'the native runner is not running' };
    if (this.busy) throw new Error('native runner: one run at a time');
    this.busy = true;
    try {
      const id = nextId++;
      const files = ['in', 'out', 'err'].map((f) => path.join(this.ioDir, `${f}-${id}`));
      try {
        if (!request.live) writeFileSync(files[0]!, opts.input ?? '');
      } catch (e) {
        return { ok: false, reason: `the run's input could not be written: ${(e as Error).message}` };
      }
      const answer = await new Promise<Answer | { t: 'died'; why: string }>((resolve) => {
        const timer = setTimeout(() => {
          this.broken('the native runner did not answer in time');
        }, opts.safetyMs);
        this.pending = {
          id,
          live: opts.live,
          resolve: (a) => {
            clearTimeout(timer);
            resolve(a);
          },
        };
        this.send(encodeRun({ ...request, id }));
        opts.live?.connect({
          write: (bytes) => {
            // In frames the helper takes (it refuses one over 8 MiB).
            for (let at = 0; at < bytes.length && this.pending?.id === id; at += LIVE_FRAME) this.send(inputFrame(id, bytes.subarray(at, at + LIVE_FRAME)));
          },
          end: () => {
            if (this.pending?.id === id) this.send(eofFrame(id));
          },
          theirs: (ms) => {
            if (this.pending?.id === id) this.send(theirsFrame(id, ms));
          },
        });
      });
      try {
        if (answer.t === 'died') return { ok: false, reason: answer.why };
        if (answer.t === 'err') return { ok: false, reason: `the native runner failed: ${answer.text}` };
        if (answer.t !== 'done') return { ok: false, reason: 'the native runner gave an unexpected answer' };
        const stdout = request.live ? Buffer.alloc(0) : readHead(files[1]!, opts.readLimit);
        const stderr = readHead(files[2]!, 64 * 1024);
        if (answer.facts.work !== 'ok') return { ok: false, reason: 'the work directory could not be copied back whole' };
        return { ok: true, facts: answer.facts, stdout, stderr };
      } finally {
        // Off the run's path: removing a file of 64 MiB from the disk takes a while.
        for (const f of files) unlink(f, () => {});
      }
    } finally {
      this.busy = false;
    }
  }

  /** Stops the run in flight (the helper kills every process of it and answers). */
  stopRun(): void {
    if (this.pending) this.send(killFrame(this.pending.id));
  }

  /** Ends the helper (and with it its namespace and everything in it) and removes the io directory. */
  async close(): Promise<void> {
    this.kill();
    if (this.child) await this.exited;
    try {
      this.child?.stdin?.destroy();
    } catch {
      // already gone
    }
    // Retried: the namespace's init may still be going down when the helper process is reaped.
    rmSync(this.ioDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
  }
}

/** The first `limit` bytes of a file (the rest is not read: an output of 64 MiB is cut, not loaded). */
function readHead(file: string, limit: number): Buffer {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return Buffer.alloc(0);
  }
  try {
    const size = Math.min(fstatSync(fd).size, limit);
    const buf = Buffer.alloc(size);
    let got = 0;
    while (got < size) {
      const n = readSync(fd, buf, got, size - got, got);
      if (n <= 0) break;
      got += n;
    }
    return buf.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}
