import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { driverName } from '../../server/test/helpers/test-db.ts';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup, join } from './support/group-cast.ts';

// The admins' report queue lists reported album photos and private messages with what an admin
// needs to judge them (decision 0383), through supabase-js over the real server: a photo with its
// file, caption, event and uploader, hidden with hide_album_photo; a message with its text, its
// sender and its recipient, resolved like any report. Nobody but an admin reads the queue.

let g: GatherServer;
let host: Member, attendee: Member, reporter: Member, sender: Member, admin: Member;
let eventId = '', eventSlug = '';
const as = (m: Member): SupabaseClient => g.as(() => signToken(m.claims));
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

type Row = Record<string, unknown> & { target_type: string; target_id: string; report_id: string };
async function queue(): Promise<Row[]> {
  const { data, error } = await as(admin).rpc('report_queue');
  if (error) throw new Error(JSON.stringify(error));
  return data as Row[];
}

beforeAll(async () => {
  g = await startGather();
  [host, attendee, reporter, sender, admin] = (await Promise.all(
    ['rq_host', 'rq_attendee', 'rq_reporter', 'rq_sender', 'rq_admin'].map((u) => g.member(u, { admin: u === 'rq_admin' })),
  )) as [Member, Member, Member, Member, Member];
  const group = await createGroup(g, host, { name: 'Photo walkers' });
  for (const m of [attendee, reporter, sender]) await join(g, m, group.id);
  ({ id: eventId, slug: eventSlug } = await createEvent(g, host, { title: 'Harbour walk', group_id: group.id }));
  await g.sqlAs(attendee)('select public.rsvp($1, 0, null)', [eventId]);
  await g.db.query(`update public.events set starts_at = now() - interval '1 day', ends_at = now() - interval '22 hours' where id = $1`, [eventId]);
});
afterAll(() => g.stop());

describe(`report queue: photos and messages (${driverName})`, () => {
  it('lists a reported photo with its file, caption, event and uploader; hide_album_photo hides it', async () => {
    const path = `${eventId}/${crypto.randomUUID()}.png`;
    expect((await as(attendee).storage.from('event-albums').upload(path, new Blob([PNG], { type: 'image/png' }), { contentType: 'image/png' })).error).toBeNull();
    const photo = await as(attendee).from('event_album_photos').insert({ event_id: eventId, path, caption: 'Sunset', width: 1, height: 1 }).select('id').single();
    expect(photo.error).toBeNull();
    const photoId = (photo.data as { id: string }).id;
    expect((await as(reporter).from('reports').insert({ reporter_id: reporter.id, target_type: 'photo', target_id: photoId, reason: 'Not from this event' })).error).toBeNull();

    const row = (await queue()).find((r) => r.target_id === photoId);
    expect(row).toMatchObject({
      target_type: 'photo', target_missing: false, hidden: false, reasons: ['Not from this event'], reporters: ['rq_reporter'],
      photo_path: path, photo_caption: 'Sunset', event_id: eventId, event_slug: eventSlug, event_title: 'Harbour walk',
      author_id: attendee.id, author_username: 'rq_attendee', message_body: null, recipient_id: null,
    });
    // The admin sees the file the row names.
    expect((await g.fetch(`/storage/v1/object/public/event-albums/${path}`)).status).toBe(200);

    expect((await as(admin).rpc('hide_album_photo', { photo_id: photoId, hidden: true })).error).toBeNull();
    expect((await queue()).find((r) => r.target_id === photoId)).toMatchObject({ hidden: true, target_missing: false });
    expect((await as(admin).rpc('resolve_report', { report_id: row!.report_id, status: 'resolved' })).error).toBeNull();
    expect((await queue()).find((r) => r.target_id === photoId)).toBeUndefined();
  });

  it('lists a reported message with its text, sender and recipient; the sender can be suspended and the report resolved', async () => {
    const sent = await as(sender).rpc('send_direct_message', { recipient_id: reporter.id, body: 'Buy cheap watches at spam.example' });
    expect(sent.error).toBeNull();
    // It answers the conversation; the recipient reads the message's id there.
    const read = await as(reporter).from('direct_messages').select('id').eq('conversation_id', sent.data as string).single();
    const messageId = (read.data as { id: string }).id;
    expect((await as(reporter).rpc('report_direct_message', { message_id: messageId, reason: 'Spam' })).error).toBeNull();

    const row = (await queue()).find((r) => r.target_id === messageId);
    expect(row).toMatchObject({
      target_type: 'message', target_missing: false, hidden: false, reasons: ['Spam'],
      message_body: 'Buy cheap watches at spam.example', author_id: sender.id, author_username: 'rq_sender', author_suspended: false,
      recipient_id: reporter.id, recipient_username: 'rq_reporter', event_id: null, photo_path: null,
    });
    expect((await as(admin).rpc('suspend_user', { user_id: sender.id, suspended: true, reason: 'spam' })).error?.message ?? null).toBeNull();
    expect((await queue()).find((r) => r.target_id === messageId)).toMatchObject({ author_suspended: true });
    expect((await as(admin).rpc('resolve_report', { report_id: row!.report_id, status: 'resolved' })).error).toBeNull();
    expect((await queue()).find((r) => r.target_id === messageId)).toBeUndefined();
  });

  it('is for admins only', async () => {
    const { error } = await as(reporter).rpc('report_queue');
    expect(error?.code).toBe('not_admin');
    expect((await g.anon().rpc('report_queue')).error).not.toBeNull();
  });
});
