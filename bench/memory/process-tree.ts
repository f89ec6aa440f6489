import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { rssMiB } from '../support/measure.ts';

export interface ProcessRss {
  pid: number;
  /** main, esbuild, `worker <function>`, or `instance` (one of --workers). */
  role: string;
  mib: number;
}

function kids(pid: number): number[] {
  const out: number[] = [];
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
      if (text) out.push(...text.split(' ').map(Number));
    }
  } catch {
    // ended meanwhile
  }
  return out;
}

function role(pid: number, root: number): string {
  if (pid === root) return 'main';
  const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  if (cmd.includes('--service=')) return 'esbuild';
  const fn = /gather-functions-[^/]*\/([\w-]+)\.[0-9a-f]+\.mjs/.exec(cmd);
  if (fn) return `worker ${fn[1]}`;
  // --workers: the cluster's instances, Node started again with the primary's flags.
  return cmd.startsWith(process.execPath) ? 'instance' : cmd.slice(0, 40);
}

/** VmRSS of a process and every descendant (Linux /proc), each with what it is. */
export function treeRss(root: number): ProcessRss[] {
  const out: ProcessRss[] = [];
  const walk = (pid: number) => {
    try {
      out.push({ pid, role: role(pid, root), mib: rssMiB(pid) });
    } catch {
      return;
    }
    for (const k of kids(pid)) walk(k);
  };
  walk(root);
  return out;
}

/** MiB of every process together. */
export const total = (ps: ProcessRss[]) => ps.reduce((s, p) => s + p.mib, 0);

/**
 * The tree's memory once it stops moving (within 2 MiB in a second, 12 s at most): a fixed 2 s
 * after ready sometimes caught a bare PGlite at ~780 MiB, in the middle of V8 optimising its wasm,
 * where it settles at ~305 within seconds.
 */
export async function settledRss(pid: number): Promise<ProcessRss[]> {
  let last = treeRss(pid);
  for (let i = 0; i < 12; i++) {
    await sleep(1000);
    const now = treeRss(pid);
    const settled = Math.abs(total(now) - total(last)) < 2;
    last = now;
    if (settled) break;
  }
  return last;
}
