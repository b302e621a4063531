import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The operating-system layers around the sandbox process, each used when this machine has it:
 * a network and pid namespace (unshare), an unprivileged user (setpriv), resource limits (prlimit)
 * and a memory + task cgroup. Missing layers are reported once, as warnings.
 */
export interface Layers {
  /** Command prefix that runs a command inside the namespaces and limits. */
  prefix: string[];
  cgroup: CgroupSupport | null;
  /** Whether the sandbox process runs as an unprivileged user (then it must be able to reach the Node binary). */
  unprivileged: boolean;
  warnings: string[];
}

export interface CgroupSupport {
  version: 1 | 2;
  /** Parent directories (v1: memory, pids and CPU-accounting hierarchies; v2: one). */
  memoryParent: string;
  pidsParent: string | null;
  /** v1 only: the cpuacct hierarchy, whose counter the native runner reads (v2 has cpu.stat in the one group). */
  cpuacctParent?: string | null;
}

const NOBODY = '65534';
/** File descriptors the sandbox process may hold (Node uses a few dozen). */
const NOFILE = '256';
/** Threads and processes in the sandbox's cgroup: Node's own threads plus two workers, with room. */
export const PIDS_MAX = 96;

const works = (cmd: string, args: string[]) => {
  try {
    return spawnSync(cmd, args, { stdio: 'ignore', timeout: 5000, env: {} }).status === 0;
  } catch {
    return false;
  }
};

let detected: Layers | null = null;

export function detectLayers(): Layers {
  if (detected) return detected;
  const warnings: string[] = [];
  const prefix: string[] = [];
  const isRoot = process.getuid?.() === 0;

  if (process.platform !== 'linux') {
    warnings.push('not Linux: no network namespace, resource limits or cgroup; the sandbox relies on the Node permission model and vm contexts only');
    return (detected = { prefix, cgroup: null, unprivileged: false, warnings });
  }

  // The wrapper dies with the thread that started it (a judge thread that exits or is terminated),
  // and takes the Node process with it through the parent-death signals further down the chain.
  if (works('setpriv', ['--pdeathsig', 'KILL', 'true'])) prefix.push('setpriv', '--pdeathsig', 'KILL', '--');
  else warnings.push('setpriv has no --pdeathsig: a sandbox whose judge thread dies is only stopped when its IPC channel closes');

  if (works('unshare', ['--net', '--pid', '--fork', '--kill-child', 'true'])) {
    prefix.push('unshare', '--net', '--pid', '--fork', '--kill-child', '--');
  } else if (works('unshare', ['-r', '--net', 'true'])) {
    prefix.push('unshare', '-r', '--net', '--');
    warnings.push('no pid namespace (not root): using a user + network namespace only; process.kill from an escaped program could reach processes of the same user');
  } else {
    warnings.push('unshare is unavailable: no network namespace; an escaped program could open network connections');
  }

  let unprivileged = false;
  // A change of user clears the parent-death signal, so it is set again after the change: the
  // Node process dies with the wrapper the judge kills, instead of living on as an orphan.
  if (isRoot && works('setpriv', ['--reuid', NOBODY, '--regid', NOBODY, '--clear-groups', '--pdeathsig', 'KILL', 'true'])) {
    prefix.push('setpriv', '--reuid', NOBODY, '--regid', NOBODY, '--clear-groups', '--no-new-privs', '--pdeathsig', 'KILL', '--');
    unprivileged = true;
  } else if (isRoot && works('setpriv', ['--reuid', NOBODY, '--regid', NOBODY, '--clear-groups', 'true'])) {
    prefix.push('setpriv', '--reuid', NOBODY, '--regid', NOBODY, '--clear-groups', '--no-new-privs', '--');
    unprivileged = true;
    warnings.push('setpriv has no --pdeathsig: a sandbox process whose wrapper is killed is found and killed through its cgroup only');
  } else if (isRoot) {
    warnings.push('setpriv is unavailable: the sandbox process runs as root (the permission model still denies file access)');
  }

  if (works('prlimit', ['--core=0', 'true'])) {
    prefix.push('prlimit', '--core=0', '--fsize=0', `--nofile=${NOFILE}`, '--');
  } else {
    warnings.push('prlimit is unavailable: no core-dump, file-size or open-file limits on the sandbox process');
  }

  const cgroup = findCgroup();
  if (cgroup) sweepStaleGroups(cgroup);
  if (!cgroup) warnings.push('no writable memory cgroup: memory is bounded by the RSS watchdog and V8 heap limits only, and thread count is not capped');
  return (detected = { prefix, cgroup, unprivileged, warnings });
}

