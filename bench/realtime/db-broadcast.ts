import type { startServer } from '../../server/src/server.ts';
import { phoenixClient } from './phoenix-client.ts';

type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * Broadcast from the database (decision 0295): `select realtime.send(…)` committed by the
 * server's own connection, to `n` sockets joined to the public topic. Latency is from before
 * the statement is sent to each socket's frame: the insert, its trigger's NOTIFY at commit,
 * the listener and the fan-out. One message at a time, so it is not queueing behind the last.
 */
export async function dbBroadcastFanout(server: Server, n: number, messages: number): Promise<{ lat: number[]; seconds: number }> {
  const lat: number[] = [];
  const stamps = new Map<number, number>();
  let last = 0;
  const clients = [];
  for (let i = 0; i < n; i++) {
    const c = await phoenixClient(server.url, server.keys.anonKey, (event, payload) => {
      if (event !== 'broadcast') return;
      const k = (payload as { payload: { k: number } }).payload.k;
      last = performance.now();
      lat.push(last - stamps.get(k)!);
    });
    await c.join('bench-db-room', {});
    clients.push(c);
  }
  const start = performance.now();
  for (let k = 0; k < messages; k++) {
    const t = performance.now();
    stamps.set(k, t);
    await server.db.query(`select realtime.send(jsonb_build_object('k', $1::int), 'b', 'bench-db-room', false)`, [k]);
    while (lat.length < (k + 1) * n && performance.now() - t < 5_000) await new Promise((r) => setTimeout(r, 1));
  }
  const seconds = (last - start) / 1000;
  for (const c of clients) c.close();
  return { lat, seconds };
}
