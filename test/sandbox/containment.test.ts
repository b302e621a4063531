import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../../server/compile';
import { detectLayers } from '../../server/sandbox/layers';
import { ProcessSandbox } from '../../server/sandbox/process-sandbox';
import { DEFAULT_OUTPUT_LIMIT, type RunLimits } from '../../server/sandbox/types';

/**
 * When the judge gives up on a sandbox process (a worker that would not stop, a sandbox that did
 * not answer in time, close(), a judge thread that went away), every process of it must be gone
 * and its cgroup removed: checked from outside, through /proc and the cgroup file system.
 */
const layers = detectLayers();
// On CI every layer this suite relies on must be there: a missing one fails, it does not skip.
const required = process.env.CI === 'true';
if (required) {
  if (!layers.cgroup) throw new Error('CI: no writable memory cgroup, so sandbox processes cannot be contained');
  if (!layers.prefix.includes('--pdeathsig')) throw new Error('CI: setpriv --pdeathsig is missing, so a sandbox process can outlive its wrapper');
}

const compiler = createCompiler();
afterAll(() => compiler.close());

const LIMITS: RunLimits = { timeMs: 300, memoryMb: 512, outputBytes: DEFAULT_OUTPUT_LIMIT };

async function load(sandbox: ProcessSandbox, source: string, limits: Partial<RunLimits> = {}): Promise<void> {
  const compiled = await compiler.compile(source);
  if (!compiled.ok) throw new Error(compiled.diagnostics);
  await sandbox.load(compiled.js, { ...LIMITS, ...limits });
}

/** A process, named by pid and start time (a pid may be reused once it is gone). */
interface Proc {
  pid: number;
  start: string;
}

const startTime = (pid: number): string | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
};
/**
 * Whether the process still exists and is not a zombie. (A wrapper whose judge thread was
 * terminated stays a zombie, holding nothing but its pid: Node reaps only the children of live threads.)
 */
const alive = (p: Proc) => {
  if (startTime(p.pid) !== p.start) return false;
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${p.pid}/status`, 'utf8'));
  } catch {
    return false;
  }
};

/** What a sandbox process consists of right now: its processes and its cgroup directories. */
interface Footprint {
  procs: Proc[];
  groups: string[];
}

function footprint(sandbox: ProcessSandbox): Footprint {
  const pids = new Set<number>();
  const node = sandbox.nodePid();
  if (node !== null) pids.add(node);
  const groups = sandbox.groupPaths();
  for (const g of groups) for (const line of readFileSync(`${g}/cgroup.procs`, 'utf8').split('\n').filter(Boolean)) pids.add(Number(line));
  const procs: Proc[] = [];
  for (const pid of pids) {
    const start = startTime(pid);
    if (start !== null) procs.push({ pid, start });
  }
  if (layers.cgroup) expect(groups.length, 'the sandbox process has a cgroup').toBeGreaterThan(0);
  expect(procs.length, 'the sandbox process was found').toBeGreaterThan(0);
  return { procs, groups };
}

/** Every process of the group, found by scanning /proc (catches one that left our view of it). */
function processesIn(group: string): number[] {
  const name = group.slice(group.lastIndexOf('/') + 1);
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cgroup`, 'utf8').includes(`/${name}\n`)) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (generously: the machine may be busy) for every process of the footprint to be gone and its groups removed. */
async function expectGone(f: Footprint, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  const left = () => ({
    procs: f.procs.filter(alive).map((p) => p.pid),
    groups: f.groups.filter((g) => existsSync(g)),
    inGroups: f.groups.flatMap(processesIn),
  });
  let now = left();
  while ((now.procs.length > 0 || now.groups.length > 0 || now.inGroups.length > 0) && Date.now() < deadline) {
    await sleep(100);
    now = left();
  }
  expect(now, `${what}: processes or cgroups of the sandbox survived`).toEqual({ procs: [], groups: [], inGroups: [] });
}

/** Fills 48 M doubles, then sorts them: seconds in a native call a terminated worker cannot leave. */
const NATIVE_SORT = `
const a = new Float64Array(48e6);
for (let i = 0, x = 1; i < a.length; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; a[i] = x; }
a.sort();
console.log(a[0]);`;

