import { SignJWT } from 'jose';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../server/src/config/load-config.ts';
import { DEFAULT_JWT_SECRET } from '../../server/src/config/default-keys.ts';
import { startServer } from '../../server/src/server.ts';
import type { Db } from '../../server/src/db/db-types.ts';
import { freshPostgres } from '../support/fresh-postgres.ts';
import { percentile } from '../support/stats.ts';
import { phoenixClient } from './phoenix-client.ts';
import { rawFanout } from './raw-fanout.ts';
import { dbBroadcastFanout } from './db-broadcast.ts';

const EMPTY = fileURLToPath(new URL('../../server/test/fixtures/empty-project', import.meta.url));
const SUBSCRIBERS = (process.env.BENCH_RT_SUBSCRIBERS ?? '1,100,1000').split(',').map(Number);
const secret = new TextEncoder().encode(DEFAULT_JWT_SECRET);

function userToken(i: number): Promise<string> {
  const sub = `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`;
  return new SignJWT({ sub, role: 'authenticated' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('2h').sign(secret);
}

/** The limit: one NOTIFY to one LISTEN on the same database, in the same process. */
async function notifyRoundTrip(db: Db, n = 200): Promise<number[]> {
  const lat: number[] = [];
  let resolveOne: () => void = () => {};
  const stop = await db.listen('bench_rt_ping', () => resolveOne());
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await new Promise<void>((r) => {
      resolveOne = r;
      void db.notify('bench_rt_ping', 'x');
    });
    lat.push(performance.now() - t);
  }
  await stop();
  return lat;
}

function line(label: string, lat: number[], seconds: number, base: number, limit?: number[], aim?: string): string {
  const p50 = percentile(lat, 50), p99 = percentile(lat, 99);
  const vsLimit = limit ? `  vs limit: p50 ${(p50 / percentile(limit, 50)).toFixed(1)}×, p99 ${(p99 / percentile(limit, 99)).toFixed(1)}×` : '';
  return `  ${label.padEnd(44)} p50 ${p50.toFixed(1).padStart(7)} ms  p99 ${p99.toFixed(1).padStart(7)} ms  ${Math.round(lat.length / seconds).toString().padStart(7)} deliveries/s  p50 ratio ${(p50 / base).toFixed(1)}${vsLimit}${aim ? `  (aim ${aim})` : ''}`;
}

type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * One INSERT at a time into an RLS table, fanned out to `n` postgres_changes subscribers whose
 * tokens come from `token(i)`: all one user (one check per change) or all different (a batch).
 */
async function changesFanout(server: Server, n: number, inserts: number, token: (i: number) => Promise<string>): Promise<{ lat: number[]; seconds: number }> {
  const sentAt = new Map<string, number>();
  const lat: number[] = [];
  let last = 0;
  const clients = [];
  for (let i = 0; i < n; i++) {
    const c = await phoenixClient(server.url, server.keys.anonKey, (event, payload) => {
      if (event !== 'postgres_changes') return;
      const key = (payload as { data: { record: { body: string } } }).data.record.body;
      last = performance.now();
      lat.push(last - sentAt.get(key)!);
    });
    await c.join(`rt-${i}`, { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'bench_rt' }] }, await token(i));
    clients.push(c);
  }
  const start = performance.now();
  for (let i = 0; i < inserts; i++) {
    // Stamped before the INSERT is sent: a change may arrive before the INSERT's own answer.
    const t = performance.now();
    sentAt.set(`${n}-${i}-${t}`, t);
    await server.db.query('insert into public.bench_rt (body) values ($1)', [`${n}-${i}-${t}`]);
    // Let each change fan out before the next, so latency is not queueing behind the writer.
    while (lat.length < (i + 1) * n && performance.now() - t < 10_000) await new Promise((res) => setTimeout(res, 1));
  }
  const seconds = (last - start) / 1000;
  for (const c of clients) c.close();
  return { lat, seconds };
}

