import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appClient } from '../../server/test/helpers/auth-clients.ts';
import { subscribed } from '../../server/test/helpers/realtime.ts';
import { driverName } from '../../server/test/helpers/test-db.ts';
import { createGroup, place } from './support/group-cast.ts';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';

// Decision 0263: when an operator turns anonymous sign-ins on, such a session looks around as a
// signed-in member of no group would, is counted in a channel's presence as a visitor is, and
// leaves (deletes its account); it creates, changes and removes nothing — no group, event, RSVP,
// comment, report, profile, upload or broadcast — until an email is added to the account.

let g: GatherServer;
let host: Member;
let anonymous: SupabaseClient;
let me = '';
let eventId = '';
let groupId = '';

beforeAll(async () => {
  g = await startGather({ flags: { enableAnonymousSignIns: 'true' } });
  host = await g.member('host');
  eventId = (await createEvent(g, host, { title: 'Open to all' })).id;
  groupId = (await createGroup(g, host)).id;
  anonymous = appClient(g);
  const { data, error } = await anonymous.auth.signInAnonymously();
  if (error) throw error;
  me = data.user!.id;
  await anonymous.realtime.setAuth();
});
afterAll(() => g.stop());

const RLS = '42501';

describe(`anonymous sign-ins look around and change nothing (${driverName})`, () => {
  it('the session is an anonymous sign-in of the authenticated role', async () => {
    const { data } = await anonymous.auth.getUser();
    expect(data.user).toMatchObject({ id: me, is_anonymous: true, role: 'authenticated' });
  });

  it('reads what a member of no group reads', async () => {
    expect((await anonymous.from('events').select('id')).data).toEqual([{ id: eventId }]);
    expect((await anonymous.from('groups').select('id')).data).toEqual([{ id: groupId }]);
    expect((await anonymous.from('profiles').select('id').eq('id', host.id)).data).toEqual([{ id: host.id }]);
    expect((await anonymous.rpc('my_rsvp', { event_id: eventId })).error).toBeNull();
  });

  it('creates no group and publishes no event', async () => {
    const group = await anonymous.from('groups').insert({ name: 'Anonymous group', about: 'Spam', category: 'tech', ...place }).select('id');
    expect(group.error?.code).toBe(RLS);
    const starts = new Date(Date.now() + 7 * 864e5);
    const event = await anonymous.from('events').insert({
      host_id: me, title: 'Anonymous event', starts_at: starts.toISOString(), ends_at: new Date(+starts + 36e5).toISOString(),
      timezone: 'Europe/Lisbon', venue_name: 'Hall', lat: 38.7, lng: -9.1, status: 'published',
    }).select('id');
    expect(event.error?.code).toBe(RLS);
    expect(await g.db.query('select 1 from public.groups where name = $1', ['Anonymous group']).then((r) => r.rows)).toEqual([]);
  });

  it('RSVPs, joins, comments and reports nothing', async () => {
    expect((await anonymous.rpc('rsvp', { event_id: eventId })).error).toMatchObject({ code: 'anonymous_user' });
    expect((await anonymous.rpc('join_group', { group_id: groupId })).error).toMatchObject({ code: 'anonymous_user' });
    expect((await anonymous.from('comments').insert({ event_id: eventId, author_id: me, body: 'First!' })).error?.code).toBe(RLS);
    const report = await anonymous.from('reports').insert({ reporter_id: me, target_type: 'event', target_id: eventId, reason: 'Because' });
    expect(report.error?.code).toBe(RLS);
    expect(await g.db.query('select 1 from public.rsvps where user_id = $1', [me]).then((r) => r.rows)).toEqual([]);
  });

  it('edits no profile and uploads nothing', async () => {
    const edit = await anonymous.from('profiles').update({ bio: 'Buy now' }).eq('id', me).select('bio');
    expect(edit).toMatchObject({ error: null, data: [] });
    const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    expect((await anonymous.storage.from('avatars').upload(`${me}/avatar.png`, png, { contentType: 'image/png' })).error).not.toBeNull();
  });

  it('is counted in a public event\'s presence as a visitor is, and broadcasts nothing', async () => {
    const channel = anonymous.channel(`event:${eventId}`, { config: { private: true, presence: { key: 'anonymous', enabled: true } } });
    await subscribed(channel);
    expect(await channel.track({ online_at: 'now' })).toBe('ok');
    await expect(anonymous.channel(`event:${eventId}`, { config: { private: true } }).httpSend('typing', { key: 'a' })).rejects.toThrow();
  });

  it('every SECURITY DEFINER procedure that changes something refuses it (anonymous_user); those that read do not', async () => {
    const procedures = await g.db.query<{ name: string; writes: boolean }>(
      `select p.proname as name,
              p.provolatile = 'v' and not has_function_privilege('anon', p.oid, 'execute') as writes
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.prosecdef and p.prokind = 'f' and has_function_privilege('authenticated', p.oid, 'execute')
         and p.proname <> 'delete_my_account'
       order by 1`).then((r) => r.rows);
    expect(procedures.length).toBeGreaterThanOrEqual(37);
    const wrong: Record<string, string> = {};
    for (const p of procedures) {
      // The guard answers before the body reads its arguments: named ones PostgREST can match.
      const args = await g.db.query<{ name: string }>(
        `select unnest(p.proargnames[1:p.pronargs]) as name from pg_proc p where p.proname = $1 and p.pronamespace = 'public'::regnamespace`, [p.name],
      ).then((r) => r.rows);
      const code = (await anonymous.rpc(p.name, Object.fromEntries(args.map((a) => [a.name, null])))).error?.code ?? 'ok';
      if ((code === 'anonymous_user') !== p.writes) wrong[p.name] = code;
    }
    expect(wrong).toEqual({});
    console.log(`anonymous sign-ins: ${procedures.filter((p) => p.writes).length} of ${procedures.length} procedures refused`);
  });

  it('may leave: delete_my_account ends the anonymous account', async () => {
    expect((await anonymous.rpc('delete_my_account')).error).toBeNull();
    expect(await g.db.query('select 1 from auth.users where id = $1', [me]).then((r) => r.rows)).toEqual([]);
  });
});
