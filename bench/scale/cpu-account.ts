import { readdirSync, readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks. */
const TICKS_PER_SECOND = 100;

interface Proc {
  ppid: number;
  ticks: number;
  cmdline: string;
}

function readProcs(): Map<number, Proc> {
  const out = new Map<number, Proc>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      out.set(pid, { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), cmdline });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Who counts as what: process trees by their root pids, or processes whose command line matches. */
export type CpuGroups = Record<string, { roots?: number[]; self?: number[]; cmdline?: string }>;

function members(procs: Map<number, Proc>, g: CpuGroups[string]): Set<number> {
  const set = new Set<number>(g.self ?? []);
  const roots = new Set(g.roots ?? []);
  for (const [pid, p] of procs) {
    if (g.cmdline && p.cmdline.includes(g.cmdline)) set.add(pid);
    for (let at: number | undefined = pid, hops = 0; at && hops < 8; at = procs.get(at)?.ppid, hops++) {
      if (roots.has(at)) {
        set.add(pid);
        break;
      }
    }
  }
  return set;
}

/**
 * CPU seconds each group of processes used between `start()` and `stop()`, read from /proc: on a
 * shared machine wall-clock figures swing with the neighbours' load, CPU time per delivery much
 * less. Processes that exit before `stop()` are not counted.
 */
export function cpuAccount(groups: CpuGroups): { stop(): Record<string, number> } {
  const before = readProcs();
  return {
    stop() {
      const after = readProcs();
      const out: Record<string, number> = {};
      for (const [name, g] of Object.entries(groups)) {
        let ticks = 0;
        for (const pid of members(after, g)) ticks += after.get(pid)!.ticks - (before.get(pid)?.ticks ?? 0);
        out[name] = ticks / TICKS_PER_SECOND;
      }
      return out;
    },
  };
}