export async function realtimeBench(): Promise<void> {
  // A database of its own on PostgreSQL: never the admin database DATABASE_URL names.
  const fresh = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL, 'gather_realtime_bench') : undefined;
  const config = loadConfig({ project: EMPTY, db: fresh?.url ?? 'memory', port: '0', logLevel: 'silent', realtimeMaxConnectionsPerIp: '5000', realtimeMaxEventsPerSecond: '1000000' }, {});
  const server = await startServer(config);
  try {
    await server.db.exec(`
      create table if not exists public.bench_rt (id serial primary key, body text, visible boolean not null default true);
      alter table public.bench_rt enable row level security;
      drop policy if exists visible_rows on public.bench_rt;
      create policy visible_rows on public.bench_rt for select to authenticated using (visible and (select auth.uid()) is not null);
      grant select on public.bench_rt to authenticated;
      do $$ begin
        if not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'bench_rt') then
          alter publication supabase_realtime add table public.bench_rt;
        end if;
      end $$;`);
    const base = percentile(await notifyRoundTrip(server.db), 50);
    console.log(`realtime (${server.db.kind}; baseline = raw LISTEN/NOTIFY round trip p50 ${base.toFixed(2)} ms; ratios are p50 / baseline;`);
    console.log(`  limit = one NOTIFY written by a bare ws server to the same number of sockets, same run)`);
    const shared = userToken(1);
    for (const n of SUBSCRIBERS) {
      const inserts = n >= 1000 ? 20 : n >= 100 ? 30 : 200;
      const raw = await rawFanout(server.db, n, inserts);
      console.log(line(`limit: raw NOTIFY fan-out, ${n} socket(s)`, raw.lat, raw.seconds, base));
      const one = await changesFanout(server, n, inserts, () => shared);
      console.log(line(`postgres_changes, ${n} sharing claims`, one.lat, one.seconds, base, raw.lat, n >= 1000 ? 'p99 ≤ 50 ms' : undefined));
      const many = await changesFanout(server, n, inserts, (i) => userToken(i + 1));
      console.log(line(`postgres_changes, ${n} distinct users (RLS)`, many.lat, many.seconds, base, raw.lat, n >= 1000 ? 'p99 ≤ 250 ms' : undefined));

      const blat: number[] = [];
      let blast = 0;
      const stamps = new Map<number, number>();
      const listeners = [];
      for (let i = 0; i < n; i++) {
        const c = await phoenixClient(server.url, server.keys.anonKey, (event, payload) => {
          if (event !== 'broadcast') return;
          const k = (payload as { payload: { k: number } }).payload.k;
          blast = performance.now();
          blat.push(blast - stamps.get(k)!);
        });
        await c.join('bench-room', {});
        listeners.push(c);
      }
      const sender = await phoenixClient(server.url, server.keys.anonKey, () => {});
      await sender.join('bench-room', {});
      const messages = n >= 1000 ? 20 : 200;
      const bstart = performance.now();
      for (let k = 0; k < messages; k++) {
        stamps.set(k, performance.now());
        sender.send(['1', String(k + 10), 'realtime:bench-room', 'broadcast', { type: 'broadcast', event: 'b', payload: { k } }]);
        while (blat.length < (k + 1) * n && performance.now() - stamps.get(k)! < 5_000) await new Promise((res) => setTimeout(res, 1));
      }
      console.log(line(`broadcast, ${n} subscriber(s)`, blat, (blast - bstart) / 1000, base, raw.lat));
      for (const c of [...listeners, sender]) c.close();
      const fromDb = await dbBroadcastFanout(server, n, messages);
      const vsSocket = `  vs socket broadcast: p50 ${(percentile(fromDb.lat, 50) / percentile(blat, 50)).toFixed(1)}×`;
      console.log(line(`realtime.send from SQL, ${n} subscriber(s)`, fromDb.lat, fromDb.seconds, base, raw.lat) + vsSocket);
    }
  } finally {
    await server.close();
    await fresh?.drop();
  }
}
