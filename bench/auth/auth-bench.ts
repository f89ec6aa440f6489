import bcrypt from 'bcrypt';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SERVICE_ROLE_KEY } from '../../server/src/config/default-keys.ts';
import { fmt, median, startBenchServer } from '../support/measure.ts';

const SERVER = fileURLToPath(new URL('./auth-server.ts', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** Each figure is the median of this many alternating runs: the machine may be shared. */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONCURRENCY = (process.env.BENCH_AUTH_CONCURRENCY ?? '1,4,16').split(',').map(Number);
const USERS = 32;
const PASSWORD = 'correct horse battery';


/** Runs `op` from `concurrency` workers for SECONDS; completions per second, failures counted apart. */
async function throughput(concurrency: number, op: (worker: number) => Promise<boolean>): Promise<{ perSecond: number; failed: number }> {
  const deadline = performance.now() + SECONDS * 1000;
  let done = 0;
  let failed = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      while (performance.now() < deadline) {
        if (await op(w)) done++;
        else failed++;
      }
    }),
  );
  return { perSecond: done / ((performance.now() - start) / 1000), failed };
}

function post(url: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: DEFAULT_SERVICE_ROLE_KEY, authorization: `Bearer ${DEFAULT_SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function createUsers(url: string): Promise<string[]> {
  const emails = Array.from({ length: USERS }, (_, i) => `bench${i}@example.com`);
  for (const email of emails) {
    const res = await post(url, '/admin/users', { email, password: PASSWORD, email_confirm: true });
    // 422: left by an earlier run on the same PostgreSQL database, with the same password.
    if (!res.ok && res.status !== 422) throw new Error(`create user: ${res.status} ${await res.text()}`);
  }
  return emails;
}

async function signIn(url: string, email: string): Promise<{ refresh_token: string } | undefined> {
  const res = await post(url, '/token?grant_type=password', { email, password: PASSWORD });
  return res.ok ? ((await res.json()) as { refresh_token: string }) : undefined;
}

/**
 * Sign-in throughput against its limit, raw bcrypt compares at cost 10 on the same cores (a
 * sign-in is one compare plus a few queries and a JWT); token refresh against the server's
 * cheapest auth request (GET /auth/v1/health) as the HTTP floor.
 */
export async function authBench(): Promise<void> {
  const db = process.env.BENCH_AUTH_DB ?? 'memory';
  const { url, child } = await startBenchServer(SERVER, [db]);
  try {
    const emails = await createUsers(url);
    const hash = await bcrypt.hash(PASSWORD, 10);
    console.log(`auth (${db === 'memory' ? 'PGlite in memory' : 'PostgreSQL'}; ${availableParallelism()} cores; median of ${RUNS} × ${SECONDS} s per figure)`);
    console.log('  sign-in (POST /token?grant_type=password), baseline = raw bcrypt.compare cost 10 in a separate process, same concurrency');
    for (const n of CONCURRENCY) {
      const base: number[] = [], rate: number[] = [];
      let failed = 0, next = 0;
      for (let r = 0; r < RUNS; r++) {
        base.push((await throughput(n, async () => bcrypt.compare(PASSWORD, hash))).perSecond);
        const run = await throughput(n, async () => (await signIn(url, emails[next++ % emails.length]!)) !== undefined);
        rate.push(run.perSecond);
        failed += run.failed;
      }
      const [b, x] = [median(base), median(rate)];
      console.log(
        `    ${String(n).padStart(3)} clients  ${fmt(x, 1).padStart(7)} sign-ins/s   bcrypt ${fmt(b, 1).padStart(7)} compares/s   ratio ${fmt(x / b, 2)}${failed ? `   (${failed} failed)` : ''}`,
      );
    }
    console.log('  token refresh (POST /token?grant_type=refresh_token, each client rotating its own session), baseline = GET /auth/v1/health');
    for (const n of CONCURRENCY) {
      const tokens: string[] = [];
      for (let i = 0; i < n; i++) tokens.push((await signIn(url, emails[i % emails.length]!))!.refresh_token);
      const rate: number[] = [], base: number[] = [];
      let failed = 0;
      for (let r = 0; r < RUNS; r++) {
        const run = await throughput(n, async (w) => {
          const res = await post(url, '/token?grant_type=refresh_token', { refresh_token: tokens[w] });
          if (!res.ok) return false;
          tokens[w] = ((await res.json()) as { refresh_token: string }).refresh_token;
          return true;
        });
        rate.push(run.perSecond);
        failed += run.failed;
        base.push((await throughput(n, async () => (await fetch(`${url}/auth/v1/health`)).ok)).perSecond);
      }
      const [x, b] = [median(rate), median(base)];
      console.log(
        `    ${String(n).padStart(3)} clients  ${fmt(x, 1).padStart(7)} refreshes/s  health ${fmt(b, 1).padStart(7)} req/s   ratio ${fmt(x / b, 2)}${failed ? `   (${failed} failed)` : ''}`,
      );
    }
  } finally {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}