describe('no process of a sandbox survives the judge giving up on it', () => {
  it('a worker stuck in a native sort past the time limit: the process is replaced and gone', async () => {
    const sandbox = new ProcessSandbox();
    try {
      await sandbox.start();
      // Time enough to fill the array, not to sort it.
      await load(sandbox, NATIVE_SORT, { timeMs: 2000, memoryMb: 1024 });
      const before = footprint(sandbox);
      const r = await sandbox.run('');
      expect(r.status, r.message ?? '').toBe('tle');
      // The stuck worker makes its host ask to be replaced; the next program gets a new process.
      await load(sandbox, 'console.log(42);');
      const next = await sandbox.run('');
      expect(next.stdout).toBe('42\n');
      const replaced = !before.procs.some((p) => footprint(sandbox).procs.some((q) => q.pid === p.pid && q.start === p.start));
      expect(replaced, 'the worker stuck in the sort made its process be replaced').toBe(true);
      await expectGone(before, 'replaced after a stuck worker');
      const after = footprint(sandbox);
      await sandbox.close();
      await expectGone(after, 'closed');
      await expectGone(before, 'closed');
    } finally {
      await sandbox.close();
    }
  });

  it('a program building a huge Map past its limits', async () => {
    const sandbox = new ProcessSandbox();
    try {
      await sandbox.start();
      await load(sandbox, 'const m = new Map<number, number>(); for (let i = 0; i < 1e7; i++) m.set(i, i); console.log(m.size);', { memoryMb: 256 });
      const f = footprint(sandbox);
      const r = await sandbox.run('');
      expect(['tle', 'mle'], r.message ?? '').toContain(r.status);
      const later = footprint(sandbox);
      await sandbox.close();
      await expectGone(f, 'huge Map');
      await expectGone(later, 'huge Map, closed');
    } finally {
      await sandbox.close();
    }
  });

  it('a sandbox process that stops answering is killed by the safety timer, and gone', async () => {
    const sandbox = new ProcessSandbox();
    try {
      await sandbox.start();
      await load(sandbox, 'console.log(1);', { timeMs: 200 });
      const f = footprint(sandbox);
      // A frozen sandbox process (its own watchdog cannot act): only the judge's timer is left.
      for (const p of f.procs) process.kill(p.pid, 'SIGSTOP');
      const r = await sandbox.run('');
      expect(r.status, r.message ?? '').toBe('tle');
      await expectGone(f, 'safety timer');
      // And the sandbox goes on with a new process.
      const again = await sandbox.run('');
      expect(again.stdout).toBe('1\n');
    } finally {
      await sandbox.close();
    }
  });

  it('close() in the middle of a run ends every process and removes the cgroup', async () => {
    for (const source of ['for (;;);', NATIVE_SORT]) {
      const sandbox = new ProcessSandbox();
      await sandbox.start();
      await load(sandbox, source, { timeMs: 60_000, memoryMb: 1024 });
      const f = footprint(sandbox);
      const run = sandbox.run('');
      await sleep(400);
      await sandbox.close();
      const r = await run;
      expect(r.status).not.toBe('ok');
      await expectGone(f, `close() during ${source.trim().slice(0, 20)}`);
    }
  });

  it('a judge thread that is terminated takes its sandbox process with it', async () => {
    // A worker thread that loads TypeScript through tsx, as the server's judge threads do.
    const api = pathToFileURL(createRequire(__filename).resolve('tsx/esm/api')).href;
    const entry = pathToFileURL(`${__dirname}/fixtures/sandbox-thread.ts`).href;
    const thread = new Worker(`import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`, { eval: true });
    try {
      const f = await new Promise<Footprint>((resolve, reject) => {
        thread.once('message', resolve);
        thread.once('error', reject);
      });
      expect(f.procs.length).toBeGreaterThan(0);
      await thread.terminate();
      // The groups of a thread that is gone are swept when the next sandbox is made.
      const next = new ProcessSandbox();
      await next.start();
      await expectGone({ procs: f.procs, groups: [] }, 'terminated judge thread');
      if (f.groups.length > 0) {
        await next.close();
        const another = new ProcessSandbox();
        await another.start();
        await another.close();
        await expectGone(f, 'terminated judge thread, swept');
      }
      await next.close();
    } finally {
      await thread.terminate();
    }
  });

  it.skipIf(!layers.cgroup && !required)('a process the kernel kills for the cgroup memory limit gets MLE, and is gone', async () => {
    const sandbox = new ProcessSandbox();
    try {
      await sandbox.start();
      // The watchdog's limit is far away; the group's limit is brought close instead, as when the
      // watchdog is too slow for a program allocating outside V8's heap.
      await load(sandbox, 'const parts: Uint8Array[] = []; for (let i = 0; i < 40; i++) parts.push(new Uint8Array(16 << 20).fill(1)); console.log(parts.length);', { timeMs: 10_000, memoryMb: 2048 });
      const f = footprint(sandbox);
      const memoryDir = f.groups.find((g) => g.includes('/memory'))!;
      const v1 = existsSync(`${memoryDir}/memory.limit_in_bytes`);
      const used = Number(readFileSync(`${memoryDir}/${v1 ? 'memory.usage_in_bytes' : 'memory.current'}`, 'utf8'));
      writeFileSync(`${memoryDir}/${v1 ? 'memory.limit_in_bytes' : 'memory.max'}`, String(used + 200 * 1024 * 1024));
      const r = await sandbox.run('');
      expect(r.status, r.message ?? '').toBe('mle');
      await expectGone(f, 'killed by the OOM killer');
    } finally {
      await sandbox.close();
    }
  });
});