function findCgroup(): CgroupSupport | null {
  let lines: string[];
  try {
    lines = readFileSync('/proc/self/cgroup', 'utf8').trim().split('\n');
  } catch {
    return null;
  }
  const ownPath = (controller: string) => lines.map((l) => l.split(':')).find((p) => p[1]!.split(',').includes(controller))?.[2];
  const usable = (dir: string) => {
    try {
      const probe = path.join(dir, `sg-probe-${process.pid}`);
      mkdirSync(probe);
      rmdirSync(probe);
      return true;
    } catch {
      return false;
    }
  };
  const memPath = ownPath('memory');
  if (memPath !== undefined) {
    const memoryParent = path.join('/sys/fs/cgroup/memory', memPath);
    if (existsSync(path.join(memoryParent, 'memory.limit_in_bytes')) && usable(memoryParent)) {
      const pidsPath = ownPath('pids');
      const pidsParent = pidsPath === undefined ? null : path.join('/sys/fs/cgroup/pids', pidsPath);
      const cpuPath = ownPath('cpuacct');
      const cpuacctParent = cpuPath === undefined ? null : path.join('/sys/fs/cgroup/cpuacct', cpuPath);
      return {
        version: 1,
        memoryParent,
        pidsParent: pidsParent && usable(pidsParent) ? pidsParent : null,
        cpuacctParent: cpuacctParent && existsSync(path.join(cpuacctParent, 'cpuacct.usage')) && usable(cpuacctParent) ? cpuacctParent : null,
      };
    }
  }
  const unified = lines.find((l) => l.startsWith('0::'))?.slice(3);
  if (unified !== undefined) {
    for (const root of ['/sys/fs/cgroup', '/sys/fs/cgroup/unified']) {
      const dir = path.join(root, unified);
      try {
        if (readFileSync(path.join(dir, 'cgroup.subtree_control'), 'utf8').includes('memory') && usable(dir)) return { version: 2, memoryParent: dir, pidsParent: null };
      } catch {
        // not this one
      }
    }
  }
  return null;
}

/**
 * The thread that creates a group, as "pid-tid": a sandbox process dies with the thread that
 * started it, so a group whose thread is gone is left over (its owner could not remove it).
 */
function ownerTag(): string {
  try {
    return readlinkSync('/proc/thread-self').replace('/task/', 't');
  } catch {
    return String(process.pid);
  }
}

const ownerAlive = (pid: string, tid: string | undefined) => existsSync(`/proc/${pid}`) && (tid === undefined || existsSync(`/proc/${pid}/task/${tid}`));

/**
 * Removes groups left by judge processes or threads that are gone: what still runs in one is
 * killed, then the group goes (a group can only be removed once it is empty).
 */
function sweepStaleGroups(support: CgroupSupport): void {
  for (const parent of [support.memoryParent, support.pidsParent, support.cpuacctParent]) {
    if (!parent) continue;
    try {
      for (const name of readdirSync(parent)) {
        // sg-sandbox-<pid>t<tid>-<n>-<time> (or, from older judges, sg-sandbox-<pid>-<n>-<time>)
        const owner = /^sg-sandbox-(\d+)(?:t(\d+))?-/.exec(name);
        if (!owner || ownerAlive(owner[1]!, owner[2])) continue;
        const dir = path.join(parent, name);
        killMembers(dir, support.version);
        try {
          rmdirSync(dir);
        } catch {
          // still has processes: the next sweep takes it
        }
      }
    } catch {
      // unreadable: nothing to sweep
    }
  }
}

/** The processes in a group (pids as this process sees them). */
function members(dir: string): number[] {
  try {
    return readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Sends SIGKILL to everything in a group (cgroup.kill on v2 when the kernel has it); returns how many were there. */
function killMembers(dir: string, version: 1 | 2): number {
  const pids = members(dir);
  if (pids.length === 0) return 0;
  if (version === 2) {
    try {
      writeFileSync(path.join(dir, 'cgroup.kill'), '1');
      return pids.length;
    } catch {
      // no cgroup.kill (before Linux 5.14): one by one
    }
  }
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  return pids.length;
}

/** Waits; a background wait does not keep the process alive. */
const pause = (ms: number, background: boolean) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    if (background) t.unref();
  });

let groupCounter = 0;

/** What a group is for beyond memory: its task cap, and (v1) a CPU-accounting group beside it. */
export interface CgroupOptions {
  pidsMax?: number;
  cpuacct?: boolean;
}

/** One sandbox process's cgroup(s): created before it starts, limits set per program, removed after. */
export class Cgroup {
  private readonly dirs: string[] = [];
  readonly memoryDir: string;
  /** v1: the pids and cpuacct groups, when there (v2 has one group, memoryDir). */
  readonly pidsDir: string | null = null;
  readonly cpuacctDir: string | null = null;

