import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverName } from '../../server/test/helpers/test-db.ts';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';

// Server-owned columns are the database's, whatever a member sends through the API (decision
// 0096), checked through supabase-js as the app (or an attacker with the anon key) would write.
let g: GatherServer;
let H: Member, M: Member;
const client = async (m: Member): Promise<SupabaseClient> => {
  const token = await signToken(m.claims);
  return g.as(() => token);
};

const LONG_AGO = '2001-01-01T00:00:00.000Z';
const FORGED_ID = '11111111-1111-4111-8111-111111111111';
const seconds = (iso: string) => Math.abs(Date.now() - Date.parse(iso)) / 1000;
const inDays = (d: number) => new Date(Date.now() + d * 864e5).toISOString();
const eventRow = (title: string) => ({
  title, starts_at: inDays(5), ends_at: inDays(5.1), timezone: 'Europe/Lisbon', venue_name: 'Hall', lat: 38.7, lng: -9.1,
});

beforeAll(async () => {
  g = await startGather();
  [H, M] = (await Promise.all([g.member('host'), g.member('member')])) as [Member, Member];
});
afterAll(() => g.stop());

describe(`server-owned columns (${driverName})`, () => {
  it('gives a new event the database\'s id, slug, times and moderation state', async () => {
    const c = await client(M);
    const { data, error } = await c.from('events')
      .insert({
        ...eventRow('Forged fields'), host_id: M.id, status: 'published', id: FORGED_ID, slug: 'x"; filename="evil.html',
        created_at: LONG_AGO, updated_at: LONG_AGO, published_at: LONG_AGO, hidden_at: LONG_AGO,
      })
      .select('id, slug, created_at, updated_at, published_at, hidden_at')
      .single();
    expect(error).toBeNull();
    expect(data!.id).not.toBe(FORGED_ID);
    expect(data!.slug).toBe('forged-fields');
    for (const at of [data!.created_at, data!.updated_at, data!.published_at]) expect(seconds(at!)).toBeLessThan(120);
    expect(data!.hidden_at).toBeNull();

    const draft = await c.from('events').insert({ ...eventRow('Forged draft'), host_id: M.id, published_at: LONG_AGO }).select('published_at').single();
    expect(draft.data).toEqual({ published_at: null });
  });

  it('holds the 20-events-a-day limit even when the member backdates them', async () => {
    const busy = await g.member('busy');
    const c = await client(busy);
    for (let i = 0; i < 20; i++) {
      const { error } = await c.from('events').insert({ ...eventRow(`Backdated ${i}`), host_id: busy.id, created_at: LONG_AGO });
      expect(error).toBeNull();
    }
    const { error, status } = await c.from('events').insert({ ...eventRow('One too many'), host_id: busy.id, created_at: LONG_AGO });
    expect(status).toBe(429);
    expect(error).toMatchObject({ code: 'rate_limited', message: "You're doing that too often. Try again in a minute." });
  });

  it('moves an event\'s updated_at with each edit, but not with a moderator\'s hide', async () => {
    const e = await createEvent(g, M, { title: 'Edited later' });
    const read = async () => (await g.db.query<{ updated_at: Date }>('select updated_at from public.events where id = $1', [e.id])).rows[0]!.updated_at.getTime();
    await g.db.exec(`update public.events set updated_at = '${LONG_AGO}' where id = '${e.id}'`);
    await g.db.query(`update public.events set hidden_at = now() where id = $1`, [e.id]);
    expect(await read()).toBe(Date.parse(LONG_AGO));
    const c = await client(M);
    await g.db.query(`update public.events set hidden_at = null where id = $1`, [e.id]);
    expect((await c.from('events').update({ title: 'Edited now' }).eq('id', e.id)).error).toBeNull();
    expect(Date.now() - (await read())).toBeLessThan(120_000);
  });

  it('stamps invitations, online links and notification preferences with the database\'s time', async () => {
    const e = await createEvent(g, H, { title: 'Invitations', visibility: 'private' });
    const c = await client(H);
    const invite = await c.from('event_invites').insert({ event_id: e.id, user_id: M.id, invited_by: H.id, created_at: LONG_AGO }).select('created_at').single();
    expect(invite.error).toBeNull();
    expect(seconds(invite.data!.created_at)).toBeLessThan(120);
    const link = await c.from('event_online_links').insert({ event_id: e.id, url: 'https://meet.example/x', updated_at: LONG_AGO }).select('updated_at').single();
    expect(link.error).toBeNull();
    expect(seconds(link.data!.updated_at)).toBeLessThan(120);

    const fresh = await g.member('fresh');
    await g.db.query('delete from public.notification_preferences where user_id = $1', [fresh.id]);
    const prefs = await (await client(fresh)).from('notification_preferences')
      .upsert({ user_id: fresh.id, email_reminders: false, updated_at: LONG_AGO }, { onConflict: 'user_id' }).select('updated_at').single();
    expect(prefs.error).toBeNull();
    expect(seconds(prefs.data!.updated_at)).toBeLessThan(120);
  });

  it('records when a comment was deleted or hidden, and a notification read, by the database\'s clock', async () => {
    const e = await createEvent(g, H, { title: 'Clocks' });
    const m = await client(M);
    const h = await client(H);
    const post = async (body: string) => (await m.from('comments').insert({ event_id: e.id, author_id: M.id, body }).select('id').single()).data!.id as string;
    const deleted = await post('delete me');
    const hidden = await post('hide me');
    const del = await m.from('comments').update({ deleted_at: LONG_AGO }).eq('id', deleted).select('deleted_at').single();
    expect(seconds(del.data!.deleted_at!)).toBeLessThan(120);
    const again = await m.from('comments').update({ deleted_at: '2030-01-01T00:00:00Z' }).eq('id', deleted).select('deleted_at').single();
    expect(again.data!.deleted_at).toBe(del.data!.deleted_at); // the first time stays
    const hide = await h.from('comments').update({ hidden_at: LONG_AGO }).eq('id', hidden).select('hidden_at').single();
    expect(seconds(hide.data!.hidden_at!)).toBeLessThan(120);

    await g.sqlAs('service')(`insert into public.notifications (user_id, kind) values ($1, 'clock')`, [M.id]);
    const read = await m.from('notifications').update({ read_at: LONG_AGO }).eq('kind', 'clock').select('read_at').single();
    expect(seconds(read.data!.read_at!)).toBeLessThan(120);
    const unread = await m.from('notifications').update({ read_at: null }).eq('kind', 'clock').select('read_at').single();
    expect(unread.data).toEqual({ read_at: null });
    // Let `notify` (called after the insert) finish before the server stops.
    await expect.poll(async () => (await g.db.query(`select email_status from public.notifications where kind = 'clock'`)).rows[0]?.email_status, { timeout: 30_000 }).toBe('skipped');
  });

  it('leaves no server-owned column writable by the API roles without a trigger that sets it', async () => {
    // Every (table, column) anon or authenticated may INSERT or UPDATE whose name says the server
    // owns it must be in this list, each handled by a trigger above or by its table's rules.
    const stamped = new Set([
      'comments.deleted_at', 'comments.hidden_at', // comments_server_owned
      'event_invites.created_at', 'event_online_links.updated_at', 'notification_preferences.updated_at', // *_stamp
      'events.id', 'events.slug', 'events.created_at', 'events.updated_at', 'events.published_at', 'events.hidden_at', // events_server_owned
      'notifications.read_at', // notifications_server_owned
      'direct_messages.read_at', // direct_messages_server_owned
    ]);
    const { rows } = await g.db.query<{ col: string }>(`
      select c.relname || '.' || a.attname as col
      from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
      cross join (values ('anon'), ('authenticated')) r(role) cross join (values ('INSERT'), ('UPDATE')) p(priv)
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
        and has_column_privilege(r.role, c.oid, a.attnum, p.priv)
        and a.attname ~ '^(id|slug|created_at|updated_at|published_at|hidden_at|deleted_at|read_at|checked_in_at|resolved_at|resolved_by|suspended_at|waitlist_position|status|.*_count)$'
      group by 1 order by 1`);
    // `status` is the member's to set on events (draft → published → cancelled, guarded by the
    // lifecycle trigger); reports insert only as 'open' by policy.
    expect(rows.map((r) => r.col).filter((c) => !stamped.has(c) && c !== 'events.status')).toEqual([]);
  });
});
