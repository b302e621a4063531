import { readdirSync, readFileSync } from 'node:fs';
import { timerMs } from '../rules/limits';

/** How long the net watches a late sandbox before it decides, how often it looks, and how much longer it may wait in all. */
const WATCH_MS = 1000;
const LOOK_MS = 100;
const MAX_EXTRA_MS = 120_000;

/** What the net sees of a process at one moment: whether a thread of it is runnable, and its CPU time so far. */
export interface ProcessLook {
  runnable: boolean;
  cpuNs: number;
}

/**
 * A look at a process's threads: a thread in state R (running or waiting for a core) and the
 * threads' CPU time, ns (the first field of each /proc/<pid>/task/<tid>/schedstat, current even
 * while the thread runs). Null when it cannot be read.
 */
export function lookAt(pid: number): ProcessLook | null {
  try {
    let runnable = false;
    let cpuNs = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // The state follows the command name, which is in parentheses and may hold anything.
      if (stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'R') runnable = true;
      const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      if (!Number.isFinite(ns)) return null;
      cpuNs += ns;
    }
    return { runnable, cpuNs };
  } catch {
    return null;
  }
}

/**
 * Whether a process watched over a while was starved: runnable in at least half of the looks, yet
 * given less than half of the time on a core. A hung sandbox is either blocked (not runnable) or
 * spinning on a core of its own (its CPU time keeps up with the clock).
 */
export function starved(looks: ProcessLook[], elapsedMs: number): boolean {
  if (looks.length < 2 || elapsedMs <= 0) return false;
  const runnable = looks.filter((l) => l.runnable).length / looks.length;
  const cpuShare = (looks.at(-1)!.cpuNs - looks[0]!.cpuNs) / 1e6 / elapsedMs;
  return runnable >= 0.5 && cpuShare < 0.5;
}

/**
 * The judge's last net around a sandbox request: past `due()` (ms, performance.now()) without an
 * answer, the sandbox is killed. But a sandbox that is runnable and waiting for a core on a loaded
 * machine is not hung: its own CPU watchdog answers once the program has had its CPU time. So past
 * the deadline the net watches the sandbox's threads for a second at a time and waits on (up to two
 * minutes more) while they were starved; a sandbox that is not, or cannot be seen, is killed.
 * Without this an endless loop beside a busy class was "stopped far past the limit" instead of
 * getting its CPU-time TLE. (schedstat's run-queue wait cannot tell: it is added only when a thread
 * gets a core, so a thread that never gets one shows none.) Returns the net's cancel.
 */
export function safetyNet(pid: () => number | null, due: () => number, kill: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  let extraMs = 0;
  let watch: { pid: number; from: number; looks: ProcessLook[] } | null = null;
  const check = () => {
    const now = performance.now();
    if (watch) {
      const look = lookAt(watch.pid);
      if (!look) return kill();
      watch.looks.push(look);
      if (now - watch.from < WATCH_MS) {
        timer = setTimeout(check, LOOK_MS);
        return;
      }
      if (!starved(watch.looks, now - watch.from) || extraMs >= MAX_EXTRA_MS) return kill();
      extraMs += now - watch.from;
      watch = { pid: watch.pid, from: now, looks: [look] };
      timer = setTimeout(check, LOOK_MS);
      return;
    }
    const dueAt = due();
    if (now < dueAt) {
      // Bounded: a due time past Node's longest timer would overflow it into a 1 ms spin.
      timer = setTimeout(check, timerMs(dueAt - now));
      return;
    }
    const p = pid();
    const look = p === null ? null : lookAt(p);
    if (p === null || !look) return kill();
    watch = { pid: p, from: now, looks: [look] };
    timer = setTimeout(check, LOOK_MS);
  };
  timer = setTimeout(check, timerMs(due() - performance.now()));
  return () => clearTimeout(timer);
}
