import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * One owner per PGlite data folder (decision 0091). Two processes on one folder each believe
 * they own the files and overwrite each other's writes, so the second one refuses to start. The
 * lock is a file in the folder naming its owner; one left by a process that is gone (killed,
 * crashed) — or whose pid now belongs to another process — is stale and taken over.
 */

export const LOCK_FILE = 'gather-server.lock';

export interface LockOwner {
  pid: number;
  host: string;
  /** When the owner took the lock (ISO). */
  started: string;
  /** The owner process's start time in clock ticks since boot (Linux), so a reused pid is told apart. */
  processStart?: number;
}

export class DataDirLockedError extends Error {}

/** Clock ticks since boot at which `pid` started (field 22 of /proc/<pid>/stat), where Linux tells. */
export function processStartOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may contain spaces: count after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    return Number.isFinite(ticks) ? ticks : undefined;
  } catch {
    return undefined;
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, but not ours to signal
  }
}

/** Whether the process that wrote `owner` is still running (as far as this host can tell). */
function ownerRunning(owner: LockOwner): boolean {
  if (!alive(owner.pid)) return false;
  if (owner.processStart === undefined) return true;
  const now = processStartOf(owner.pid);
  return now === undefined || now === owner.processStart;
}

function readOwner(path: string): LockOwner | undefined {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockOwner>;
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string' ? (parsed as LockOwner) : undefined;
  } catch {
    return undefined; // unreadable or half-written: nobody can be shown to own it
  }
}

function createExclusive(path: string, owner: LockOwner): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, `${JSON.stringify(owner)}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

function lockedMessage(dir: string, owner: LockOwner): string {
  const who = `pid ${owner.pid}${owner.host === hostname() ? '' : ` on ${owner.host}`}, since ${owner.started}`;
  const remedy =
    owner.host === hostname()
      ? 'stop that process first, or pass another --db'
      : `if that process is gone, delete ${join(dir, LOCK_FILE)}`;
  return `the data folder ${dir} is in use by another gather-server (${who}); ${remedy}`;
}

export interface DataDirLock {
  /** Set when a stale lock was taken over: who held it. */
  tookOverFrom?: LockOwner;
  release(): void;
}

/** Takes the folder's lock or throws DataDirLockedError naming the owner. */
export function lockDataDir(dir: string): DataDirLock {
  const path = join(dir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: hostname(), started: new Date().toISOString(), processStart: processStartOf(process.pid) };
  let tookOverFrom: LockOwner | undefined;
  for (let attempt = 0; !createExclusive(path, me); attempt++) {
    const owner = readOwner(path);
    if (owner && (owner.host !== me.host || ownerRunning(owner))) throw new DataDirLockedError(lockedMessage(dir, owner));
    if (attempt >= 5) throw new DataDirLockedError(`could not take the lock ${path}; delete it if no gather-server uses ${dir}`);
    if (!owner && attempt < 2) {
      sleepSync(200); // unreadable: perhaps being written this instant; look again before calling it stale
      continue;
    }
    // Stale: move it aside atomically. If another process took it over in between, what we moved
    // is its fresh lock — put that back and let the next round refuse.
    const aside = `${path}.stale-${process.pid}`;
    try {
      renameSync(path, aside);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    const moved = readOwner(aside);
    if (moved && (moved.pid !== owner?.pid || moved.started !== owner?.started)) {
      try {
        linkSync(aside, path);
      } catch {
        // someone else holds it already; the next round reads theirs
      }
    } else {
      tookOverFrom = owner;
    }
    unlinkSync(aside);
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    const current = readOwner(path);
    if (current?.pid === me.pid && current.started === me.started) {
      try {
        unlinkSync(path);
      } catch {
        // already gone
      }
    }
  };
  // A clean exit without close() (an uncaught error) still frees the folder; kill -9 cannot.
  process.on('exit', release);
  return { tookOverFrom, release };
}
