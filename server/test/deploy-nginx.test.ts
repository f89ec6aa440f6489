import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../src/config/load-config.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { startLocalS3, type LocalS3 } from './helpers/s3rver-harness.ts';
import { createTestDb, driverName, type TestDb } from './helpers/test-db.ts';
import { subscribed } from './helpers/realtime.ts';

const NGINX = '/usr/sbin/nginx';
const CONF = fileURLToPath(new URL('../../docs/deploy/nginx.conf', import.meta.url));

const skipReason =
  driverName !== 'postgres' ? 'two instances share only a PostgreSQL database (set DATABASE_URL; .ci/run does)' : !existsSync(NGINX) ? `${NGINX} is missing (apt-get install nginx-light)` : '';
if (skipReason) console.log(`deploy-nginx: skipped: ${skipReason}`);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

function projectDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gather-deploy-'));
  mkdirSync(join(dir, 'migrations'));
  writeFileSync(
    join(dir, 'migrations', '20260101000000_rsvps.sql'),
    `create table public.rsvps (id serial primary key, event_id int not null, who text not null);
     alter table public.rsvps enable row level security;
     create policy "anyone reads" on public.rsvps for select to anon using (true);
     create policy "anyone rsvps" on public.rsvps for insert to anon with check (true);
     grant select, insert on public.rsvps to anon; grant usage on sequence public.rsvps_id_seq to anon;
     alter publication supabase_realtime add table public.rsvps;`,
  );
  return dir;
}

/** docs/deploy/nginx.conf as it is, with its ports and folders pointed at this run's. */
function nginxConf(prefix: string, ports: [number, number], listen: number): string {
  return readFileSync(CONF, 'utf8')
    .replaceAll('/var/lib/gather-nginx', prefix)
    .replaceAll('server 127.0.0.1:54321 ', `server 127.0.0.1:${ports[0]} `)
    .replaceAll('server 127.0.0.1:54322 ', `server 127.0.0.1:${ports[1]} `)
    .replace('listen 127.0.0.1:8080;', `listen 127.0.0.1:${listen};`);
}

