import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load-config.ts';
import { openDb } from '../src/db/open-db.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { driverName } from './helpers/test-db.ts';
import { subscribed } from './helpers/realtime.ts';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

// PGlite lives inside one process; sharing a database between instances needs PostgreSQL.
if (driverName !== 'postgres') {
  console.log('realtime-scale-out: skipped on PGlite: two instances can share only a PostgreSQL database (set DATABASE_URL; .ci/run does)');
}
describe.skipIf(driverName !== 'postgres')('two instances on one PostgreSQL (runs when DATABASE_URL is set)', () => {
  let one: TestServer;
  let two: RunningServer;
  beforeAll(async () => {
    one = await startTestServer();
    await one.db.exec(`create table public.rt_shared (id int primary key, body text); grant select on public.rt_shared to anon;
                       alter publication supabase_realtime add table public.rt_shared;`);
    const config = loadConfig({ project: one.config.project, port: '0', logLevel: 'silent', db: one.testDb.target }, {});
    two = await startServer(config, { db: await openDb(config.dbTarget) });
  });
  afterAll(async () => {
    await two?.close();
    await two?.db.close();
    await one?.stop();
  });

  const clientOf = (srv: RunningServer) => createClient(srv.url, srv.keys.anonKey, { realtime: { transport: WebSocket as never } });

  it('delivers a change made through either instance to subscribers on both', async () => {
    const got: Record<string, number[]> = { one: [], two: [] };
    for (const [name, srv] of [['one', one], ['two', two]] as const) {
      await subscribed(
        clientOf(srv)
          .channel(`shared-${name}`)
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_shared' }, (p) => got[name]!.push((p.new as { id: number }).id)),
      );
    }
    await two.db.exec(`insert into public.rt_shared values (1, 'via two')`);
    await one.db.exec(`insert into public.rt_shared values (2, 'via one')`);
    await expect.poll(() => got.one).toEqual([1, 2]);
    await expect.poll(() => got.two).toEqual([1, 2]);
  });

  it('shares broadcast and presence between instances', async () => {
    const heard: unknown[] = [];
    const a = clientOf(one).channel('across', { config: { presence: { key: 'ada' } } }).on('broadcast', { event: 'hi' }, (m) => heard.push(m.payload));
    const b = clientOf(two).channel('across', { config: { presence: { key: 'bob' } } }).on('presence', { event: 'sync' }, () => {});
    a.on('presence', { event: 'sync' }, () => {});
    await Promise.all([subscribed(a), subscribed(b)]);
    await b.send({ type: 'broadcast', event: 'hi', payload: { from: 'two' } });
    await expect.poll(() => heard).toEqual([{ from: 'two' }]);
    await a.track({ online: true });
    await b.track({ online: true });
    await expect.poll(() => Object.keys(a.presenceState()).sort()).toEqual(['ada', 'bob']);
    await expect.poll(() => Object.keys(b.presenceState()).sort()).toEqual(['ada', 'bob']);
  });
});
