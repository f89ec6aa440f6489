import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import type { Db } from '../../server/src/db/db-types.ts';

/**
 * The limit for fan-out on this stack: one NOTIFY, heard by a bare `ws` server in the same
 * process that writes it to N sockets with no check, no filter and no protocol. Whatever
 * Realtime does per change (bindings, filters, row-level checks, Phoenix frames) is on top.
 * Returns commit→delivery latencies in ms, one per socket per message.
 */
export async function rawFanout(db: Db, n: number, messages: number): Promise<{ lat: number[]; seconds: number }> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const port = (wss.address() as AddressInfo).port;
  const stop = await db.listen('bench_rt_raw', (payload) => {
    for (const ws of wss.clients) ws.send(payload);
  });
  const lat: number[] = [];
  const sentAt = new Map<string, number>();
  let last = 0;
  const clients: WebSocket[] = [];
  for (let i = 0; i < n; i++) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}`);
    ws.on('message', (data) => {
      last = performance.now();
      lat.push(last - sentAt.get(data.toString())!);
    });
    await new Promise((r, j) => ws.once('open', r).once('error', j));
    clients.push(ws);
  }
  while (wss.clients.size < n) await new Promise((r) => setTimeout(r, 1));
  const start = performance.now();
  for (let k = 0; k < messages; k++) {
    const t = performance.now();
    sentAt.set(String(k), t);
    await db.notify('bench_rt_raw', String(k));
    while (lat.length < (k + 1) * n && performance.now() - t < 10_000) await new Promise((r) => setTimeout(r, 1));
  }
  const seconds = (last - start) / 1000;
  await stop();
  for (const ws of clients) ws.terminate();
  await new Promise((r) => wss.close(r));
  return { lat, seconds };
}