describe.skipIf(skipReason !== '')('docs/deploy: nginx in front of two instances, one PostgreSQL, one S3 store', { timeout: 180_000 }, () => {
  let testDb: TestDb;
  let s3: LocalS3;
  const instances: RunningServer[] = [];
  let nginx: ChildProcess;
  let url: string;
  const clients: SupabaseClient[] = [];
  let drained = false;

  beforeAll(async () => {
    testDb = await createTestDb();
    s3 = await startLocalS3();
    const project = projectDir();
    for (let i = 0; i < 2; i++) {
      const config = loadConfig(
        { project, port: '0', logLevel: process.env.DEPLOY_LOG ?? 'silent', db: testDb.target, trustProxy: '127.0.0.1', ...s3.flags },
        {},
      );
      instances.push(await startServer(config, { seed: false }));
    }
    const prefix = mkdtempSync(join(tmpdir(), 'gather-nginx-'));
    const listen = await freePort();
    writeFileSync(join(prefix, 'nginx.conf'), nginxConf(prefix, [instances[0]!.port, instances[1]!.port], listen));
    nginx = spawn(NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', 'stderr'], { stdio: ['ignore', 'inherit', 'inherit'] });
    url = `http://127.0.0.1:${listen}`;
    // nginx answers once it has read its configuration; until then connections are refused.
    for (;;) {
      const res = await fetch(`${url}/ready`).catch(() => undefined);
      if (res?.status === 200) break;
      if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  afterAll(async () => {
    for (const c of clients) await c.removeAllChannels();
    nginx?.kill('SIGQUIT');
    for (const s of instances) if (!(s === instances[0] && drained)) await s.close().catch(() => {});
    await s3?.stop();
    await testDb?.drop();
  });

  const client = (key: string) => {
    const c = createClient(url, key, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } });
    clients.push(c);
    return c;
  };
  const restRequests = (s: RunningServer) =>
    s.metrics.requests.get().then((m) => m.values.filter((v) => v.labels.api === 'rest').reduce((n, v) => n + v.value, 0));

  it('spreads REST reads and writes over both instances, and live viewers get each RSVP once', async () => {
    const anonKey = instances[0]!.keys.anonKey;
    const viewers: number[][] = [];
    for (let i = 0; i < 8; i++) {
      const seen: number[] = [];
      viewers.push(seen);
      await subscribed(
        client(anonKey)
          .channel(`event-7-${i}`)
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rsvps', filter: 'event_id=eq.7' }, (p) => seen.push((p.new as { id: number }).id)),
      );
    }
    const anon = client(anonKey);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0 ? anon.from('rsvps').insert({ event_id: 7, who: `guest ${i}` }) : anon.from('rsvps').select('id, who').eq('event_id', 7).limit(20),
      ),
    );
    expect(results.filter((r) => r.error).map((r) => r.error)).toEqual([]);
    expect(await restRequests(instances[0]!)).toBeGreaterThan(0);
    expect(await restRequests(instances[1]!)).toBeGreaterThan(0);
    await expect.poll(() => viewers.every((v) => v.length >= 20), { timeout: 60_000 }).toBe(true);
    const { data } = await anon.from('rsvps').select('id').eq('event_id', 7).order('id');
    for (const v of viewers) expect([...v].sort((a, b) => a - b)).toEqual(data!.map((r) => r.id));
  });

  it('takes a large upload, and a TUS upload in four chunks through its own upstream', async () => {
    const service = client(instances[0]!.keys.serviceRoleKey);
    expect((await service.storage.createBucket('covers', { public: true })).error).toBeNull();
    // Past nginx's default 1 MB body limit and the 8 MiB part size: a multipart upload to S3.
    const big = Buffer.alloc(9 * 1024 * 1024, 7);
    expect((await service.storage.from('covers').upload('big.bin', big, { contentType: 'application/octet-stream' })).error).toBeNull();
    const back = await fetch(`${url}/storage/v1/object/public/covers/big.bin`);
    expect(back.status).toBe(200);
    expect((await back.arrayBuffer()).byteLength).toBe(big.length);

    const data = Buffer.alloc(7 * 1024 * 1024, 3);
    await new Promise<void>((resolve, reject) => {
      new tus.Upload(data, {
        endpoint: `${url}/storage/v1/upload/resumable`,
        headers: { authorization: `Bearer ${instances[0]!.keys.serviceRoleKey}`, apikey: instances[0]!.keys.anonKey },
        chunkSize: 2 * 1024 * 1024,
        retryDelays: [],
        metadata: { bucketName: 'covers', objectName: 'tus.bin', contentType: 'application/octet-stream' },
        onError: reject,
        onSuccess: () => resolve(),
      }).start();
    });
    const head = await fetch(`${url}/storage/v1/object/public/covers/tus.bin`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(data.length));
  });

  it('keeps answering while one instance drains, and moves its viewers to the other', async () => {
    const anonKey = instances[0]!.keys.anonKey;
    const seen: number[] = [];
    const viewer = client(anonKey);
    await subscribed(viewer.channel('after-drain').on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rsvps' }, (p) => seen.push((p.new as { id: number }).id)));
    const anon = client(anonKey);
    const reads = Array.from({ length: 30 }, () => anon.from('rsvps').select('id').limit(5));
    drained = true;
    await instances[0]!.close();
    const after = await Promise.all([...reads, ...Array.from({ length: 10 }, () => anon.from('rsvps').select('id').limit(5))]);
    expect(after.filter((r) => r.error).map((r) => r.error)).toEqual([]);
    // Realtime reconnects through nginx to the instance still up, rejoins, and hears new rows.
    const late: number[] = [];
    await expect
      .poll(
        async () => {
          const { data } = await anon.from('rsvps').insert({ event_id: 8, who: 'late' }).select('id').single();
          late.push(data!.id);
          return late.some((id) => seen.includes(id));
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(true);
  });
});
