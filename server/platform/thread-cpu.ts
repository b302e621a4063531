/**
 * CPU time of one thread of this process, read from /proc. A limit on a thread's work measured in
 * its own CPU time gives the same answer on a quiet and on a busy machine, where wall time does not.
 */
import { readFileSync, readlinkSync } from 'node:fs';

/** /proc reports times in USER_HZ, which Linux fixes at 100 per second for user space. */
const MS_PER_TICK = 10;

/** The calling thread's kernel thread id, or null where /proc/thread-self is missing. */
export function ownThreadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/** CPU milliseconds (user + system) that thread `tid` of this process has used; null if it is gone. */
export function threadCpuMs(tid: number): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return null;
  }
}

/** The calling thread's CPU milliseconds (user + system), at microsecond resolution. */
export function ownCpuMs(): number {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
}
