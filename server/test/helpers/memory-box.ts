import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A box with little memory, as a container or a systemd unit makes one: a memory cgroup with a
 * limit (v2 `memory.max`, else v1 `memory.limit_in_bytes`). Creating one needs root and a
 * writable cgroup tree; where that is not so, `reason` says why and there is no box.
 */
export interface MemoryBox {
  /** Runs `command args…` inside the box: a shell that joins it, then execs the command (same pid). */
  wrap(command: string, args: string[]): { command: string; args: string[] };
  remove(): void;
}

function cgroupRoot(): { dir: string; limitFile: string } | undefined {
  if (existsSync('/sys/fs/cgroup/cgroup.controllers')) {
    const controllers = readFileSync('/sys/fs/cgroup/cgroup.controllers', 'utf8');
    return controllers.includes('memory') ? { dir: '/sys/fs/cgroup', limitFile: 'memory.max' } : undefined;
  }
  if (existsSync('/sys/fs/cgroup/memory/memory.limit_in_bytes')) return { dir: '/sys/fs/cgroup/memory', limitFile: 'memory.limit_in_bytes' };
  return undefined;
}

/** The command that runs this Node with `args`, inside `box` when there is one. */
export function nodeIn(box: MemoryBox | undefined, args: string[]): { command: string; args: string[] } {
  return box ? box.wrap(process.execPath, args) : { command: process.execPath, args };
}

/** A box of `mib` MiB, or why there cannot be one here. */
export function memoryBox(mib: number): { box: MemoryBox } | { reason: string } {
  const root = cgroupRoot();
  if (!root) return { reason: 'no memory cgroup controller at /sys/fs/cgroup' };
  const dir = join(root.dir, `gather-box-${process.pid}-${mib}`);
  try {
    mkdirSync(dir);
    writeFileSync(join(dir, root.limitFile), String(mib * 1024 ** 2));
  } catch (err) {
    return { reason: `cannot create a memory cgroup (${(err as Error).message}): needs root and a writable /sys/fs/cgroup` };
  }
  return {
    box: {
      wrap: (command, args) => ({ command: '/bin/sh', args: ['-c', `echo $$ > ${join(dir, 'cgroup.procs')} && exec "$0" "$@"`, command, ...args] }),
      remove: () => {
        try {
          rmdirSync(dir);
        } catch {
          // a process still in it: the kernel removes nothing while one is
        }
      },
    },
  };
}
