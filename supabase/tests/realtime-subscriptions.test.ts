import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectChanges } from '../../server/test/helpers/realtime.ts';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { createEvent, startGather, type GatherServer, type Member } from './support/gather-server.ts';

let g: GatherServer;
let H: Member, A: Member, M: Member;
let pub: string, priv: string;
const client = async (m: Member) => {
  const token = await signToken(m.claims);
  return g.as(() => token);
};

beforeAll(async () => {
  g = await startGather();
  [H, A, M] = (await Promise.all([g.member('host'), g.member('attendee'), g.member('member')])) as [Member, Member, Member];
  pub = (await createEvent(g, H, { title: 'Public', capacity: 10 })).id;
  priv = (await createEvent(g, H, { title: 'Private', visibility: 'private' })).id;
  await g.sqlAs(H)('insert into public.event_invites (event_id, user_id, invited_by) values ($1, $2, $3)', [priv, A.id, H.id]);
});
afterAll(() => g.stop());

describe('realtime subscriptions follow row-level security', () => {
  it('live counts reach anyone who may see the event, and nobody else', async () => {
    const anon = collectChanges(g.anon(), 'stats-anon', { table: 'event_stats', event: 'UPDATE' });
    const member = collectChanges(await client(M), 'stats-member', { table: 'event_stats', event: 'UPDATE' });
    await Promise.all([anon.ready, member.ready]);
    await g.sqlAs(A)('select public.rsvp($1)', [priv]);
    await g.sqlAs(A)('select public.rsvp($1)', [pub]);
    await expect.poll(() => anon.got.map((p) => p.new.event_id)).toEqual([pub]);
    expect(anon.got[0]!.new).toMatchObject({ going_count: 1, spots_left: 9 });
    await expect.poll(() => member.got.map((p) => p.new.event_id)).toEqual([pub]);
  });

  it('RSVP changes reach the member and the hosts, not other members', async () => {
    const host = collectChanges(await client(H), 'rsvps-host', { table: 'rsvps', filter: `event_id=eq.${pub}` });
    const self = collectChanges(await client(A), 'rsvps-self', { table: 'rsvps', filter: `user_id=eq.${A.id}` });
    const other = collectChanges(await client(M), 'rsvps-other', { table: 'rsvps', event: 'UPDATE' });
    await Promise.all([host.ready, self.ready, other.ready]);
    await g.sqlAs(A)('select public.cancel_rsvp($1)', [pub]);
    await expect.poll(() => host.got.map((p) => p.new.status)).toEqual(['cancelled']);
    await expect.poll(() => self.got.map((p) => p.new.status)).toEqual(['cancelled']);
    // M may see going RSVPs only; a cancelled one is not theirs to see. A later change M may see
    // arrives, so the earlier one was never coming.
    await g.sqlAs(A)('select public.rsvp($1)', [pub]);
    await expect.poll(() => other.got.map((p) => p.new.status)).toEqual(['going']);
  });

  it('comments arrive live for visible events only, and hidden ones stop', async () => {
    const anon = collectChanges(g.anon(), 'comments-anon', { table: 'comments', event: 'INSERT' });
    await anon.ready;
    await g.sqlAs(A)(`insert into public.comments (event_id, author_id, body) values ($1, $2, 'private hello')`, [priv, A.id]);
    await g.sqlAs(A)(`insert into public.comments (event_id, author_id, body) values ($1, $2, 'public hello')`, [pub, A.id]);
    await expect.poll(() => anon.got.map((p) => p.new.body)).toEqual(['public hello']);
  });

  it('notifications reach only their recipient', async () => {
    const a = collectChanges(await client(A), 'notes-a', { table: 'notifications', event: 'INSERT' });
    const m = collectChanges(await client(M), 'notes-m', { table: 'notifications', event: 'INSERT' });
    await Promise.all([a.ready, m.ready]);
    await g.sqlAs('service')(`insert into public.notifications (user_id, kind) values ($1, 'for-a'), ($2, 'for-m')`, [A.id, M.id]);
    await expect.poll(() => a.got.map((p) => p.new.kind)).toEqual(['for-a']);
    await expect.poll(() => m.got.map((p) => p.new.kind)).toEqual(['for-m']);
  });
});
