/**
 * The wire between the judge and the box helper (box.c has the grammar): requests written here,
 * and the helper's answers parsed and bounded here. The helper runs as root beside hostile code,
 * so its answers are checked like any input: a line too long, a frame too big, a field missing or
 * out of range is a broken helper (IE for the run in flight, and a restart), never a hang.
 */
import { z } from 'zod';

/** The longest answer line the helper writes (a DONE line is ~300 bytes). */
const MAX_LINE = 4096;
/** The helper sends live output in chunks of at most 64 KiB. */
const MAX_OUT_FRAME = 1 << 20;

export interface RunRequest {
  id: number;
  cpuMs: number;
  cpuBackstopS: number;
  wallMs: number;
  memoryKb: number;
  fileBytes: number;
  outputBytes: number;
  processes: number;
  live: boolean;
  cwd: string;
  argv: string[];
  env: Record<string, string>;
}

const positive = (n: number, what: string) => {
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`native runner: ${what} must be a positive integer, not ${n}`);
  return n;
};

/** A string the helper takes NUL-terminated: one with a NUL in it would split. */
const cString = (s: string, what: string) => {
  if (s.includes('\0')) throw new Error(`native runner: ${what} holds a NUL character`);
  return s;
};

export function encodeRun(r: RunRequest): Buffer {
  const env = Object.entries(r.env).map(([k, v]) => `${cString(k, 'an environment name').replace(/=/g, '')}=${cString(v, 'an environment value')}`);
  if (r.argv.length === 0) throw new Error('native runner: empty argv');
  const head = [
    'RUN',
    r.id,
    positive(r.cpuMs, 'cpu'),
    positive(r.cpuBackstopS, 'cpu backstop'),
    positive(Math.ceil(r.wallMs), 'wall'),
    positive(r.memoryKb, 'memory'),
    positive(r.fileBytes, 'file size'),
    positive(r.outputBytes, 'output'),
    positive(r.processes, 'processes'),
    r.live ? 1 : 0,
    r.argv.length,
    env.length,
  ].join(' ');
  const strings = [r.cwd, ...r.argv, ...env].map((s) => cString(s, 'an argument') + '\0').join('');
  return Buffer.from(`${head}\n${strings}`);
}

export const inputFrame = (id: number, bytes: Buffer) => Buffer.concat([Buffer.from(`IN ${id} ${bytes.length}\n`), bytes]);
export const eofFrame = (id: number) => Buffer.from(`EOF ${id}\n`);
export const theirsFrame = (id: number, ms: number) => Buffer.from(`THEIRS ${id} ${Math.max(0, Math.round(ms))}\n`);
export const killFrame = (id: number) => Buffer.from(`KILL ${id}\n`);

const int = z.coerce.number().int();
/** Why the helper stopped a run itself (none: it ended by itself). */
export const STOPS = ['none', 'cpu', 'wall', 'memory', 'output', 'judge', 'setup'] as const;
export const RunFacts = z.object({
  exited: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])).transform((v) => v === 1),
  code: int.min(-1).max(255),
  signal: int.min(0).max(128),
  cpu_ns: int.min(-1),
  cpu_from: z.enum(['cgroup', 'rusage']),
  wall_us: int.min(0),
  queued_us: int.min(0),
  rss_kb: int.min(0),
  cgroup_peak: int.min(-1),
  oom: int.min(-1),
  out_bytes: int.min(-1),
  err_bytes: int.min(-1),
  stopped: z.enum(STOPS),
  /** Where the child failed before exec, as "stage:errno" ("-": it did not). */
  setup: z.string().max(128),
  /** Whether the work directory was copied back whole (runContained). */
  work: z.enum(['ok', 'incomplete']),
});
export type RunFacts = z.infer<typeof RunFacts>;

export type Answer =
  | { t: 'ready' }
  | { t: 'fail'; text: string }
  | { t: 'out'; id: number; bytes: Buffer }
  | { t: 'done'; id: number; facts: RunFacts }
  | { t: 'err'; id: number; text: string };

/** Turns the helper's stdout into answers; a malformed stream is reported once through `broken`. */
export class AnswerReader {
  private buf: Buffer = Buffer.alloc(0);
  private dead = false;

  constructor(
    private readonly onAnswer: (a: Answer) => void,
    private readonly broken: (why: string) => void,
  ) {}

  push(chunk: Buffer): void {
    if (this.dead) return;
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    try {
      for (;;) {
        const nl = this.buf.indexOf(10);
        if (nl < 0) {
          if (this.buf.length > MAX_LINE) throw new Error('an answer line too long');
          return;
        }
        if (nl > MAX_LINE) throw new Error('an answer line too long');
        const line = this.buf.subarray(0, nl).toString('latin1');
        const out = /^OUT (\d{1,15}) (\d{1,9})$/.exec(line);
        if (out) {
          const len = Number(out[2]);
          if (len > MAX_OUT_FRAME) throw new Error('an output frame too big');
          if (this.buf.length < nl + 1 + len) return;
          const bytes = Buffer.from(this.buf.subarray(nl + 1, nl + 1 + len));
          this.buf = this.buf.subarray(nl + 1 + len);
          this.onAnswer({ t: 'out', id: Number(out[1]), bytes });
          continue;
        }
        this.buf = this.buf.subarray(nl + 1);
        this.onAnswer(parseLine(line));
      }
    } catch (e) {
      this.dead = true;
      this.broken((e as Error).message);
    }
  }
}

function parseLine(line: string): Answer {
  if (line === 'READY') return { t: 'ready' };
  if (line.startsWith('FAIL ')) return { t: 'fail', text: line.slice(5) };
  const err = /^ERR (\d{1,15}) (.*)$/.exec(line);
  if (err) return { t: 'err', id: Number(err[1]), text: err[2]! };
  const done = /^DONE (\d{1,15}) (.*)$/.exec(line);
  if (done) {
    const fields: Record<string, string> = {};
    for (const pair of done[2]!.split(' ')) {
      const eq = pair.indexOf('=');
      if (eq <= 0) throw new Error('a malformed DONE field');
      fields[pair.slice(0, eq)] = pair.slice(eq + 1);
    }
    const facts = RunFacts.safeParse(fields);
    if (!facts.success) throw new Error(`a DONE line out of shape (${facts.error.issues[0]?.path.join('.')})`);
    return { t: 'done', id: Number(done[1]), facts: facts.data };
  }
  throw new Error(`an unknown answer (${line.slice(0, 40)})`);
}
