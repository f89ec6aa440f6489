import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load-config.ts';
import { openDb } from '../src/db/open-db.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { driverName } from './helpers/test-db.ts';
import { subscribed } from './helpers/realtime.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// Several instances (or `--workers N`) on one PostgreSQL: each hears every database broadcast
// and delivers it to its own sockets, so every subscriber gets it exactly once (decision 0295).
if (driverName !== 'postgres') {
  console.log('realtime-db-broadcast-instances: skipped on PGlite: two instances can share only a PostgreSQL database (set DATABASE_URL; .ci/run does)');
}
describe.skipIf(driverName !== 'postgres')('database broadcasts with two instances on one PostgreSQL', () => {
  let one: TestServer;
  let two: RunningServer;
  beforeAll(async () => {
    one = await startTestServer();
    const config = loadConfig({ project: one.config.project, port: '0', logLevel: 'silent', db: one.testDb.target }, {});
    two = await startServer(config, { db: await openDb(config.dbTarget) });
  });
  afterAll(async () => {
    await two?.close();
    await two?.db.close();
    await one?.stop();
  });

  const clientOf = (srv: RunningServer) => createClient(srv.url, srv.keys.anonKey, { realtime: { transport: WebSocket as never } });

  it('every subscriber on either instance gets each message once', async () => {
    const heard: Record<string, number[]> = { a: [], b: [], c: [] };
    const subscribers = [
      ['a', one],
      ['b', two],
      ['c', two],
    ] as const;
    for (const [name, srv] of subscribers) {
      await subscribed(clientOf(srv).channel('db-shared').on('broadcast', { event: 'n' }, (m) => heard[name]!.push((m.payload as { n: number }).n)));
    }
    for (const n of [1, 2, 3]) await one.db.exec(`select realtime.send('{"n": ${n}}', 'n', 'db-shared', false)`);
    // A large message goes through the spill table and still arrives once, in order.
    await one.db.exec(`select realtime.send(jsonb_build_object('n', 4, 'pad', repeat('x', 9000)), 'n', 'db-shared', false)`);
    await one.db.exec(`select realtime.send('{"n": 5}', 'n', 'db-shared', false)`);
    await expect.poll(() => heard).toEqual({ a: [1, 2, 3, 4, 5], b: [1, 2, 3, 4, 5], c: [1, 2, 3, 4, 5] });
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).toEqual({ a: [1, 2, 3, 4, 5], b: [1, 2, 3, 4, 5], c: [1, 2, 3, 4, 5] });
  });
});
