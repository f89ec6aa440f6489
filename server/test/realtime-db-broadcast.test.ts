import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from './helpers/test-db.ts';
import { subscribed } from './helpers/realtime.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { signToken } from './helpers/tokens.ts';

// Broadcast from the database (issue 34 item 4, decision 0295): realtime.send, send_binary and
// broadcast_changes reach a topic's subscribers as on Supabase; private topics only reach
// channels whose join the policies on realtime.messages let read broadcasts; replay on join;
// the opt-in "replication ready" system message.

const MEMBER = '00000000-0000-0000-0000-0000000000a1';
const LURKER = '00000000-0000-0000-0000-0000000000a2';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await s.db.exec(`
    create policy "members hear db-room" on realtime.messages for select to authenticated
      using (realtime.topic() like 'db-room%' and (select auth.jwt() ->> 'sub') = '${MEMBER}');
    create policy "lurkers see presence only" on realtime.messages for select to authenticated
      using (realtime.topic() like 'db-room%' and extension = 'presence' and (select auth.jwt() ->> 'sub') = '${LURKER}');
    create policy "members send on db-room" on realtime.messages for insert to authenticated
      with check (realtime.topic() like 'db-room%' and (select auth.jwt() ->> 'sub') = '${MEMBER}');
    create table public.rt_notes (id text primary key, body text not null, topic text not null);
    alter table public.rt_notes enable row level security;
    create policy "members write notes" on public.rt_notes for all to authenticated using (true) with check (true);
    grant select, insert, update, delete on public.rt_notes to authenticated;
    create function public.rt_notes_broadcast() returns trigger language plpgsql as $$
    begin
      perform realtime.broadcast_changes(coalesce(NEW.topic, OLD.topic), TG_OP, TG_OP, TG_TABLE_NAME, TG_TABLE_SCHEMA, NEW, OLD, TG_LEVEL);
      return null;
    end $$;
    create trigger rt_notes_broadcast after insert or update or delete on public.rt_notes
      for each row execute function public.rt_notes_broadcast();`);
  await s.reloadSchema();
});
afterAll(async () => s?.stop());

type Heard = { event: string; payload: unknown; meta?: { id?: string; replayed?: boolean } };

async function as(sub: string): Promise<SupabaseClient> {
  const token = await signToken({ sub, role: 'authenticated' });
  const c = s.as(() => token);
  await c.realtime.setAuth();
  return c;
}

function listen(channel: RealtimeChannel, event = '*'): { channel: RealtimeChannel; heard: Heard[] } {
  const heard: Heard[] = [];
  return { channel: channel.on('broadcast', { event }, (m) => heard.push(m as unknown as Heard)), heard };
}

const sql = (text: string) => s.db.exec(text);

