import { readdirSync, readFileSync } from 'node:fs';

/** Threads of a Node.js process, by what they do for a login. */
export type ThreadGroup = 'main thread' | 'hash threads' | 'V8 helper threads' | 'other';

/**
 * The libuv pool runs the argon2 hashes (and file and DNS work, none of it during a login); V8's
 * helper threads collect garbage and compile; the main thread (its id is the process id) runs
 * everything else.
 */
export function threadGroup(threadId: number, processId: number, name: string): ThreadGroup {
  if (threadId === processId) return 'main thread';
  if (name === 'libuv-worker') return 'hash threads';
  if (name === 'V8Worker' || name === 'DelayedTaskSche') return 'V8 helper threads';
  return 'other';
}

/** User plus system CPU time in /proc/…/stat, in clock ticks (fields 14 and 15; the name may hold spaces). */
export function statTicks(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

// Linux reports thread CPU in clock ticks of 10 ms (USER_HZ = 100 on every mainstream build).
const MICROS_PER_TICK = 10_000;

/** CPU time (µs) each group of the process's threads has used so far, from /proc. */
export function threadCpu(processId: number): Map<ThreadGroup, number> {
  const totals = new Map<ThreadGroup, number>();
  for (const entry of readdirSync(`/proc/${processId}/task`)) {
    try {
      const name = readFileSync(`/proc/${processId}/task/${entry}/comm`, 'utf8').trim();
      const ticks = statTicks(readFileSync(`/proc/${processId}/task/${entry}/stat`, 'utf8'));
      const group = threadGroup(Number(entry), processId, name);
      totals.set(group, (totals.get(group) ?? 0) + ticks * MICROS_PER_TICK);
    } catch {
      // The thread ended between the listing and the read: its time is gone with it.
    }
  }
  return totals;
}

/** What each group used between two readings. */
export function cpuSince(before: Map<ThreadGroup, number>, after: Map<ThreadGroup, number>) {
  const used = new Map<ThreadGroup, number>();
  for (const [group, micros] of after) used.set(group, micros - (before.get(group) ?? 0));
  return used;
}