  constructor(
    private readonly support: CgroupSupport,
    options: CgroupOptions = {},
  ) {
    sweepStaleGroups(support);
    const pidsMax = String(options.pidsMax ?? PIDS_MAX);
    const name = `sg-sandbox-${ownerTag()}-${++groupCounter}-${Date.now() % 100000}`;
    this.memoryDir = path.join(support.memoryParent, name);
    mkdirSync(this.memoryDir);
    this.dirs.push(this.memoryDir);
    if (support.version === 1 && support.pidsParent) {
      const pidsDir = path.join(support.pidsParent, name);
      mkdirSync(pidsDir);
      this.dirs.push(pidsDir);
      this.pidsDir = pidsDir;
      writeFileSync(path.join(pidsDir, 'pids.max'), pidsMax);
    } else if (support.version === 2) {
      try {
        writeFileSync(path.join(this.memoryDir, 'pids.max'), pidsMax);
      } catch {
        // pids controller not delegated here
      }
    }
    if (options.cpuacct && support.version === 1 && support.cpuacctParent) {
      const cpuDir = path.join(support.cpuacctParent, name);
      mkdirSync(cpuDir);
      this.dirs.push(cpuDir);
      this.cpuacctDir = cpuDir;
    }
  }

  /** The files a starting process writes its pid into, to join. */
  get procsFiles(): string[] {
    return this.dirs.map((d) => path.join(d, 'cgroup.procs'));
  }

  setMemoryLimit(bytes: number): void {
    const file = this.support.version === 1 ? 'memory.limit_in_bytes' : 'memory.max';
    try {
      writeFileSync(path.join(this.memoryDir, file), String(Math.floor(bytes)));
    } catch {
      // Lowering below current usage fails; the RSS watchdog still applies.
    }
  }

  /** No swap beyond the memory limit (v1 counts memory + swap in memsw; v2 caps swap apart). */
  forbidSwap(bytes: number): void {
    try {
      if (this.support.version === 1) writeFileSync(path.join(this.memoryDir, 'memory.memsw.limit_in_bytes'), String(Math.floor(bytes)));
      else writeFileSync(path.join(this.memoryDir, 'memory.swap.max'), '0');
    } catch {
      // no swap accounting here (or no swap)
    }
  }

  /** Whether the kernel's OOM killer acted in this group (the cause of a SIGKILL we did not send). */
  oomKilled(): boolean {
    try {
      if (this.support.version === 1) return /oom_kill [1-9]/.test(readFileSync(path.join(this.memoryDir, 'memory.oom_control'), 'utf8')) || Number(readFileSync(path.join(this.memoryDir, 'memory.failcnt'), 'utf8')) > 0;
      return /oom_kill [1-9]/.test(readFileSync(path.join(this.memoryDir, 'memory.events'), 'utf8'));
    } catch {
      return false;
    }
  }

  /** The group's directories that still exist (for diagnostics and the containment tests). */
  get paths(): string[] {
    return this.dirs.filter((d) => existsSync(d));
  }

  /** The pids of every process still in the group. */
  pids(): number[] {
    return [...new Set(this.dirs.flatMap(members))];
  }

  private destroying: Promise<boolean> | null = null;

  /**
   * Kills every process in the group, again and again until none is left (a process may be
   * forking as it is killed), then removes the group. Resolves whether the group is gone; one
   * that would not empty in time is left to the next sweep.
   */
  destroy(): Promise<boolean> {
    this.destroying ??= this.emptyAndRemove(250, false).then((gone) => {
      // A process stuck in the kernel may take longer: keep at it in the background for a minute.
      if (!gone) void this.emptyAndRemove(3000, true);
      return gone;
    });
    return this.destroying;
  }

  private async emptyAndRemove(attempts: number, background: boolean): Promise<boolean> {
    for (let attempt = 0; attempt < attempts; attempt++) {
      let alive = 0;
      for (const d of this.dirs) alive += killMembers(d, this.support.version);
      if (alive === 0) {
        const left = this.dirs.filter((d) => {
          try {
            rmdirSync(d);
            return false;
          } catch {
            return existsSync(d);
          }
        });
        this.dirs.splice(0, this.dirs.length, ...left);
        if (left.length === 0) return true;
      }
      await pause(20, background);
    }
    return false;
  }
}

/** Wraps a command so that it joins the cgroup before anything else runs (no race with its children). */
export function joinCgroupCommand(procsFiles: string[], command: string[]): string[] {
  if (procsFiles.length === 0) return command;
  // The shell adds PWD to the environment it passes on: take it out again.
  const script = 'while [ "$1" != "--" ]; do echo $$ > "$1" || exit 97; shift; done; shift; unset PWD OLDPWD SHLVL; exec "$@"';
  return ['/bin/sh', '-c', script, 'sh', ...procsFiles, '--', ...command];
}
