import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Scheduling priority of single threads (on Linux nice values are per thread). The HTTP thread
 * runs a little above the process's priority so pages stay fast while every core judges; judge
 * threads go back to the process's own priority, so judging competes with the rest of the machine
 * exactly as it would without this (a lower judge priority would stretch wall-clock times and
 * risk false TLEs).
 */

/** How much the HTTP thread's nice value is lowered; needs CAP_SYS_NICE (root, or a container allowing it). */
export const HTTP_PRIORITY_BOOST = 5;

/** The calling thread's kernel id, or null where /proc/thread-self does not exist. */
function currentThreadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/** The calling thread's nice value (0 where it cannot be read). */
export function threadNice(): number {
  const tid = currentThreadId();
  try {
    return tid === null ? 0 : getPriority(tid);
  } catch {
    return 0;
  }
}

/** Sets the calling thread's nice value; returns an explanation when it could not. */
export function setThreadNice(nice: number): string | null {
  const tid = currentThreadId();
  if (tid === null) return 'per-thread priorities need Linux /proc/thread-self';
  try {
    if (getPriority(tid) !== nice) setPriority(tid, Math.max(-20, Math.min(19, nice)));
    return null;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code ?? (e as Error).message;
  }
}
