import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { driverName } from './helpers/test-db.ts';
import { signToken } from './helpers/tokens.ts';
import { subscribed } from './helpers/realtime.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

type Msg = { event: string; payload?: unknown };

describe(`broadcast (${driverName})`, () => {
  it('fans out to others, to the sender only with self, and acks when asked', async () => {
    const got: Record<string, Msg[]> = { a: [], b: [] };
    const a = s.anon().channel('room-1', { config: { broadcast: { self: true, ack: true } } }).on('broadcast', { event: '*' }, (m) => got.a!.push(m as Msg));
    const b = s.anon().channel('room-1').on('broadcast', { event: 'cursor' }, (m) => got.b!.push(m as Msg));
    await Promise.all([subscribed(a), subscribed(b)]);
    expect(await a.send({ type: 'broadcast', event: 'cursor', payload: { x: 1 } })).toBe('ok');
    expect(await b.send({ type: 'broadcast', event: 'cursor', payload: { x: 2 } })).toBe('ok');
    await expect.poll(() => got.a!.map((m) => (m.payload as { x: number }).x)).toEqual([1, 2]);
    await expect.poll(() => got.b!.map((m) => (m.payload as { x: number }).x)).toEqual([1]);
    expect(got.b![0]).toMatchObject({ type: 'broadcast', event: 'cursor', payload: { x: 1 } });
  });

  it('delivers REST broadcasts (httpSend and the batch endpoint)', async () => {
    const got: Msg[] = [];
    const ch = s.anon().channel('room-rest').on('broadcast', { event: '*' }, (m) => got.push(m as Msg));
    await subscribed(ch);
    const sender = s.anon().channel('room-rest');
    await sender.httpSend('typing', { who: 'ada' });
    const batch = await s.fetch('/realtime/v1/api/broadcast', {
      method: 'POST',
      headers: { apikey: s.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'room-rest', event: 'note', payload: { n: 1 } }] }),
    });
    expect(batch.status).toBe(202);
    await expect.poll(() => got.map((m) => m.event)).toEqual(['typing', 'note']);
    const unauthorized = await s.fetch('/realtime/v1/api/broadcast', { method: 'POST', headers: { apikey: 'nope', 'content-type': 'application/json' }, body: '{"messages":[]}' });
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toEqual({ message: 'Unauthorized' });
  });

  it('gates private channels with policies on realtime.messages', async () => {
    await s.db.exec(`create policy "members read room-vip" on realtime.messages for select to authenticated
                       using (realtime.topic() = 'room-vip' and (select auth.jwt() ->> 'sub') = '00000000-0000-0000-0000-00000000000a');`);
    const member = await signToken({ sub: '00000000-0000-0000-0000-00000000000a', role: 'authenticated' });
    const outsider = await signToken({ sub: '00000000-0000-0000-0000-00000000000b', role: 'authenticated' });
    const ok = s.as(() => member);
    await ok.realtime.setAuth();
    await subscribed(ok.channel('room-vip', { config: { private: true } }));
    const no = s.as(() => outsider);
    await no.realtime.setAuth();
    await expect(subscribed(no.channel('room-vip', { config: { private: true } }))).rejects.toThrow(
      /Unauthorized: You do not have permissions to read from this Channel topic: room-vip/,
    );
  });

  it('keeps a private channel and a public one of the same name apart, as upstream does', async () => {
    await s.db.exec(`create policy "members write room-vip" on realtime.messages for insert to authenticated
                       with check (realtime.topic() = 'room-vip' and (select auth.jwt() ->> 'sub') = '00000000-0000-0000-0000-00000000000a');`);
    const member = s.as(() => signToken({ sub: '00000000-0000-0000-0000-00000000000a', role: 'authenticated' }));
    await member.realtime.setAuth();
    const heard: Record<'priv' | 'pub', string[]> = { priv: [], pub: [] };
    const priv = member.channel('room-vip', { config: { private: true, presence: { key: 'vip', enabled: true } } })
      .on('broadcast', { event: '*' }, (m) => heard.priv.push(m.event))
      .on('presence', { event: 'sync' }, () => {});
    const pub = s.anon().channel('room-vip', { config: { presence: { key: 'outsider', enabled: true } } })
      .on('broadcast', { event: '*' }, (m) => heard.pub.push(m.event))
      .on('presence', { event: 'sync' }, () => {});
    await Promise.all([subscribed(priv), subscribed(pub)]);
    expect(await priv.track({ here: true })).toBe('ok');
    expect(await pub.track({ here: true })).toBe('ok');
    await priv.send({ type: 'broadcast', event: 'secret' });
    await pub.send({ type: 'broadcast', event: 'public-1' });
    await s.anon().channel('room-vip').httpSend('public-2', {});
    await member.channel('room-vip', { config: { private: true } }).httpSend('secret-rest', {});
    const other = s.anon().channel('room-vip').on('broadcast', { event: '*' }, (m) => heard.pub.push(`other:${m.event}`));
    await subscribed(other);
    await other.send({ type: 'broadcast', event: 'public-3' });
    await expect.poll(() => heard.pub).toEqual(['public-2', 'public-3']);
    await expect.poll(() => heard.priv).toEqual(['secret-rest']);
    await expect.poll(() => Object.keys(priv.presenceState())).toEqual(['vip']);
    await expect.poll(() => Object.keys(pub.presenceState())).toEqual(['outsider']);
  });
});

