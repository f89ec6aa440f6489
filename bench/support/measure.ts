import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export interface Timed {
  ms: number;
}

/** Resident memory of a process in MiB, from /proc (Linux). */
export function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** CPU time (user + system, ms) of a process and all its descendants so far, from /proc (Linux). */
export function cpuMsOfTree(pid: number): number {
  let ms = 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const kids = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
      for (const kid of kids ? kids.split(' ') : []) ms += cpuMsOfTree(Number(kid));
    }
  } catch {
    // The process ended meanwhile: it counts for nothing more.
  }
  return ms;
}

/** USER_HZ: 100 on every Linux Node supports. */
const CLOCK_TICKS = 100;

/**
 * Spawns a Node script and resolves when its output matches `ready`, with the time taken and
 * the child still running (the caller stops it).
 */
export function spawnUntil(args: string[], ready: RegExp, env: NodeJS.ProcessEnv = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const done = new Promise<Timed>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      if (ready.test(out)) resolve({ ms: performance.now() - started });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code} before ready:\n${out}`)));
  });
  return { child, done };
}

export function stop(child: ReturnType<typeof spawn>): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export function fmt(n: number, digits = 0): string {
  return n.toFixed(digits);
}

/** Runs a bench server script with `args` and resolves with the URL it prints as `ready <url>`. */
export async function startBenchServer(script: string, args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const { child, output } = spawnUntilOutput([script, ...args], /ready (\S+)/);
  return { url: (await output)[1]!, child };
}

/** Like spawnUntil, but resolves with the match instead of the time taken. */
function spawnUntilOutput(args: string[], ready: RegExp) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const output = new Promise<RegExpExecArray>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) resolve(m);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${args[0]} exited with ${code} before ready:\n${out}`)));
  });
  return { child, output };
}
