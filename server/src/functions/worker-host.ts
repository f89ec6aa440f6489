import { fork } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './worker-runtime/wire-protocol.ts';

/**
 * Where a function's code runs. `process` (the default) is a child Node process with a V8 heap
 * limit: whatever the function does, including exhausting its heap, only that process dies.
 * `thread` is a worker thread with `resourceLimits`: cheaper and faster to talk to, but V8 can
 * still abort the whole server when a thread's heap overflows in one large allocation (measured:
 * a growing Map or number array), so it is for trusted functions only. See decision 0040.
 */
export type Isolation = 'process' | 'thread';

export interface HostExit {
  /** The heap limit was hit. */
  oom: boolean;
  detail: string;
}

export interface WorkerHost {
  post(msg: ToWorker): void;
  onMessage(fn: (msg: FromWorker) => void): void;
  /** Called once, however the worker ended. */
  onExit(fn: (exit: HostExit) => void): void;
  terminate(): Promise<void>;
}

export interface HostOptions {
  bundleFile: string;
  env: Record<string, string>;
  memoryMb: number;
}

function threadHost({ bundleFile, env, memoryMb }: HostOptions): WorkerHost {
  const worker = new Worker(new URL(`file://${bundleFile}`), {
    env,
    // An explicit young generation keeps V8 from aborting the process on most overflows.
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 16 },
    stdout: false,
    stderr: false,
  });
  let error: Error | undefined;
  let gone = false;
  worker.on('error', (err) => (error = err));
  return {
    post: (msg) => {
      if (!gone) worker.postMessage(msg);
    },
    onMessage: (fn) => worker.on('message', fn),
    onExit: (fn) =>
      worker.on('exit', (code) => {
        gone = true;
        const oom = (error as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
        fn({ oom, detail: error ? error.message : `exit code ${code}` });
      }),
    terminate: async () => {
      await worker.terminate();
    },
  };
}

function processHost({ bundleFile, env, memoryMb }: HostOptions): WorkerHost {
  const child = fork(bundleFile, [], {
    env,
    // A 1 MiB nursery: a function's requests make little garbage, and each worker is a process of its own.
    execArgv: [`--max-old-space-size=${memoryMb}`, '--max-semi-space-size=1'],
    // The function's console goes to the server's stdout and stderr.
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
  let exited: Promise<void> | undefined;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  return {
    post: (msg) => {
      if (child.connected) child.send(msg, (err) => err && undefined);
    },
    onMessage: (fn) => child.on('message', (msg) => fn(msg as FromWorker)),
    onExit: (fn) => {
      let reported = false;
      const report = (exit: HostExit) => {
        if (!reported) fn(exit);
        reported = true;
      };
      child.once('exit', (code, signal) =>
        // V8 aborts (SIGABRT, or exit code 134) when the heap limit is reached.
        report({ oom: signal === 'SIGABRT' || code === 134, detail: signal ? `signal ${signal}` : `exit code ${code}` }),
      );
      child.once('error', (err) => report({ oom: false, detail: err.message }));
    },
    terminate: () => {
      exited ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exit;
      })();
      return exited;
    },
  };
}

export function spawnWorkerHost(isolation: Isolation, opts: HostOptions): WorkerHost {
  return isolation === 'thread' ? threadHost(opts) : processHost(opts);
}
