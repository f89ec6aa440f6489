import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { driverName } from './helpers/test-db.ts';
import { signToken } from './helpers/tokens.ts';
import { collectChanges } from './helpers/realtime.ts';

const ALICE = '00000000-0000-0000-0000-0000000000a1';
const BOB = '00000000-0000-0000-0000-0000000000b2';

let s: TestServer;
let aliceToken: string;
beforeAll(async () => {
  s = await startTestServer();
  await s.db.exec(`
    create table public.rt_open (id int primary key, title text, score int, tags text[], at timestamptz);
    grant select on public.rt_open to anon, authenticated;
    create table public.rt_notes (id int primary key, owner uuid not null, body text, secret text);
    alter table public.rt_notes enable row level security;
    create policy read_own on public.rt_notes for select to authenticated using (owner = (select auth.uid()));
    grant select (id, owner, body) on public.rt_notes to authenticated;
    grant select on public.rt_notes to service_role;
    alter table public.rt_notes replica identity full;
    alter publication supabase_realtime add table public.rt_open, public.rt_notes;`);
  aliceToken = await signToken({ sub: ALICE, role: 'authenticated', aud: 'authenticated' });
});
afterAll(() => s.stop());

describe(`postgres changes (${driverName})`, () => {
  it('delivers inserts, updates and deletes with Supabase payloads', async () => {
    const sub = collectChanges(s.anon(), 'open-all', { table: 'rt_open' });
    await sub.ready;
    await s.db.exec(`insert into public.rt_open values (1, 'hello', 5, '{a,b}', '2030-01-02T03:04:05Z');
                     update public.rt_open set title = 'hi' where id = 1;
                     delete from public.rt_open where id = 1;`);
    await expect.poll(() => sub.got.length).toBe(3);
    const [ins, upd, del] = sub.got;
    expect(ins).toMatchObject({ eventType: 'INSERT', new: { id: 1, title: 'hello', score: 5, tags: ['a', 'b'], at: '2030-01-02T03:04:05+00:00' }, old: {} });
    expect(upd).toMatchObject({ eventType: 'UPDATE', new: { id: 1, title: 'hi' }, old: { id: 1 } });
    expect(upd!.old).toEqual({ id: 1 }); // replica identity default: the primary key only
    expect(del).toMatchObject({ eventType: 'DELETE', new: {}, old: { id: 1 } });
  });

  it('applies event and filter bindings', async () => {
    const inserts = collectChanges(s.anon(), 'open-inserts', { table: 'rt_open', event: 'INSERT', filter: 'score=gte.10' });
    const named = collectChanges(s.anon(), 'open-in', { table: 'rt_open', filter: 'title=in.(alpha,"be,ta")' });
    await Promise.all([inserts.ready, named.ready]);
    await s.db.exec(`insert into public.rt_open (id, title, score) values (10, 'alpha', 9), (11, 'be,ta', 10), (12, 'gamma', 100);
                     update public.rt_open set score = 50 where id = 10;`);
    await expect.poll(() => inserts.got.map((p) => p.new.id)).toEqual([11, 12]);
    await expect.poll(() => named.got.map((p) => `${p.eventType}:${p.new.id}`)).toEqual(['INSERT:10', 'INSERT:11', 'UPDATE:10']);
  });

  it('asks row-level security per subscriber, and hides columns the role may not read', async () => {
    const alice = collectChanges(s.as(() => aliceToken), 'notes-alice', { table: 'rt_notes' });
    const anon = collectChanges(s.anon(), 'notes-anon', { table: 'rt_notes' });
    const service = collectChanges(s.client(s.keys.serviceRoleKey), 'notes-service', { table: 'rt_notes' });
    await Promise.all([alice.ready, anon.ready, service.ready]);
    await s.db.exec(`insert into public.rt_notes values (1, '${BOB}', 'bob private', 's1')`);
    await s.db.exec(`insert into public.rt_notes values (2, '${ALICE}', 'alice note', 's2')`);
    // Order per table is kept, so once row 2 arrived row 1 was never coming. (The RLS check
    // reads the committed row, as Supabase's does, so the delete waits for delivery.)
    await expect.poll(() => alice.got.length).toBe(1);
    await s.db.exec('delete from public.rt_notes where id = 2');
    await expect.poll(() => alice.got.length).toBe(2);
    expect(alice.got[0]).toMatchObject({ eventType: 'INSERT', new: { id: 2, owner: ALICE, body: 'alice note' } });
    expect(alice.got[0]!.new).not.toHaveProperty('secret');
    // DELETE is not RLS-checked, so old values are cut to the primary key when RLS is on.
    expect(alice.got[1]).toMatchObject({ eventType: 'DELETE', old: { id: 2 } });
    expect(alice.got[1]!.old).toEqual({ id: 2 });
    await expect.poll(() => service.got.length).toBe(3);
    expect(service.got[0]!.new).toMatchObject({ id: 1, secret: 's1' });
    expect(anon.got).toEqual([]);
  });

  it('re-checks rights when the channel\'s access token changes', async () => {
    const c = s.anon();
    const sub = collectChanges(c, 'notes-upgrade', { table: 'rt_notes', event: 'INSERT' });
    // A witness: once it has row 30, every subscriber's check of row 30 is done (one round trip).
    const witness = collectChanges(s.service(), 'notes-upgrade-witness', { table: 'rt_notes', event: 'INSERT' });
    await Promise.all([sub.ready, witness.ready]);
    await s.db.exec(`insert into public.rt_notes values (30, '${ALICE}', 'before sign-in', 's')`);
    await expect.poll(() => witness.got.some((p) => p.new.id === 30)).toBe(true);
    await c.realtime.setAuth(aliceToken); // what onAuthStateChange does on SIGNED_IN
    // The token travels on the socket with no reply: insert until one arrives.
    let id = 31;
    await expect
      .poll(async () => {
        await s.db.exec(`insert into public.rt_notes values (${id++}, '${ALICE}', 'after sign-in', 's')`);
        return sub.got.length;
      }, { interval: 200 })
      .toBeGreaterThan(0);
    expect(sub.got[0]!.new.body).toBe('after sign-in');
    expect(sub.got.map((p) => p.new.id)).not.toContain(30);
  });

  it('keeps order and carries payloads too large for NOTIFY', async () => {
    const sub = collectChanges(s.anon(), 'open-big', { table: 'rt_open', event: 'INSERT' });
    await sub.ready;
    const big = 'x'.repeat(20_000);
    await s.db.exec(`insert into public.rt_open (id, title) values (20, 'small'), (21, '${big}'), (22, 'after')`);
    await expect.poll(() => sub.got.map((p) => p.new.id)).toEqual([20, 21, 22]);
    expect(sub.got[1]!.new.title).toBe(big);
  });

  it("delivers to every other subscriber when one subscriber's row-level check fails", async () => {
    // The policy casts a claim: for a token whose `team` is not a number it raises (22P02), which
    // must cost that subscriber the row, not every subscriber of the same change.
    await s.db.exec(`
      create table public.rt_teams (id int primary key, team int not null);
      alter table public.rt_teams enable row level security;
      create policy by_team on public.rt_teams for select to authenticated using (team = (auth.jwt() ->> 'team')::int);
      grant select on public.rt_teams to authenticated, service_role;
      alter publication supabase_realtime add table public.rt_teams;`);
    const teamToken = await signToken({ sub: ALICE, role: 'authenticated', aud: 'authenticated', team: '7' });
    const brokenToken = await signToken({ sub: BOB, role: 'authenticated', aud: 'authenticated', team: 'seven' });
    // The broken identity first, so its check runs before the good one's in the same batch.
    const broken = collectChanges(s.as(() => brokenToken), 'teams-broken', { table: 'rt_teams' });
    await broken.ready;
    const team = collectChanges(s.as(() => teamToken), 'teams-seven', { table: 'rt_teams' });
    const service = collectChanges(s.service(), 'teams-service', { table: 'rt_teams' });
    await Promise.all([team.ready, service.ready]);
    await s.db.exec('insert into public.rt_teams values (1, 7)');
    await expect.poll(() => service.got.length).toBe(1);
    await expect.poll(() => team.got.map((p) => p.new.id)).toEqual([1]);
    expect(broken.got).toEqual([]);
  });

  it('sends the same change to 1.0.0 and 2.0.0 clients (one serialization, two frame shapes)', async () => {
    const v1 = createClient(s.url, s.keys.anonKey, { realtime: { transport: WebSocket as never, vsn: '1.0.0' } as never });
    const old = collectChanges(v1, 'open-v1', { table: 'rt_open', event: 'INSERT' });
    const current = collectChanges(s.anon(), 'open-v2', { table: 'rt_open', event: 'INSERT' });
    await Promise.all([old.ready, current.ready]);
    await s.db.exec(`insert into public.rt_open (id, title, tags) values (40, 'quote " and \\ and ü', '{x}')`);
    await expect.poll(() => old.got.length).toBe(1);
    await expect.poll(() => current.got.length).toBe(1);
    expect(old.got[0]).toMatchObject({ eventType: 'INSERT', new: { id: 40, title: 'quote " and \\ and ü', tags: ['x'] } });
    expect(old.got[0]!.new).toEqual(current.got[0]!.new);
    await v1.removeAllChannels();
  });

  it('refuses bad filters with the join error upstream gives', async () => {
    const sub = collectChanges(s.anon(), 'bad-filter', { table: 'rt_open', filter: 'id=between.1' });
    await expect(sub.ready).rejects.toThrow(/Error parsing `filter` params/);
  });
});
