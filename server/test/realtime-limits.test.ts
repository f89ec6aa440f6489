import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { driverName } from './helpers/test-db.ts';
import { subscribed } from './helpers/realtime.ts';

const LIMITS = { realtimeMaxChannelsPerConnection: '2', realtimeMaxEventsPerSecond: '20', realtimeMaxPayloadKb: '1' };
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer(LIMITS);
});
afterAll(() => s.stop());

/** A raw Phoenix v2 socket, to see exactly what the server sends. */
async function rawSocket(server: TestServer = s): Promise<{ ws: WebSocket; frames: unknown[] }> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${server.keys.anonKey}&vsn=2.0.0`);
  const frames: unknown[] = [];
  ws.on('message', (d, binary) => frames.push(binary ? d : JSON.parse(d.toString())));
  await new Promise((r) => ws.once('open', r));
  return { ws, frames };
}

describe(`realtime protocol and limits (${driverName})`, () => {
  it('speaks the 1.0.0 JSON serializer too', async () => {
    const c = createClient(s.url, s.keys.anonKey, { realtime: { transport: WebSocket as never, vsn: '1.0.0' } as never });
    const got: unknown[] = [];
    const a = c.channel('v1-room', { config: { broadcast: { self: true } } }).on('broadcast', { event: 'e' }, (m) => got.push(m.payload));
    await subscribed(a);
    await a.send({ type: 'broadcast', event: 'e', payload: { v: 1 } });
    await expect.poll(() => got).toEqual([{ v: 1 }]);
    await c.removeAllChannels();
  });

  it('relays binary broadcast payloads as binary frames', async () => {
    const got: unknown[] = [];
    const a = s.anon().channel('bin', { config: { broadcast: { self: true } } }).on('broadcast', { event: 'blob' }, (m) => got.push(m.payload));
    await subscribed(a);
    await a.send({ type: 'broadcast', event: 'blob', payload: new Uint8Array([1, 2, 3]).buffer });
    await expect.poll(() => got.length).toBe(1);
    expect(new Uint8Array(got[0] as ArrayBuffer)).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('answers heartbeats and refuses joins past the channel limit', async () => {
    const { ws, frames } = await rawSocket();
    ws.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    for (const n of [1, 2, 3]) ws.send(JSON.stringify([String(n + 10), String(n + 10), `realtime:c${n}`, 'phx_join', { config: {} }]));
    ws.send(JSON.stringify(['20', '20', 'realtime:', 'phx_join', { config: {} }]));
    await expect.poll(() => frames.length).toBe(5);
    expect(frames[0]).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    expect(frames[1]).toEqual(['11', '11', 'realtime:c1', 'phx_reply', { status: 'ok', response: { postgres_changes: [] } }]);
    expect(frames[3]).toEqual(['13', '13', 'realtime:c3', 'phx_reply', { status: 'error', response: { reason: 'ChannelRateLimitReached: Too many channels' } }]);
    expect(frames[4]).toEqual(['20', '20', 'realtime:', 'phx_reply', { status: 'error', response: { reason: 'TopicNameRequired: You must provide a topic name' } }]);
    ws.close();
  });

  it('shuts a channel that sends too many events per second, and refuses oversized payloads', async () => {
    const { ws, frames } = await rawSocket();
    ws.send(JSON.stringify(['1', '1', 'realtime:busy', 'phx_join', { config: { broadcast: { ack: true } } }]));
    await expect.poll(() => frames.length).toBe(1);
    ws.send(JSON.stringify(['1', '2', 'realtime:busy', 'broadcast', { type: 'broadcast', event: 'big', payload: { x: 'y'.repeat(2000) } }]));
    await expect.poll(() => frames.length).toBe(2);
    expect(frames[1]).toEqual(['1', '2', 'realtime:busy', 'phx_reply', { status: 'error', response: { reason: 'Payload size exceeds tenant limit' } }]);
    for (let i = 0; i < 30; i++) ws.send(JSON.stringify(['1', String(100 + i), 'realtime:busy', 'broadcast', { type: 'broadcast', event: 'e', payload: {} }]));
    await expect.poll(() => frames.some((f) => Array.isArray(f) && f[3] === 'phx_close')).toBe(true);
    const system = frames.find((f) => Array.isArray(f) && f[3] === 'system') as unknown[];
    expect(system[4]).toMatchObject({ extension: 'system', status: 'error', message: 'Too many messages per second' });
    ws.close();
  });
});

describe(`limits hold under bursts (${driverName})`, () => {
  const join = (ref: number, topic: string, token: string) => JSON.stringify([String(ref), String(ref), `realtime:${topic}`, 'phx_join', { config: {}, access_token: token }]);
  const replies = (frames: unknown[]) => frames.filter((f): f is unknown[] => Array.isArray(f) && f[3] === 'phx_reply');

  it('back-to-back joins (each verifying its token) never exceed the channel limit', async () => {
    const { ws, frames } = await rawSocket();
    // supabase-js sends the token with every join; verifying it is where the limit was raced.
    for (let i = 0; i < 20; i++) ws.send(join(i + 1, `burst${i}`, s.keys.anonKey));
    await expect.poll(() => replies(frames).length).toBe(20);
    const ok = replies(frames).filter((f) => (f[4] as { status: string }).status === 'ok');
    expect(ok.map((f) => f[2])).toEqual(['realtime:burst0', 'realtime:burst1']);
    ws.close();
  });

  it('joining one topic several times at once leaves one subscription: a broadcast arrives once', async () => {
    const { ws, frames } = await rawSocket();
    for (let i = 0; i < 5; i++) ws.send(join(i + 1, 'twice', s.keys.anonKey));
    await expect.poll(() => replies(frames).length).toBe(5);
    const sender = await rawSocket();
    sender.ws.send(JSON.stringify(['9', '9', 'realtime:twice', 'phx_join', { config: {} }]));
    await expect.poll(() => replies(sender.frames).length).toBe(1);
    sender.ws.send(JSON.stringify(['9', '10', 'realtime:twice', 'broadcast', { type: 'broadcast', event: 'hi', payload: { n: 1 } }]));
    sender.ws.send(JSON.stringify(['9', '11', 'realtime:twice', 'broadcast', { type: 'broadcast', event: 'hi', payload: { n: 2 } }]));
    const got = () => frames.filter((f) => Array.isArray(f) && f[3] === 'broadcast').map((f) => ((f as unknown[])[4] as { payload: { n: number } }).payload.n);
    await expect.poll(got).toContain(2);
    expect(got()).toEqual([1, 2]);
    ws.close();
    sender.ws.close();
  });

  it('behind a trusted proxy, counts each client by X-Forwarded-For; without trust, by the socket', async () => {
    const open = (server: TestServer, forwardedFor: string) => {
      const ws = new WebSocket(`${server.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${server.keys.anonKey}&vsn=2.0.0`, {
        headers: { 'x-forwarded-for': forwardedFor },
      });
      return new Promise<{ ws: WebSocket; status: number }>((resolve) => {
        ws.once('open', () => resolve({ ws, status: 101 }));
        ws.once('unexpected-response', (_req, res) => resolve({ ws, status: res.statusCode ?? 0 }));
        ws.once('error', () => resolve({ ws, status: 0 }));
      });
    };
    // GATHER_TRUST_PROXY=127.0.0.1: the test connects from there, as nginx would.
    const proxied = await startTestServer({ realtimeMaxConnectionsPerIp: '2', trustProxy: '127.0.0.1' });
    const direct = await startTestServer({ realtimeMaxConnectionsPerIp: '2' });
    const sockets: WebSocket[] = [];
    try {
      const a = [await open(proxied, '198.51.100.1'), await open(proxied, '198.51.100.1'), await open(proxied, '198.51.100.1')];
      const b = [await open(proxied, '198.51.100.2'), await open(proxied, '203.0.113.9, 198.51.100.2')];
      sockets.push(...[...a, ...b].map((o) => o.ws));
      expect(a.map((o) => o.status)).toEqual([101, 101, 429]);
      // Another client behind the same proxy has its own places; only the hop nearest the
      // trusted proxy counts (a client cannot pick its address by prepending one).
      expect(b.map((o) => o.status)).toEqual([101, 101]);
      // Not trusted: the header is the client's own word and is ignored.
      const d = [await open(direct, '198.51.100.3'), await open(direct, '198.51.100.4'), await open(direct, '198.51.100.5')];
      sockets.push(...d.map((o) => o.ws));
      expect(d.map((o) => o.status)).toEqual([101, 101, 429]);
    } finally {
      for (const ws of sockets) ws.terminate();
      await Promise.all([proxied.stop(), direct.stop()]);
    }
  });

  it('a burst of connections from one address never exceeds the per-address limit', async () => {
    const few = await startTestServer({ realtimeMaxConnectionsPerIp: '3' });
    try {
      const url = `${few.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${few.keys.anonKey}&vsn=2.0.0`;
      const outcomes = await Promise.all(
        Array.from({ length: 12 }, () => {
          const ws = new WebSocket(url);
          return new Promise<{ ws: WebSocket; ok: boolean }>((resolve) => {
            ws.once('open', () => resolve({ ws, ok: true }));
            ws.once('unexpected-response', (_req, res) => resolve({ ws, ok: res.statusCode !== 429 }));
            ws.once('error', () => resolve({ ws, ok: false }));
          });
        }),
      );
      expect(outcomes.filter((o) => o.ok)).toHaveLength(3);
      for (const o of outcomes) o.ws.terminate();
      // Closed connections give their places back.
      await expect
        .poll(async () => {
          const ws = new WebSocket(url);
          const opened = await new Promise<boolean>((r) => {
            ws.once('open', () => r(true));
            ws.once('unexpected-response', () => r(false));
            ws.once('error', () => r(false));
          });
          ws.terminate();
          return opened;
        })
        .toBe(true);
    } finally {
      await few.stop();
    }
  });
});

describe(`garbage frames (${driverName})`, () => {
  /** A v2 binary broadcast push whose meta is not JSON. */
  const garbage = () => Buffer.concat([Buffer.from([3, 1, 1, 10, 1, 3, 1]), Buffer.from('11realtime:ge{x!{}')]);

  it('are dropped and logged once per socket without a stack; a socket that keeps sending them is closed', async () => {
    const logged: { level: string; obj: unknown }[] = [];
    const t = s.workers > 1 ? await startTestServer(LIMITS, { inProcess: "listens to the server's log" }) : s;
    const log = t.app.log as unknown as Record<'info' | 'warn' | 'error', (...a: unknown[]) => void>;
    const original = { info: log.info, warn: log.warn, error: log.error };
    for (const level of ['info', 'warn', 'error'] as const) log[level] = (obj: unknown) => void logged.push({ level, obj });
    try {
      const { ws, frames } = await rawSocket(t);
      let closedWith: number | undefined;
      ws.on('close', (code) => (closedWith = code));
      for (let i = 0; i < 5; i++) ws.send(garbage());
      ws.send(JSON.stringify([null, 'hb', 'phoenix', 'heartbeat', {}]));
      await expect.poll(() => frames.length).toBe(1); // still served
      expect(logged).toEqual([{ level: 'info', obj: { reason: 'broadcast meta is not JSON' } }]);
      for (let i = 0; i < 10; i++) ws.send(garbage());
      await expect.poll(() => closedWith).toBe(1003);
      expect(logged).toHaveLength(1);
    } finally {
      Object.assign(log, original);
      if (t !== s) await t.stop();
    }
  });
});

describe(`slow consumers (${driverName})`, () => {
  // One socket's frames are handled in order, so 6,000 broadcasts take a while on PostgreSQL.
  it('disconnects a client that stops reading instead of buffering for it', { timeout: 90_000 }, async () => {
    const slow = await startTestServer({ realtimeMaxBufferedKb: '64', realtimeMaxEventsPerSecond: '1000000' });
    try {
      const url = `${slow.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${slow.keys.anonKey}&vsn=2.0.0`;
      const open = async () => {
        const ws = new WebSocket(url);
        await new Promise((r) => ws.once('open', r));
        ws.send(JSON.stringify(['1', '1', 'realtime:flood', 'phx_join', { config: {} }]));
        await new Promise((r) => ws.once('message', r));
        return ws;
      };
      const reader = await open();
      const sender = await open();
      let received = 0;
      let closed = false;
      reader.on('message', () => received++);
      reader.on('close', () => (closed = true));
      // Stop reading: the server's queue for this client can only grow.
      (reader as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
      const payload = { blob: 'x'.repeat(2000) };
      const sent = 6000; // ~12 MB: far beyond socket buffers plus the 64 KB allowance
      for (let i = 0; i < sent; i++) sender.send(JSON.stringify(['1', String(i + 10), 'realtime:flood', 'broadcast', { type: 'broadcast', event: 'e', payload }]));
      await new Promise<void>((resolve) => {
        const done = () => (sender.bufferedAmount === 0 ? resolve() : setTimeout(done, 20));
        done();
      });
      await new Promise((r) => setTimeout(r, 500)); // let the server fan the last ones out
      (reader as unknown as { _socket: { resume(): void } })._socket.resume();
      await expect.poll(() => closed).toBe(true);
      expect(received).toBeLessThan(sent);
      sender.close();
    } finally {
      await slow.stop();
    }
  });
});
