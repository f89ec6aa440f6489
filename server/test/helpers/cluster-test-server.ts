import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ConfigFlags } from '../../src/config/load-config.ts';

const ENTRY = fileURLToPath(new URL('./cluster-test-entry.ts', import.meta.url));
const RELOAD = 'gather-test:reload-schema';
const RELOADED = 'gather-test:reloaded-schema';

/**
 * How many server processes the suites' test servers run: GATHER_TEST_WORKERS (default 1, the
 * server in the test's own process). More than one needs PostgreSQL: PGlite serves one process.
 */
export function testWorkers(): number {
  const n = Number(process.env.GATHER_TEST_WORKERS ?? '1');
  if (!Number.isInteger(n) || n < 1) throw new Error(`GATHER_TEST_WORKERS=${process.env.GATHER_TEST_WORKERS}: expected a whole number ≥ 1`);
  return process.env.DATABASE_URL ? n : 1;
}

export interface ClusterProcess {
  url: string;
  /** Every worker's REST schema cache reloaded (as `reloadSchemaCache(db)` does in-process). */
  reloadSchema(): Promise<void>;
  /** SIGTERM to the primary (it drains every worker), resolved when it has exited. */
  close(): Promise<void>;
}

/**
 * `gather-server start --workers N` on a free port in a process of its own (the CLI's cluster
 * primary and N workers, through cluster-test-entry.ts), with the test's flags. Output is kept
 * and shown if it fails to start, or if it said anything on stderr.
 */
export async function startCluster(flags: ConfigFlags, workers: number, seed: boolean): Promise<ClusterProcess> {
  const child = spawn(process.execPath, [ENTRY], {
    env: { ...process.env, GATHER_TEST_CLUSTER_FLAGS: JSON.stringify({ ...flags, workers: String(workers) }), GATHER_TEST_CLUSTER_SEED: String(seed) },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => {
    out += d.toString();
    process.stderr.write(`[test cluster ${child.pid}] ${d.toString()}`);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const m = /^ready (http:\/\/\S+)$/m.exec(out);
      if (m) resolve(m[1]!);
    };
    child.stdout!.on('data', check);
    void exited.then((code) => reject(new Error(`gather-server --workers ${workers} exited with ${code} before it was ready:\n${out}`)));
  });
  let next = 0;
  return {
    url,
    reloadSchema: () =>
      new Promise<void>((resolve, reject) => {
        const id = ++next;
        const onMessage = (m: { type?: string; id?: number; error?: string }) => {
          if (m?.type !== RELOADED || m.id !== id) return;
          child.off('message', onMessage);
          if (m.error) reject(new Error(m.error));
          else resolve();
        };
        child.on('message', onMessage);
        child.send({ type: RELOAD, id });
      }),
    async close() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const code = await exited;
      if (code !== 0) throw new Error(`gather-server --workers ${workers} exited with ${code}:\n${out}`);
    },
  };
}
