import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';

let g: GatherServer;
beforeAll(async () => {
  g = await startGather();
});
afterAll(() => g.stop());

const rsvp = (m: Member, eventId: string) => g.sqlAs(m)('select public.rsvp($1)', [eventId]);
const deleteAccount = (m: Member) => g.sqlAs(m)('select public.delete_my_account()');
const exists = async (sql: string, params: unknown[]) => (await g.db.query(sql, params)).rows.length > 0;
const rsvpOf = async (eventId: string, userId: string) =>
  (await g.db.query<{ status: string }>('select status from public.rsvps where event_id = $1 and user_id = $2', [eventId, userId])).rows[0]?.status;
// Published events can only be created in the future; move one into the past afterwards.
async function pastEvent(host: Member, fields: Record<string, unknown> = {}): Promise<{ id: string }> {
  const e = await createEvent(g, host, fields);
  await g.db.query(`update public.events set starts_at = now() - interval '30 days', ends_at = now() - interval '30 days' + interval '2 hours' where id = $1`, [e.id]);
  return e;
}
const stats = async (eventId: string) =>
  (await g.db.query('select going_count, waitlist_count, spots_left from public.event_stats where event_id = $1', [eventId])).rows[0];

describe('delete_my_account()', () => {
  it('refuses while the member hosts an upcoming event others RSVPed to, naming it, and deletes nothing', async () => {
    const [host, guest] = await Promise.all([g.member('busy_host'), g.member('busy_guest')]);
    const e = await createEvent(g, host, { title: 'Harbour picnic' });
    await rsvp(guest, e.id);

    expect(await expectAppError(deleteAccount(host))).toEqual({
      code: 'hosting_upcoming_events',
      message: 'You host upcoming events that people have RSVPed to ("Harbour picnic"). Cancel them first, then delete your account.',
      status: 409,
    });
    expect(await exists('select 1 from auth.users where id = $1', [host.id])).toBe(true);
    expect(await exists('select 1 from public.events where id = $1', [e.id])).toBe(true);

    // Once the event is cancelled (its attendees are told), the account can go, and the event with it.
    await g.sqlAs(host)(`update public.events set status = 'cancelled', cancel_reason = 'Moving away' where id = $1`, [e.id]);
    await deleteAccount(host);
    expect(await exists('select 1 from auth.users where id = $1', [host.id])).toBe(false);
    expect(await exists('select 1 from public.profiles where id = $1', [host.id])).toBe(false);
    expect(await exists('select 1 from public.events where id = $1', [e.id])).toBe(false);
    // The guest keeps their account.
    expect(await exists('select 1 from public.profiles where id = $1', [guest.id])).toBe(true);
  });

  it('deletes drafts, past events and upcoming events nobody joined along with everything of the member', async () => {
    const [member, other] = await Promise.all([g.member('leaver'), g.member('stayer')]);
    const draft = await createEvent(g, member, { status: 'draft', title: 'Draft idea' });
    const lonely = await createEvent(g, member, { title: 'Nobody came yet' });
    const othersEvent = await createEvent(g, other, { title: 'Stayer event' });
    await rsvp(member, othersEvent.id);
    await g.sqlAs(member)('insert into public.comments (event_id, author_id, body) values ($1, $2, $3)', [othersEvent.id, member.id, 'See you there']);
    // A past event the member hosted, which someone attended (inserted as the seed does).
    const past = await pastEvent(member, { title: "Last year's party" });
    await g.db.query(`insert into public.rsvps (event_id, user_id, status) values ($1, $2, 'going')`, [past.id, other.id]);

    await deleteAccount(member);

    for (const id of [draft.id, lonely.id, past.id]) {
      expect(await exists('select 1 from public.events where id = $1', [id])).toBe(false);
    }
    expect(await exists('select 1 from public.events where id = $1', [othersEvent.id])).toBe(true);
    expect(await exists('select 1 from public.rsvps where user_id = $1', [member.id])).toBe(false);
    expect(await exists('select 1 from public.comments where author_id = $1', [member.id])).toBe(false);
    expect(await exists('select 1 from public.notification_preferences where user_id = $1', [member.id])).toBe(false);
    expect(await exists('select 1 from auth.identities where user_id = $1', [member.id])).toBe(false);
  });

  it('gives the member\'s spot to the next on the waitlist, who is told, and recounts', async () => {
    const [host, leaving, waiting] = await Promise.all([g.member('full_host'), g.member('full_leaver'), g.member('full_waiter')]);
    const e = await createEvent(g, host, { capacity: 1, waitlist_enabled: true });
    await rsvp(leaving, e.id);
    await rsvp(waiting, e.id);
    expect(await stats(e.id)).toEqual({ going_count: 1, waitlist_count: 1, spots_left: 0 });

    await deleteAccount(leaving);

    expect(await rsvpOf(e.id, waiting.id)).toBe('going');
    expect(await stats(e.id)).toEqual({ going_count: 1, waitlist_count: 0, spots_left: 0 });
    const told = await g.sqlAs(waiting)<{ kind: string }>('select kind from public.notifications where payload ->> $1 = $2', ['event_id', e.id]);
    expect(told).toEqual([{ kind: 'rsvp_promoted' }]);
  });

  it('recounts a past event the member went to', async () => {
    const [host, member] = await Promise.all([g.member('past_host'), g.member('past_goer')]);
    const past = await pastEvent(host, { title: 'Old meetup', capacity: 10 });
    await g.db.query(`insert into public.rsvps (event_id, user_id, status) values ($1, $2, 'going')`, [past.id, member.id]);
    await g.db.query('select private.refresh_event_stats($1)', [past.id]);
    expect(await stats(past.id)).toMatchObject({ going_count: 1, spots_left: 9 });

    await deleteAccount(member);
    expect(await stats(past.id)).toMatchObject({ going_count: 0, spots_left: 10 });
  });

  it('works through supabase-js for a signed-in member, whose password then no longer signs in', async () => {
    const email = `gone-${Date.now()}@test.example`;
    const created = await g.service().auth.admin.createUser({ email, password: 'a long password', email_confirm: true });
    expect(created.error).toBeNull();
    const client = g.client();
    const signedIn = await client.auth.signInWithPassword({ email, password: 'a long password' });
    expect(signedIn.error).toBeNull();

    const { error, status } = await client.rpc('delete_my_account');
    expect(error).toBeNull();
    expect(status).toBe(204);
    // Signing out afterwards (what the app does) succeeds from the client's point of view.
    expect((await client.auth.signOut()).error).toBeNull();
    const again = await g.client().auth.signInWithPassword({ email, password: 'a long password' });
    expect(again.error?.message).toMatch(/invalid/i);
  });

  it('is not for visitors', async () => {
    const { error } = await g.anon().rpc('delete_my_account');
    expect(error?.code).toBe('42501');
    // A token for a user that does not exist deletes nothing and fails nothing.
    const ghost = await signToken({ sub: '00000000-0000-4000-9000-00000000dead', role: 'authenticated', aud: 'authenticated' });
    expect((await g.as(() => ghost).rpc('delete_my_account')).error).toBeNull();
  });
});
