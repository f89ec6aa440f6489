import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nodeIn, type MemoryBox } from './memory-box.ts';

const CLI = fileURLToPath(new URL('../../bin/gather-server.js', import.meta.url));

export interface CliRun {
  child: ChildProcess;
  output(): string;
  /** Resolves when the output matches, rejects if the process exits first. */
  waitFor(re: RegExp): Promise<string>;
  exited: Promise<number | null>;
}

/** Runs `gather-server` as a user would, with the same Node that runs the tests (in `box`, when given). */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}, box?: MemoryBox): CliRun {
  const run = nodeIn(box, [CLI, ...args]);
  const child = spawn(run.command, run.args, {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, GATHER_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (d: Buffer) => {
    out += d.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    waitFor(re) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = re.exec(out);
          if (m) {
            listeners.delete(check);
            resolve(m[0]);
          }
        };
        listeners.add(check);
        check();
        void exited.then((code) => {
          if (listeners.has(check)) reject(new Error(`exited with ${code} before ${re}:\n${out}`));
        });
      });
    },
  };
}
