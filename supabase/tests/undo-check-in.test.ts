// Undoing a check-in at the door (issue 32): whoever may check people in can undo one; the
// guest is back as not arrived and the counts follow; nobody else can, and nothing to undo is
// said plainly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { paidEvent } from './support/paid-events.ts';
import { account, signIn } from './support/sessions.ts';

let g: GatherServer;
let host: Member, guest: Member, other: Member;
let eventId = '';
beforeAll(async () => {
  g = await startGather();
  [host, guest, other] = (await Promise.all([g.member('door_host'), g.member('door_guest'), g.member('door_other')])) as [Member, Member, Member];
  // Check-in opens two hours before the start.
  const starts = new Date(Date.now() + 3600_000);
  ({ id: eventId } = await createEvent(g, host, { starts_at: starts.toISOString(), ends_at: new Date(starts.getTime() + 3 * 3600_000).toISOString() }));
  await g.sqlAs(guest)('select public.rsvp($1)', [eventId]);
});
afterAll(() => g.stop());

const checkedIn = async () =>
  (await g.db.query<{ at: string | null }>('select checked_in_at as at from public.rsvps where event_id = $1 and user_id = $2', [eventId, guest.id])).rows[0]!.at;
const arrived = async () =>
  (await g.db.query<{ n: number }>('select checked_in_count as n from public.event_stats where event_id = $1', [eventId])).rows[0]?.n;

describe('undo_check_in', () => {
  it("puts a checked-in guest back as not arrived, and the event's counts follow", async () => {
    await g.sqlAs(host)('select public.check_in($1, $2)', [eventId, guest.id]);
    expect(await checkedIn()).not.toBeNull();
    const before = await arrived();
    const [row] = await g.sqlAs(host)<{ r: { user_id: string; checked_in_at: null } }>('select public.undo_check_in($1, $2) as r', [eventId, guest.id]);
    expect(row!.r).toMatchObject({ user_id: guest.id, checked_in_at: null });
    expect(await checkedIn()).toBeNull();
    expect(await arrived()).toBe(before! - 1);
    // Checked in again afterwards, as at the door.
    await g.sqlAs(host)('select public.check_in($1, $2)', [eventId, guest.id]);
    expect(await checkedIn()).not.toBeNull();
  });

  it('is refused to anyone who may not check people in, and says when there is nothing to undo', async () => {
    expect(await expectAppError(g.sqlAs(other)('select public.undo_check_in($1, $2)', [eventId, guest.id]))).toMatchObject({ code: 'not_host', status: 403 });
    expect(await checkedIn()).not.toBeNull();
    await g.sqlAs(host)('select public.undo_check_in($1, $2)', [eventId, guest.id]);
    expect(await expectAppError(g.sqlAs(host)('select public.undo_check_in($1, $2)', [eventId, guest.id])))
      .toEqual({ code: 'not_checked_in', message: 'This person is not checked in.', status: 409 });
    expect(await expectAppError(g.sqlAs(host)('select public.undo_check_in($1, $2)', [eventId, other.id]))).toMatchObject({ code: 'not_going', status: 404 });
    await expect(g.sqlAs('anon')('select public.undo_check_in($1, $2)', [eventId, guest.id])).rejects.toThrow(/permission denied/);
  });
});

