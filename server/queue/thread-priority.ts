import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Scheduling priority of single threads (Linux: nice values are per thread). The HTTP thread
 * runs at a higher priority than the judge so pages stay fast while every core judges; judge
 * threads reset themselves to normal priority, so judging competes with the rest of the machine
 * exactly as before (a lower judge priority would stretch wall-clock times and risk false TLEs).
 */

/** Nice value the HTTP thread asks for; needs CAP_SYS_NICE (root, or a container allowing it). */
export const HTTP_THREAD_NICE = -5;

/** The calling thread's kernel id, or null where /proc/thread-self does not exist. */
function currentThreadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/** Sets the calling thread's nice value; returns an explanation when it could not. */
export function setThreadNice(nice: number): string | null {
  const tid = currentThreadId();
  if (tid === null) return 'per-thread priorities need Linux /proc/thread-self';
  try {
    if (getPriority(tid) !== nice) setPriority(tid, nice);
    return null;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code ?? (e as Error).message;
  }
}
