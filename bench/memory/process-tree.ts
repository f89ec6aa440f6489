import { readdirSync, readFileSync } from 'node:fs';
import { rssMiB } from '../support/measure.ts';

export interface ProcessRss {
  pid: number;
  /** main, esbuild, or `worker <function>`. */
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
  return fn ? `worker ${fn[1]}` : cmd.slice(0, 40);
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