// Paid tickets (decision 0415): the same undo, by ticket, for whoever may check people in.
describe('undo_ticket_check_in', () => {
  let ticketId = '';
  let unusedTicketId = '';
  let paidEventId = '';
  let checker: Member;
  beforeAll(async () => {
    const e = await paidEvent(g, host, { days: 0.04, capacity: 10 });
    paidEventId = e.id;
    checker = await g.member('door_checker');
    await g.sqlAs(host)(`select public.add_event_host($1, 'door_checker', 'checker')`, [e.id]);
    // A paid order as the webhook makes it: start_checkout as the buyer, complete_checkout as the service.
    const [row] = await g.sqlAs(guest)<{ o: { order_id: string; amount_total: number; currency: string } }>(
      'select public.start_checkout($1, $2::jsonb) as o', [e.id, JSON.stringify([{ ticket_type_id: e.types[0], quantity: 2 }])]);
    const o = row!.o;
    await g.sqlAs('service')(`select public.attach_checkout_session($1, $2, 'https://checkout.stripe.com/x')`, [o.order_id, `cs_test_${o.order_id}`]);
    await g.sqlAs('service')(`select public.complete_checkout($1, $2, 'paid', $3, $4, $5)`, [o.order_id, `cs_test_${o.order_id}`, o.amount_total, o.currency, `pi_${o.order_id}`]);
    const { rows } = await g.db.query<{ id: string }>('select id from public.tickets where order_id = $1 order by position', [o.order_id]);
    [ticketId, unusedTicketId] = rows.map((r) => r.id) as [string, string];
  });

  const ticketIn = async () =>
    (await g.db.query<{ at: string | null }>('select checked_in_at as at from public.tickets where id = $1', [ticketId])).rows[0]!.at;
  const paidArrived = async () =>
    (await g.db.query<{ n: number }>('select checked_in_count as n from public.event_stats where event_id = $1', [paidEventId])).rows[0]!.n;
  const seats = async () => (await g.db.query<{ n: number }>('select private.ticket_seats_taken($1) as n', [paidEventId])).rows[0]!.n;

  it('lets a host and a checker put a checked-in ticket back as not arrived; seats stay as they were', async () => {
    for (const who of [host, checker]) {
      await g.sqlAs(who)('select public.check_in_order_ticket($1)', [ticketId]);
      expect(await ticketIn()).not.toBeNull();
      expect(await paidArrived()).toBe(1);
      const seatsBefore = await seats();
      const [row] = await g.sqlAs(who)<{ r: Record<string, unknown> }>('select public.undo_ticket_check_in($1) as r', [ticketId]);
      expect(row!.r).toMatchObject({ ticket_id: ticketId, event_id: paidEventId, checked_in_at: null });
      expect(await ticketIn()).toBeNull();
      expect(await paidArrived()).toBe(0);
      expect(await seats()).toBe(seatsBefore);
    }
    // Scanned again afterwards, as at the door.
    await g.sqlAs(checker)('select public.check_in_order_ticket($1)', [ticketId]);
    expect(await ticketIn()).not.toBeNull();
  });

  it('is refused to the ticket holder, an outsider and anonymous callers; the ticket stays in', async () => {
    for (const who of [guest, other]) {
      expect(await expectAppError(g.sqlAs(who)('select public.undo_ticket_check_in($1)', [ticketId]))).toMatchObject({ code: 'not_host', status: 403 });
    }
    await expect(g.sqlAs('anon')('select public.undo_ticket_check_in($1)', [ticketId])).rejects.toThrow(/permission denied/);
    expect(await ticketIn()).not.toBeNull();
    // Nor may anyone write the column themselves: checked_in_at is the database's.
    const updated = await g.sqlAs(guest)('update public.tickets set checked_in_at = null where id = $1 returning id', [ticketId]).catch((e: { code: string }) => e.code);
    expect(updated === '42501' || (Array.isArray(updated) && updated.length === 0)).toBe(true);
    expect(await ticketIn()).not.toBeNull();
  });

  it("says plainly, in PostgREST's error shape over HTTP, when a ticket is not checked in or does not exist", async () => {
    const door = await account(g, 'door_http_host');
    const client = await signIn(g, door.email);
    // Not yet on the door team: refused before the ticket's state is said.
    const refused = await client.rpc('undo_ticket_check_in', { ticket_id: unusedTicketId });
    expect(refused.status).toBe(403);
    expect(refused.error).toMatchObject({ code: 'not_host', message: "Only the event's hosts can do that." });
    // On the door team now: a ticket never checked in.
    await g.sqlAs(host)(`select public.add_event_host($1, 'door_http_host', 'checker')`, [paidEventId]);
    const notIn = await client.rpc('undo_ticket_check_in', { ticket_id: unusedTicketId });
    expect(notIn.status).toBe(409);
    expect(notIn.error).toMatchObject({ code: 'not_checked_in', message: 'This ticket is not checked in.' });
    const missing = await client.rpc('undo_ticket_check_in', { ticket_id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.status).toBe(400);
    expect(missing.error).toMatchObject({ code: 'invalid_ticket', message: 'This ticket code is not valid.' });
    const anon = await g.anon().rpc('undo_ticket_check_in', { ticket_id: ticketId });
    expect(anon.status).toBe(401);
    expect(anon.error).toMatchObject({ code: '42501' });
  });
});
