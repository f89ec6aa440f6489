import { createClient, type RealtimeChannel } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load-config.ts';
import { openDb } from '../src/db/open-db.ts';
import { recheckUserId } from '../src/realtime/authorization/recheck-notices.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { subscribed } from './helpers/realtime.ts';
import { driverName } from './helpers/test-db.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { signToken } from './helpers/tokens.ts';

// A joined private channel is checked again when the database says its member's rights changed
// (`gather_realtime_recheck`, decision 0269): one its policies now refuse is ended as upstream
// ends one on a token refresh (a `system` error, then `phx_close`) and hears nothing more.

const ADA = '00000000-0000-4000-a000-0000000000a1';
const BOB = '00000000-0000-4000-a000-0000000000b2';
const ROOM = 'room-recheck';
type Frame = { joinRef: string | null; ref: string | null; topic: string; event: string; payload: Record<string, unknown> };

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await s.db.exec(`
    create table public.rt_room_members (user_id uuid primary key);
    grant select on public.rt_room_members to authenticated;
    insert into public.rt_room_members values ('${ADA}'), ('${BOB}');
    create policy "room members listen" on realtime.messages for select to authenticated
      using (realtime.topic() = '${ROOM}' and exists (select 1 from public.rt_room_members m where m.user_id = auth.uid()));
    create policy "room members speak" on realtime.messages for insert to authenticated
      with check (realtime.topic() = '${ROOM}' and exists (select 1 from public.rt_room_members m where m.user_id = auth.uid()));`);
});
afterAll(() => s.stop());

