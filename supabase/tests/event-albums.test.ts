import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { driverName } from '../../server/test/helpers/test-db.ts';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup, join } from './support/group-cast.ts';

// Event albums role by role (decisions 0355–0356), through supabase-js over the real server:
// who uploads (people who went, once it started; hosts any time), who sees (whoever sees the
// event), who removes (uploader, hosts, admins), and reports and hiding.

let g: GatherServer;
let host: Member, attendee: Member, outsider: Member, banned: Member, admin: Member;
let past = '', upcoming = '', privatePast = '';
const as = (m: Member): SupabaseClient => g.as(() => signToken(m.claims));

// A 1×1 PNG: the render endpoint decodes it.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function upload(m: Member, eventId: string) {
  const path = `${eventId}/${crypto.randomUUID()}.png`;
  const { error } = await as(m).storage.from('event-albums').upload(path, new Blob([PNG], { type: 'image/png' }), { contentType: 'image/png' });
  return { path, error };
}
async function addPhoto(m: Member, eventId: string, caption?: string): Promise<{ data: { id: string } | null; error: unknown }> {
  const { path, error } = await upload(m, eventId);
  if (error) return { data: null, error };
  return as(m).from('event_album_photos').insert({ event_id: eventId, path, caption, width: 1, height: 1 }).select('id').single();
}
/** Moves an event into the past (as if time went by): the rules read the clock. */
const moveToPast = (id: string) =>
  g.db.query(`update public.events set starts_at = now() - interval '1 day', ends_at = now() - interval '22 hours' where id = $1`, [id]);

beforeAll(async () => {
  g = await startGather();
  [host, attendee, outsider, banned, admin] = (await Promise.all(
    ['host', 'attendee', 'outsider', 'banned', 'admin'].map((u) => g.member(u, { admin: u === 'admin' })),
  )) as [Member, Member, Member, Member, Member];
  const group = await createGroup(g, host);
  await join(g, banned, group.id);
  past = (await createEvent(g, host, { title: 'Picnic', group_id: group.id })).id;
  upcoming = (await createEvent(g, host, { title: 'Next picnic' })).id;
  privatePast = (await createEvent(g, host, { title: 'Private dinner', visibility: 'private' })).id;
  await g.db.query(`insert into public.event_invites (event_id, user_id) values ($1, $2)`, [privatePast, attendee.id]);
  for (const id of [past, upcoming, privatePast]) await g.sqlAs(attendee)('select public.rsvp($1, 0, null)', [id]);
  await g.sqlAs(banned)('select public.rsvp($1, 0, null)', [past]);
  await g.db.query(`update public.group_members set status = 'banned' where group_id = $1 and user_id = $2`, [group.id, banned.id]);
  await moveToPast(past);
  await moveToPast(privatePast);
});
afterAll(() => g.stop());

describe(`event albums (${driverName})`, () => {
  it('an attendee adds a photo once the event has started; anyone who sees the event sees it, sized by the render endpoint', async () => {
    const added = await addPhoto(attendee, past, 'Sunset');
    expect(added.error).toBeNull();
    const { data } = await g.anon().from('event_album_photos').select('id, caption, uploader_id, path').eq('event_id', past);
    expect(data).toEqual([expect.objectContaining({ caption: 'Sunset', uploader_id: attendee.id })]);
    const res = await g.fetch(`/storage/v1/render/image/public/event-albums/${data![0]!.path}?width=64&resize=contain`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
  });

  it('before it starts only the hosts add photos', async () => {
    expect((await upload(attendee, upcoming)).error).not.toBeNull();
    expect((await addPhoto(host, upcoming)).error).toBeNull();
  });

  it('an outsider, a banned member and an anonymous visitor add nothing', async () => {
    for (const m of [outsider, banned]) expect((await upload(m, past)).error, m.username).not.toBeNull();
    const anonUpload = await g.anon().storage.from('event-albums').upload(`${past}/x.png`, new Blob([PNG]), { contentType: 'image/png' });
    expect(anonUpload.error).not.toBeNull();
    // Nobody claims a file somebody else uploaded, even one in the right folder.
    const { path } = await upload(host, past);
    const claimed = await as(attendee).from('event_album_photos').insert({ event_id: past, path });
    expect(claimed.error?.code).toBe('42501');
    const outsiderRow = await as(outsider).from('event_album_photos').insert({ event_id: past, path });
    expect(outsiderRow.error?.code).toBe('42501');
  });

  it('a private event\'s album is seen by its guests and hosts only', async () => {
    expect((await addPhoto(attendee, privatePast, 'Dessert')).error).toBeNull();
    const count = async (c: SupabaseClient) => (await c.from('event_album_photos').select('id').eq('event_id', privatePast)).data?.length;
    expect(await count(g.anon())).toBe(0);
    expect(await count(as(outsider))).toBe(0);
    expect(await count(as(attendee))).toBe(1);
    expect(await count(as(host))).toBe(1);
  });

  it('a photo is reported like other content; hosts hide it, the uploader still sees it, anyone else does not', async () => {
    const added = await addPhoto(attendee, past, 'To report');
    const id = added.data!.id;
    const report = await as(outsider).from('reports').insert({ reporter_id: outsider.id, target_type: 'photo', target_id: id, reason: 'Not from this event' });
    expect(report.error).toBeNull();
    expect((await expectAppError(g.sqlAs(attendee)('select public.hide_album_photo($1, true)', [id]))).code).toBe('not_host');
    expect((await as(host).rpc('hide_album_photo', { photo_id: id, hidden: true })).error).toBeNull();
    const sees = async (c: SupabaseClient) => ((await c.from('event_album_photos').select('id').eq('id', id)).data ?? []).length;
    expect(await sees(g.anon())).toBe(0);
    expect(await sees(as(outsider))).toBe(0);
    expect(await sees(as(attendee))).toBe(1);
    expect(await sees(as(host))).toBe(1);
    const log = await g.db.query(`select action from public.moderation_log where target_type = 'photo' and target_id = $1`, [id]);
    expect(log.rows).toEqual([{ action: 'content_hidden' }]);
    // A hidden photo can no longer be reported by those who cannot see it.
    const again = await as(banned).from('reports').insert({ reporter_id: banned.id, target_type: 'photo', target_id: id, reason: 'x' });
    expect(again.error).not.toBeNull();
  });

  it('the uploader and the hosts (admins among them) remove photos; nobody else does', async () => {
    const ids = await Promise.all([1, 2, 3].map(async () => (await addPhoto(attendee, past)).data!.id));
    for (const m of [outsider, banned]) {
      const { data } = await as(m).from('event_album_photos').delete().eq('id', ids[0]!).select('id');
      expect(data, m.username).toEqual([]);
    }
    for (const [m, id] of [[attendee, ids[0]], [host, ids[1]], [admin, ids[2]]] as const) {
      const { data } = await as(m).from('event_album_photos').delete().eq('id', id!).select('id');
      expect(data, m.username).toEqual([{ id }]);
    }
    // Files too: the outsider cannot remove the attendee's file, the host can.
    const { path } = await upload(attendee, past);
    expect((await as(outsider).storage.from('event-albums').remove([path])).data).toEqual([]);
    expect((await as(host).storage.from('event-albums').remove([path])).data).toHaveLength(1);
  });
});
