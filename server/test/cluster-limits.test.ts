import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PrimaryLimits } from '../src/cli/cluster-limits.ts';
import { runCli, type CliRun } from './helpers/run-cli.ts';
import { createTestDb, driverName, type TestDb } from './helpers/test-db.ts';

const EMPTY_PROJECT = fileURLToPath(new URL('./fixtures/empty-project', import.meta.url));

describe("the cluster primary's limits", () => {
  it('counts one token bucket per limit and key for all workers', () => {
    const limits = new PrimaryLimits();
    const bucket = { name: 'auth:token', events: 2, windowSeconds: 3600, burst: 2 };
    expect([limits.take(bucket, 'a'), limits.take(bucket, 'a'), limits.take(bucket, 'a')]).toEqual([true, true, false]);
    expect(limits.take(bucket, 'b')).toBe(true);
    expect(limits.take({ ...bucket, name: 'auth:verify' }, 'a')).toBe(true);
  });

  it('holds places across workers, gives them back on release, and frees a dead worker’s', () => {
    const limits = new PrimaryLimits();
    expect([limits.acquire(1, 'ip', '10.0.0.1', 2), limits.acquire(2, 'ip', '10.0.0.1', 2), limits.acquire(1, 'ip', '10.0.0.1', 2)]).toEqual([true, true, false]);
    limits.release(2, 'ip', '10.0.0.1');
    expect(limits.acquire(1, 'ip', '10.0.0.1', 2)).toBe(true);
    expect(limits.acquire(2, 'ip', '10.0.0.1', 2)).toBe(false);
    limits.forgetWorker(1);
    expect([limits.acquire(2, 'ip', '10.0.0.1', 2), limits.acquire(2, 'ip', '10.0.0.1', 2)]).toEqual([true, true]);
  });
});

/** A POST on a connection of its own: the cluster hands each new connection to the next worker. */
function postOnNewConnection(url: string, path: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { method: 'POST', agent: false, headers: { ...headers, 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

// Without the primary keeping them, each worker limited on its own: N workers let N times through.
if (driverName !== 'postgres') console.log('cluster-limits: the two-worker cases skipped on PGlite: they need PostgreSQL (set DATABASE_URL; .ci/run does)');
describe.skipIf(driverName !== 'postgres')('two workers limit as one server (PostgreSQL)', { timeout: 90_000 }, () => {
  let testDb: TestDb;
  let run: CliRun;
  let url: string;
  let anonKey: string;
  beforeAll(async () => {
    testDb = await createTestDb();
    run = runCli(['start', '--project', EMPTY_PROJECT, '--db', testDb.target, '--port', '0', '--workers', '2'], {
      GATHER_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '3',
      GATHER_AUTH_REQUEST_LIMITS: 'always', // on loopback, else only forwarded requests count (decision 0333)
      GATHER_REALTIME_MAX_CONNECTIONS_PER_IP: '2',
    });
    url = (await run.waitFor(/ready http:\/\/\S+/)).slice('ready '.length);
    anonKey = (await run.waitFor(/anon key: \S+/)).slice('anon key: '.length);
  });
  afterAll(async () => {
    if (run && run.child.exitCode === null) {
      run.child.kill('SIGTERM');
      await run.exited;
    }
    await testDb?.drop();
  });

  it("keeps auth's rate limits for all workers together", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(await postOnNewConnection(url, '/auth/v1/recover', { apikey: anonKey }, JSON.stringify({ email: `limit${i}@example.com` })));
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it("keeps Realtime's sockets per address for all workers together, and frees them on close", async () => {
    const open = () =>
      new Promise<{ ws: WebSocket; status: number }>((resolve) => {
        const ws = new WebSocket(`${url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${anonKey}&vsn=2.0.0`);
        ws.once('open', () => resolve({ ws, status: 101 }));
        ws.once('unexpected-response', (_req, res) => resolve({ ws, status: res.statusCode ?? 0 }));
        ws.once('error', () => resolve({ ws, status: 0 }));
      });
    const first = [await open(), await open(), await open(), await open()];
    expect(first.map((o) => o.status)).toEqual([101, 101, 429, 429]);
    for (const o of first) o.ws.terminate();
    await expect
      .poll(async () => {
        const o = await open();
        o.ws.terminate();
        return o.status;
      })
      .toBe(101);
  });
});