/** A raw v1 socket joined to the private room as `sub`, presence tracked: every frame it gets. */
async function rawMember(server: RunningServer, sub: string): Promise<{ ws: WebSocket; frames: Frame[] }> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${server.keys.anonKey}&vsn=1.0.0`);
  const frames: Frame[] = [];
  ws.on('message', (d) => {
    const m = JSON.parse(d.toString()) as { join_ref: string | null; ref: string | null; topic: string; event: string; payload: Record<string, unknown> };
    frames.push({ joinRef: m.join_ref, ref: m.ref, topic: m.topic, event: m.event, payload: m.payload });
  });
  await new Promise((r) => ws.once('open', r));
  const send = (ref: string, event: string, payload: unknown) =>
    ws.send(JSON.stringify({ join_ref: '1', ref, topic: `realtime:${ROOM}`, event, payload }));
  const token = await signToken({ sub, role: 'authenticated' });
  send('1', 'phx_join', { config: { private: true, broadcast: { self: false }, presence: { key: sub, enabled: true } }, access_token: token });
  await expect.poll(() => frames.find((f) => f.ref === '1')?.payload.status).toBe('ok');
  send('2', 'presence', { type: 'presence', event: 'track', payload: { here: true } });
  await expect.poll(() => frames.find((f) => f.ref === '2')?.payload.status).toBe('ok');
  return { ws, frames };
}

/** Bob through supabase-js: what he hears on the room, and who he sees there. */
async function bobIn(server: RunningServer): Promise<{ channel: RealtimeChannel; heard: string[] }> {
  const token = await signToken({ sub: BOB, role: 'authenticated' });
  const client = createClient(server.url, server.keys.anonKey, { accessToken: async () => token, realtime: { transport: WebSocket as never } });
  await client.realtime.setAuth();
  const heard: string[] = [];
  const channel = client.channel(ROOM, { config: { private: true, broadcast: { self: true }, presence: { key: BOB } } })
    .on('broadcast', { event: '*' }, (m) => heard.push(m.event))
    .on('presence', { event: 'sync' }, () => {});
  await subscribed(channel);
  await channel.track({ here: true });
  return { channel, heard };
}

const revoke = (server: RunningServer, sub: string) =>
  server.db.exec(`delete from public.rt_room_members where user_id = '${sub}';
                  select pg_notify('gather_realtime_recheck', json_build_object('user_id', '${sub}')::text);`);
const admit = (sub: string) => s.db.exec(`insert into public.rt_room_members values ('${sub}') on conflict do nothing`);

/** Ada was told and the channel closed; after that, until Bob heard `probe` himself, she got nothing on the room. */
async function expectClosedAndSilent(ada: { ws: WebSocket; frames: Frame[] }, bob: { channel: RealtimeChannel; heard: string[] }) {
  await expect.poll(() => ada.frames.some((f) => f.event === 'phx_close')).toBe(true);
  const system = ada.frames.find((f) => f.event === 'system');
  expect(system?.payload).toEqual({
    extension: 'system', status: 'error', channel: ROOM, message: `You do not have permissions to read from this Channel topic: ${ROOM}`,
  });
  const closedAt = ada.frames.findIndex((f) => f.event === 'phx_close');
  expect(ada.frames.indexOf(system!)).toBe(closedAt - 1);
  // Her presence went with the channel.
  await expect.poll(() => Object.keys(bob.channel.presenceState())).toEqual([BOB]);
  await bob.channel.send({ type: 'broadcast', event: 'probe', payload: {} });
  await bob.channel.track({ here: 'again' });
  await expect.poll(() => bob.heard).toContain('probe');
  expect(ada.frames.slice(closedAt + 1).filter((f) => f.topic === `realtime:${ROOM}`)).toEqual([]);
  // The server holds no channel for her any more.
  ada.ws.send(JSON.stringify({ join_ref: '1', ref: '9', topic: `realtime:${ROOM}`, event: 'broadcast', payload: { type: 'broadcast', event: 'x', payload: {} } }));
  await expect.poll(() => ada.frames.find((f) => f.ref === '9')?.payload).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
}

/** Ada joins on `adaOn`, Bob on the first instance; the change and the notice go through the first. */
async function revokedWhileJoined(adaOn: RunningServer) {
  await admit(ADA);
  const ada = await rawMember(adaOn, ADA);
  const bob = await bobIn(s);
  await expect.poll(() => Object.keys(bob.channel.presenceState()).sort()).toEqual([ADA, BOB]);
  await revoke(s, ADA);
  await expectClosedAndSilent(ada, bob);
  ada.ws.close();
  await bob.channel.unsubscribe();
}

describe(`private channels checked again on the database's notice (${driverName})`, () => {
  it('ends the channel of a member the policies now refuse; others keep theirs', () => revokedWhileJoined(s));

  it('leaves a channel its member may still read as it was', async () => {
    await admit(ADA);
    const ada = await rawMember(s, ADA);
    const bob = await bobIn(s);
    await s.db.exec(`select pg_notify('gather_realtime_recheck', json_build_object('user_id', '${ADA}')::text)`);
    // A notice handled after the one above (same socket, in order) and a broadcast she still hears.
    await s.db.exec(`select pg_notify('gather_realtime_recheck', json_build_object('user_id', '${BOB}')::text)`);
    await bob.channel.send({ type: 'broadcast', event: 'still-here', payload: {} });
    await expect.poll(() => ada.frames.some((f) => f.event === 'broadcast' && f.payload.event === 'still-here')).toBe(true);
    expect(ada.frames.filter((f) => f.event === 'system' || f.event === 'phx_close')).toEqual([]);
    ada.ws.close();
    await bob.channel.unsubscribe();
  });

  it('reads only a well-formed user id from a notice', () => {
    expect(recheckUserId(JSON.stringify({ user_id: ADA.toUpperCase() }))).toBe(ADA);
    for (const bad of ['', 'nope', '{"user_id": 5}', '{"user_id": "x"}', 'null', '[]', `{"user":"${ADA}"}`]) expect(recheckUserId(bad), bad).toBeUndefined();
  });
});

if (driverName !== 'postgres') {
  console.log('realtime-recheck: the two-instance case skipped on PGlite: two instances can share only a PostgreSQL database (set DATABASE_URL)');
}
describe.skipIf(driverName !== 'postgres')('two instances on one PostgreSQL', () => {
  let two: RunningServer;
  beforeAll(async () => {
    const config = loadConfig({ project: s.config.project, port: '0', logLevel: 'silent', db: s.testDb.target }, {});
    two = await startServer(config, { db: await openDb(config.dbTarget) });
  });
  afterAll(async () => {
    await two?.close();
    await two?.db.close();
  });

  it('ends the channel on whichever instance holds it, whichever wrote the change', () => revokedWhileJoined(two));
});
