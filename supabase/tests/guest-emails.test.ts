// The guest list's email addresses (issue 32, host tools): the event's hosts and co-hosts get
// those of the people going, waitlisted or awaiting approval; nobody else gets any.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';

let g: GatherServer;
let host: Member, going: Member, gone: Member, stranger: Member;
let eventId = '';
beforeAll(async () => {
  g = await startGather();
  [host, going, gone, stranger] = (await Promise.all(['mail_host', 'mail_going', 'mail_gone', 'mail_stranger'].map((n) => g.member(n)))) as Member[] as [Member, Member, Member, Member];
  ({ id: eventId } = await createEvent(g, host));
  await g.sqlAs(going)('select public.rsvp($1)', [eventId]);
  await g.sqlAs(gone)('select public.rsvp($1)', [eventId]);
  await g.sqlAs(gone)('select public.cancel_rsvp($1)', [eventId]);
});
afterAll(() => g.stop());

const emailOf = async (m: Member) => (await g.db.query<{ email: string }>('select email from auth.users where id = $1', [m.id])).rows[0]!.email;

describe('event_guest_emails', () => {
  it("gives the host the addresses of the people going, not of those who cancelled", async () => {
    const rows = await g.sqlAs(host)<{ user_id: string; email: string }>('select * from public.event_guest_emails($1)', [eventId]);
    expect(rows).toEqual([{ user_id: going.id, email: await emailOf(going) }]);
  });

  it('refuses a guest, a stranger and anonymous callers', async () => {
    expect(await expectAppError(g.sqlAs(going)('select * from public.event_guest_emails($1)', [eventId]))).toMatchObject({ code: 'not_host', status: 403 });
    expect(await expectAppError(g.sqlAs(stranger)('select * from public.event_guest_emails($1)', [eventId]))).toMatchObject({ code: 'not_host', status: 403 });
    await expect(g.sqlAs('anon')('select * from public.event_guest_emails($1)', [eventId])).rejects.toThrow(/permission denied/);
  });
});