describe(`broadcast from the database (${driverName})`, () => {
  it('realtime.send reaches a public topic, with the message id in payload and meta', async () => {
    const { channel, heard } = listen(s.anon().channel('db-lobby'));
    await subscribed(channel);
    await sql(`select realtime.send('{"text": "hello"}', 'greeting', 'db-lobby', false)`);
    await expect.poll(() => heard.length).toBe(1);
    const [m] = heard;
    expect(m).toMatchObject({ event: 'greeting', payload: { text: 'hello' } });
    expect(m!.meta?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((m!.payload as { id: string }).id).toBe(m!.meta!.id);
  });

  it('a private topic reaches only channels whose join may read its broadcasts', async () => {
    const member = listen((await as(MEMBER)).channel('db-room-1', { config: { private: true } }));
    const lurker = listen((await as(LURKER)).channel('db-room-1', { config: { private: true } }));
    const publicTwin = listen(s.anon().channel('db-room-1'));
    await Promise.all([subscribed(member.channel), subscribed(lurker.channel), subscribed(publicTwin.channel)]);
    // Someone the policies refuse cannot join at all.
    const stranger = await as('00000000-0000-0000-0000-0000000000a3');
    await expect(subscribed(stranger.channel('db-room-1', { config: { private: true } }))).rejects.toThrow(/Unauthorized/);
    await sql(`select realtime.send('{"n": 1}', 'secret', 'db-room-1')`);
    await sql(`select realtime.send('{"n": 2}', 'open', 'db-room-1', false)`);
    await expect.poll(() => member.heard.map((m) => m.event)).toEqual(['secret']);
    await expect.poll(() => publicTwin.heard.map((m) => m.event)).toEqual(['open']);
    expect(lurker.heard).toEqual([]);
  });

  it('a send the policies refuse is a warning for the caller and reaches nobody', async () => {
    const member = listen((await as(MEMBER)).channel('db-room-2', { config: { private: true } }));
    await subscribed(member.channel);
    // As the lurker (no insert policy): realtime.send runs as its caller, as upstream.
    await s.db.transaction(async (tx) => {
      await tx.exec(`set local role authenticated; select set_config('request.jwt.claims', '{"sub": "${LURKER}", "role": "authenticated"}', true)`);
      await tx.exec(`select realtime.send('{"n": "refused"}', 'spoof', 'db-room-2')`);
    });
    await sql(`select realtime.send('{"n": "allowed"}', 'real', 'db-room-2')`);
    await expect.poll(() => member.heard.map((m) => m.event)).toEqual(['real']);
  });

  it('broadcast_changes from a row trigger sends each change with its records', async () => {
    const member = await as(MEMBER);
    const { channel, heard } = listen(member.channel('db-room-notes', { config: { private: true } }));
    await subscribed(channel);
    const notes = member.from('rt_notes');
    expect((await notes.insert({ id: 'n1', body: 'first', topic: 'db-room-notes' })).error).toBeNull();
    expect((await notes.update({ body: 'second' }).eq('id', 'n1')).error).toBeNull();
    expect((await notes.delete().eq('id', 'n1')).error).toBeNull();
    await expect.poll(() => heard.map((m) => m.event)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    const base = { schema: 'public', table: 'rt_notes' };
    expect(heard[0]!.payload).toMatchObject({ ...base, operation: 'INSERT', record: { id: 'n1', body: 'first' }, old_record: null });
    expect(heard[1]!.payload).toMatchObject({ ...base, operation: 'UPDATE', record: { body: 'second' }, old_record: { body: 'first' } });
    expect(heard[2]!.payload).toMatchObject({ ...base, operation: 'DELETE', record: null, old_record: { id: 'n1', body: 'second' } });
  });

  it('realtime.send_binary delivers the bytes', async () => {
    const { channel, heard } = listen((await as(MEMBER)).channel('db-room-bin', { config: { private: true } }));
    await subscribed(channel);
    await sql(`select realtime.send_binary('\\xdeadbeef00ff'::bytea, 'blob', 'db-room-bin')`);
    await expect.poll(() => heard.length).toBe(1);
    expect([...new Uint8Array(heard[0]!.payload as ArrayBuffer)]).toEqual([0xde, 0xad, 0xbe, 0xef, 0x00, 0xff]);
    expect(heard[0]!.meta?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('replays the latest private messages since a time, oldest first, at most limit', async () => {
    await sql(`select realtime.send('{"n": 0}', 'old', 'db-room-replay')`);
    await new Promise((r) => setTimeout(r, 50));
    const since = Date.now();
    await new Promise((r) => setTimeout(r, 50));
    for (const n of [1, 2, 3]) await sql(`select realtime.send('{"n": ${n}}', 'note', 'db-room-replay')`);
    await sql(`select realtime.send_binary('\\x0102'::bytea, 'bytes', 'db-room-replay')`);
    await sql(`select realtime.send('{"n": 9}', 'public', 'db-room-replay', false)`);
    const client = await as(MEMBER);
    const three = listen(client.channel('db-room-replay', { config: { private: true, broadcast: { replay: { since, limit: 3 } } } }));
    await subscribed(three.channel);
    await expect.poll(() => three.heard.length).toBe(3);
    expect(three.heard.map((m) => (m.event === 'bytes' ? [...new Uint8Array(m.payload as ArrayBuffer)] : (m.payload as { n: number }).n))).toEqual([2, 3, [1, 2]]);
    expect(three.heard.every((m) => m.meta?.replayed === true && typeof m.meta.id === 'string')).toBe(true);
    await client.removeAllChannels();
    const later = listen((await as(MEMBER)).channel('db-room-replay', { config: { private: true, broadcast: { replay: { since: Date.now() + 1000 } } } }));
    await subscribed(later.channel);
    await sql(`select realtime.send('{"n": 4}', 'note', 'db-room-replay')`);
    await expect.poll(() => later.heard.map((m) => (m.payload as { n: number }).n)).toEqual([4]);
    expect(later.heard[0]!.meta?.replayed).toBeUndefined();
  });

  it('messages sent while a replaying channel joins each arrive once, replayed or live, in order', async () => {
    const since = Date.now() - 1000;
    const client = await as(MEMBER);
    const joining = listen(client.channel('db-room-race', { config: { private: true, broadcast: { replay: { since } } } }));
    const sending = (async () => {
      for (let n = 0; n < 20; n++) await sql(`select realtime.send('{"n": ${n}}', 'n', 'db-room-race')`);
    })();
    await Promise.all([subscribed(joining.channel), sending]);
    const all = Array.from({ length: 20 }, (_, n) => n);
    await expect.poll(() => joining.heard.map((m) => (m.payload as { n: number }).n)).toEqual(all);
    await new Promise((r) => setTimeout(r, 200));
    expect(joining.heard.map((m) => (m.payload as { n: number }).n)).toEqual(all);
  });

  it('replay needs the right to read the topic\'s broadcasts', async () => {
    const lurker = await as(LURKER);
    await expect(subscribed(lurker.channel('db-room-replay', { config: { private: true, broadcast: { replay: { since: 0 } } } }))).rejects.toThrow(
      /Unauthorized: You do not have permissions to read from this Channel topic: db-room-replay/,
    );
  });

  it('says the replication connection is ready only when the channel asks', async () => {
    type System = { extension: string; status: string; message: string; channel: string };
    const asked: System[] = [];
    const quiet: System[] = [];
    const a = s.anon().channel('db-ready', { config: { broadcast: { replication_ready: true } } } as never).on('system', {}, (p: System) => asked.push(p));
    const b = s.anon().channel('db-quiet').on('system', {}, (p: System) => quiet.push(p));
    const heard: unknown[] = [];
    b.on('broadcast', { event: '*' }, (m) => heard.push(m));
    await Promise.all([subscribed(a), subscribed(b)]);
    await expect.poll(() => asked).toEqual([{ extension: 'system', status: 'ok', message: 'Replication connection established', channel: 'db-ready' }]);
    // The quiet channel is given a broadcast afterwards, so anything sent before it has arrived.
    await sql(`select realtime.send('{}', 'ping', 'db-quiet', false)`);
    await expect.poll(() => heard.length).toBe(1);
    expect(quiet).toEqual([]);
  });
});
