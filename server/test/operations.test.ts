import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { driverName } from './helpers/test-db.ts';

/** A project with one migration, so `/ready` has something to find applied (or not). */
function projectWithMigration(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gather-ops-'));
  mkdirSync(join(dir, 'migrations'));
  writeFileSync(
    join(dir, 'migrations', '20260101000000_notes.sql'),
    `create table public.ops_notes (id serial primary key, body text);
     grant select, insert on public.ops_notes to anon; grant usage on sequence public.ops_notes_id_seq to anon;`,
  );
  return dir;
}

describe(`health, readiness and metrics (${driverName})`, () => {
  let srv: TestServer;
  let onPort: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(
      { project: projectWithMigration(), metrics: '/metrics' },
      { inProcess: "reads one process's series without a worker label (cluster-workers.test.ts reads a cluster's)" },
    );
    onPort = await startTestServer({ metrics: '127.0.0.1:0' }, { inProcess: 'reads the metrics port the server chose (a cluster serves it from its primary)' });
  });
  afterAll(async () => {
    await srv?.stop();
    await onPort?.stop();
  });

  it('answers /health without the database and /ready with each check', async () => {
    const health = await srv.fetch('/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await srv.fetch('/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', accepting: 'ok' } });
  });

  it('is not ready while a migration of the project is not recorded as applied', async () => {
    const fresh = await startTestServer({ project: projectWithMigration() });
    try {
      await fresh.db.query(`delete from supabase_migrations.schema_migrations where version = '20260101000000'`);
      const res = await fresh.fetch('/ready');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', migrations: '1 pending: 20260101000000', accepting: 'ok' },
      });
    } finally {
      await fresh.stop();
    }
  });

  it('counts requests by API and status and reads the queues at scrape time', async () => {
    const anon = srv.anon();
    expect((await anon.from('ops_notes').insert({ body: 'hello' })).error).toBeNull();
    expect((await anon.from('missing_table').select()).error?.code).toBe('PGRST205');
    const res = await srv.fetch('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/gather_http_requests_total\{api="rest",method="POST",status="201"\} 1\b/);
    expect(text).toMatch(/gather_http_requests_total\{api="rest",method="GET",status="404"\} 1\b/);
    expect(text).toMatch(/gather_http_request_duration_seconds_count\{api="rest"\} 2\b/);
    expect(text).toMatch(/gather_mail_queue_depth/);
    expect(text).toMatch(/gather_cron_runs/);
    expect(text).toMatch(/gather_realtime_connections 0\b/);
    if (driverName === 'postgres') {
      expect(text).toMatch(/gather_db_pool_connections\{state="max"\} 10\b/);
      expect(text).toMatch(/gather_db_pool_checkouts_total [1-9]/);
    }
  });

  it('serves metrics on a port of their own when GATHER_METRICS names one, not on the API port', async () => {
    expect(onPort.metricsPort).toBeGreaterThan(0);
    const res = await fetch(`http://127.0.0.1:${onPort.metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/# TYPE gather_http_requests_total counter/);
    expect((await onPort.fetch('/metrics')).status).toBe(404);
  });
});

/** Sends a request's head with `Expect: 100-continue` and resolves once the server is handling it. */
function startSlowInsert(url: string, apikey: string, body: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = '';
  const continued = new Promise<void>((resolve) =>
    socket.on('data', (chunk) => {
      received += chunk.toString();
      if (received.includes('100 Continue')) resolve();
    }),
  );
  const ended = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  socket.write(
    `POST /rest/v1/ops_notes HTTP/1.1\r\nhost: ${hostname}\r\napikey: ${apikey}\r\ncontent-type: application/json\r\n` +
      `prefer: return=minimal\r\nexpect: 100-continue\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n`,
  );
  return { continued, ended, finish: () => socket.write(body) };
}

/** `p`, or a failure naming what the drain is stuck on (each step takes milliseconds). */
function within<T>(what: string, p: Promise<T>, ms = 15_000): Promise<T> {
  return Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`drain: still waiting for ${what} after ${ms} ms`)), ms).unref())]);
}

describe(`graceful drain (${driverName})`, () => {
  it('finishes the request in flight, tells sockets to reconnect and refuses new connections', async () => {
    const srv = await startTestServer({ project: projectWithMigration() }, { inProcess: 'asks the server for readiness while it drains (cluster-workers.test.ts drains a cluster)' });
    let closed = false;
    try {
      const ws = new WebSocket(`${srv.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${srv.keys.anonKey}&vsn=1.0.0`);
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const wsClosed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));

      const slow = startSlowInsert(srv.url, srv.keys.anonKey, JSON.stringify({ body: 'in flight' }));
      await within('100 Continue', slow.continued);
      const stopping = srv.close().then(() => (closed = true));
      expect(await within('the socket to close', wsClosed)).toEqual({ code: 1012, reason: 'server restarting: reconnect' });
      expect((await within('readiness', srv.readiness.check())).checks.accepting).toBe('draining: shutting down');
      // A new connection, not fetch: fetch may reuse a keep-alive socket of the server's start,
      // which the draining server still answers (503, connection: close) on a loaded machine.
      // The listener closes once the realtime side has stopped (its feeds unlisten on the
      // database first), so the probe tries until refused, while the request above still waits.
      // A probe that lands in the listen backlog as the listener closes is reset by the kernel
      // (ECONNRESET, nothing served): the next one must then be refused.
      const { hostname, port } = new URL(srv.url);
      const probe = () => new Promise<string>((resolve) => {
        const socket = connect(Number(port), hostname);
        socket.once('connect', () => {
          socket.destroy();
          resolve('accepted');
        });
        socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
      });
      const refused = (async () => {
        for (let answer = await probe(); ; answer = await probe()) {
          if (answer !== 'accepted' && answer !== 'ECONNRESET') return answer;
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      expect(await within('a new connection', refused)).toBe('ECONNREFUSED');

      slow.finish();
      const answer = await within('the in-flight answer', slow.ended);
      expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 Created\r\n/);
      expect(answer.toLowerCase()).toContain('connection: close');
      await within('the server to stop', stopping);
      expect(closed).toBe(true);
    } finally {
      if (!closed) await srv.close().catch(() => {});
      await srv.testDb.drop();
    }
  }, 60_000);
});