describe(`presence (${driverName})`, () => {
  it('sends state on join and diffs on track, update and leave', async () => {
    const one = s.anon().channel('lobby', { config: { presence: { key: 'one' } } });
    const two = s.anon().channel('lobby', { config: { presence: { key: 'two' } } });
    const leaves: string[] = [];
    one.on('presence', { event: 'sync' }, () => {}).on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
    two.on('presence', { event: 'sync' }, () => {});
    await Promise.all([subscribed(one), subscribed(two)]);
    expect(await one.track({ name: 'Ada' })).toBe('ok');
    expect(await two.track({ name: 'Grace' })).toBe('ok');
    await expect.poll(() => Object.keys(one.presenceState()).sort()).toEqual(['one', 'two']);
    await expect.poll(() => Object.keys(two.presenceState()).sort()).toEqual(['one', 'two']);
    expect(one.presenceState().two![0]).toMatchObject({ name: 'Grace' });
    await two.track({ name: 'Grace H.' });
    await expect.poll(() => (one.presenceState().two?.[0] as { name?: string } | undefined)?.name).toBe('Grace H.');
    expect(one.presenceState().two).toHaveLength(1);
    await two.unsubscribe();
    await expect.poll(() => Object.keys(one.presenceState())).toEqual(['one']);
    expect(leaves).toContain('two');
  });
});

describe(`tokens and connections (${driverName})`, () => {
  it('refuses a socket without a valid apikey', async () => {
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${s.url.replace('http', 'ws')}/realtime/v1/websocket?vsn=2.0.0&apikey=bad`);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
    });
    expect(status).toBe(401);
  });

  it('ends a channel with a system message when its token expires', async () => {
    const token = await signToken({ sub: '00000000-0000-0000-0000-00000000000c', role: 'authenticated' }, { expiresIn: 2 });
    const c = s.as(() => token);
    await c.realtime.setAuth();
    const system: { status: string; message: string }[] = [];
    let closed = false;
    const ch = c.channel('expiring').on('system', {}, (p) => system.push(p as never));
    await new Promise<void>((resolve) =>
      ch.subscribe((status) => {
        if (status === 'SUBSCRIBED') resolve();
        if (status === 'CLOSED') closed = true;
      }),
    );
    await expect.poll(() => closed, { timeout: 10_000 }).toBe(true);
    expect(system.at(-1)).toMatchObject({ status: 'error', message: expect.stringMatching(/^InvalidJWTToken: Token has expired/) });
  });

  it('refuses an expired token at join with upstream\'s reason', async () => {
    const expired = await signToken({ role: 'authenticated' }, { expiresIn: -100 });
    const c = s.as(() => expired);
    await c.realtime.setAuth();
    await expect(subscribed(c.channel('late'))).rejects.toThrow(/InvalidJWTToken: Token has expired \d+ seconds ago/);
  });

  it('lets channels rejoin and receive again after the server restarts', async () => {
    const r = await startTestServer({}, { inProcess: 'restarts the server in this process on the same port' });
    try {
      await r.db.exec(`create table public.rt_restart (id int primary key); grant select on public.rt_restart to anon;
                       alter publication supabase_realtime add table public.rt_restart;`);
      const client = createClient(r.url, r.keys.anonKey, { realtime: { transport: WebSocket as never, heartbeatIntervalMs: 500 } });
      const got: number[] = [];
      const statuses: string[] = [];
      client
        .channel('restart')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_restart' }, (p) => got.push((p.new as { id: number }).id))
        .subscribe((st) => statuses.push(st));
      await expect.poll(() => statuses).toContain('SUBSCRIBED');
      await r.db.exec('insert into public.rt_restart values (1)');
      await expect.poll(() => got).toEqual([1]);
      // Same port, same database: what a restart looks like to the client.
      await r.app.close();
      const again = await (await import('../src/server.ts')).startServer({ ...r.config, port: r.port }, { db: r.db });
      try {
        await expect.poll(() => statuses.filter((x) => x === 'SUBSCRIBED').length, { timeout: 20_000 }).toBe(2);
        await r.db.exec('insert into public.rt_restart values (2)');
        await expect.poll(() => got).toEqual([1, 2]);
      } finally {
        await client.removeAllChannels();
        await again.close();
      }
    } finally {
      await r.testDb.drop();
    }
  });
});
