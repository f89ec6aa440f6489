import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { DEFAULT_ANON_KEY } from '../../server/src/config/default-keys.ts';
import { fmt, median, stop, startBenchServer } from '../support/measure.ts';
import { percentile } from '../support/stats.ts';

const SERVER = fileURLToPath(new URL('./functions-server.ts', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** Each figure is the median of this many alternating runs: the machine may be shared. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONCURRENCY = (process.env.BENCH_FUNCTIONS_CONCURRENCY ?? '1,16,64').split(',').map(Number);
const ISOLATION = (process.env.BENCH_FUNCTIONS_ISOLATION ?? 'process,thread').split(',');

interface Run {
  perSecond: number;
  latencies: number[];
  failed: number;
}

/** `concurrency` clients issue `op` back to back for SECONDS: completions per second and latencies. */
async function load(concurrency: number, op: () => Promise<boolean>): Promise<Run> {
  const deadline = performance.now() + SECONDS * 1000;
  const latencies: number[] = [];
  let failed = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        if (await op()) latencies.push(performance.now() - t);
        else failed++;
      }
    }),
  );
  return { perSecond: latencies.length / ((performance.now() - start) / 1000), latencies, failed };
}


async function ok(res: Response): Promise<boolean> {
  await res.arrayBuffer();
  return res.ok;
}

/**
 * Invocations of a trivial function (POST with a JSON body, verify_jwt on, as supabase-js sends
 * them) against the server's cheapest plain route (GET /auth/v1/health) on the same server and
 * at the same concurrency: throughput, p50 and p99, and the ratios. Once per isolation mode.
 */
export async function functionsBench(): Promise<void> {
  const headers = { apikey: DEFAULT_ANON_KEY, authorization: `Bearer ${DEFAULT_ANON_KEY}`, 'content-type': 'application/json' };
  console.log(`functions (trivial function vs GET /auth/v1/health; ${availableParallelism()} cores; median of ${RUNS} × ${SECONDS} s per figure)`);
  for (const isolation of ISOLATION) {
    const { child, url: base } = await startBenchServer(SERVER, [isolation]);
    const invoke = async () => ok(await fetch(`${base}/functions/v1/hello`, { method: 'POST', headers, body: '{"name":"bench"}' }));
    const plain = async () => ok(await fetch(`${base}/auth/v1/health`));
    for (let i = 0; i < 200; i++) await invoke(); // boot the workers, warm the JIT
    console.log(`  isolation = ${isolation}`);
    for (const n of CONCURRENCY) {
      const fn: Run[] = [];
      const pl: Run[] = [];
      for (let r = 0; r < RUNS; r++) {
        pl.push(await load(n, plain));
        fn.push(await load(n, invoke));
      }
      const tput = (rs: Run[]) => median(rs.map((r) => r.perSecond));
      const p = (rs: Run[], q: number) => median(rs.map((r) => percentile(r.latencies, q)));
      const failed = fn.reduce((a, r) => a + r.failed, 0);
      console.log(
        `    ${String(n).padStart(3)} clients  ${fmt(tput(fn)).padStart(6)} invokes/s  p50 ${fmt(p(fn, 50), 2)} ms  p99 ${fmt(p(fn, 99), 2)} ms` +
          `   plain ${fmt(tput(pl)).padStart(6)} req/s  p50 ${fmt(p(pl, 50), 2)} ms  p99 ${fmt(p(pl, 99), 2)} ms` +
          `   ratio ${fmt(tput(fn) / tput(pl), 2)} (throughput)  ${fmt(p(fn, 50) / p(pl, 50), 2)} (p50)  ${fmt(p(fn, 99) / p(pl, 99), 2)} (p99)` +
          (failed ? `   (${failed} failed)` : ''),
      );
    }
    await stop(child);
  }
}
