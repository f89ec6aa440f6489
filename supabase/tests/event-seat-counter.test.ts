import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';

// Issue 35 item 3 (decision 0395): RSVPs and checkouts claim their seats on a maintained counter
// (private.event_seats) instead of recounting under the event's lock. The counter must say what a
// recount says after every path that moves seats, clients must not reach it, and a crowd of
// buyers must not get one ticket more than a type's stock or the event's capacity.

let g: GatherServer;
let host: Member;
let n = 0;
const person = () => g.member(`seat-person-${++n}`);

beforeAll(async () => {
  g = await startGather();
  host = await g.member('host');
}, 120_000);
afterAll(() => g.stop());

/** The counter, the stats and the waitlist's last position agree with a recount of the rows. */
async function expectExact(eventId: string): Promise<void> {
  const { rows } = await g.db.query<{ taken: number; counted: number; last: number; top: number }>(
    `select s.taken, private.seats_taken($1) as counted, s.waitlist_last::int as last,
            coalesce((select max(waitlist_position) from public.rsvps where event_id = $1), 0)::int as top
     from private.event_seats s where s.event_id = $1`, [eventId]);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.taken).toBe(rows[0]!.counted);
  expect(rows[0]!.last).toBeGreaterThanOrEqual(rows[0]!.top);
  const stats = 'select going_count, guest_count, waitlist_count, pending_count, checked_in_count, ticket_count, spots_left from public.event_stats where event_id = $1';
  const kept = (await g.db.query(stats, [eventId])).rows[0];
  await g.db.query('select private.refresh_event_stats($1)', [eventId]);
  expect(kept).toEqual((await g.db.query(stats, [eventId])).rows[0]);
}

const rsvp = (who: Member, eventId: string, guests = 0) =>
  g.sqlAs(who)<{ r: { status: string; waitlist_position: number | null; spots_left: number | null } }>(
    'select public.rsvp($1, $2) as r', [eventId, guests]).then((rows) => rows[0]!.r);

describe('the seat counter', () => {
  it('is not readable or writable by clients', async () => {
    const e = await createEvent(g, host, { capacity: 5 });
    for (const who of [host, 'anon' as const]) {
      await expect(g.sqlAs(who)('select * from private.event_seats')).rejects.toThrow(/permission denied/);
      await expect(g.sqlAs(who)('update private.event_seats set taken = 0 where event_id = $1', [e.id])).rejects.toThrow(/permission denied/);
    }
    const res = await g.fetch('/rest/v1/event_seats?select=*', { headers: { apikey: g.keys.anonKey } });
    expect(res.status).toBe(404);
  });

  it('stays exact through RSVPs, guests, cancellations, promotions, capacity edits and re-RSVPs', async () => {
    const e = await createEvent(g, host, { capacity: 3, plus_ones_max: 2, waitlist_enabled: true });
    const [a, b, c, d] = [await person(), await person(), await person(), await person()];
    expect(await rsvp(a, e.id, 1)).toMatchObject({ status: 'going', spots_left: 1 });
    expect(await rsvp(b, e.id)).toMatchObject({ status: 'going', spots_left: 0 });
    expect(await rsvp(c, e.id, 1)).toMatchObject({ status: 'waitlisted', waitlist_position: 1 });
    expect(await rsvp(d, e.id)).toMatchObject({ status: 'waitlisted', waitlist_position: 2 });
    await expectExact(e.id);

    await rsvp(a, e.id, 0); // one guest fewer, through the locked path: a seat frees, nobody is promoted by it
    await expectExact(e.id);
    await g.sqlAs(b)('select public.cancel_rsvp($1)', [e.id]); // two seats free: c (with a guest) goes
    expect((await g.db.query('select status from public.rsvps where event_id = $1 and user_id = $2', [e.id, c.id])).rows[0]).toEqual({ status: 'going' });
    await expectExact(e.id);
    await g.sqlAs(host)('update public.events set capacity = 4 where id = $1', [e.id]); // d goes
    expect((await g.db.query('select status from public.rsvps where event_id = $1 and user_id = $2', [e.id, d.id])).rows[0]).toEqual({ status: 'going' });
    await expectExact(e.id);
    await g.sqlAs(host)('update public.events set capacity = 2 where id = $1', [e.id]); // nobody loses a seat
    await expectExact(e.id);
    await g.sqlAs(d)('select public.cancel_rsvp($1)', [e.id]);
    await expectExact(e.id);
    expect(await rsvp(b, e.id)).toMatchObject({ status: 'waitlisted', waitlist_position: 1 }); // back, after a cancellation
    await g.sqlAs(b)('select public.cancel_rsvp($1)', [e.id]);
    await expectExact(e.id);
  });

  it('counts approvals: a request takes no seat, an approval does', async () => {
    const e = await createEvent(g, host, { capacity: 2, requires_approval: true });
    const [a, b] = [await person(), await person()];
    expect(await rsvp(a, e.id)).toMatchObject({ status: 'pending' });
    expect(await rsvp(b, e.id)).toMatchObject({ status: 'pending' });
    await expectExact(e.id);
    await g.sqlAs(host)('select public.decide_rsvp($1, $2, true)', [e.id, a.id]);
    await expectExact(e.id);
    await g.sqlAs(b)('select public.cancel_rsvp($1)', [e.id]);
    await expectExact(e.id);
  });

  it('gives one row and one seat to the same person RSVPing twice at once', async () => {
    const e = await createEvent(g, host, { capacity: 10 });
    const a = await person();
    const answers = await Promise.all([rsvp(a, e.id), rsvp(a, e.id), rsvp(a, e.id)]);
    expect(answers.map((x) => x.status)).toEqual(['going', 'going', 'going']);
    expect((await g.db.query('select taken from private.event_seats where event_id = $1', [e.id])).rows[0]).toEqual({ taken: 1 });
    await expectExact(e.id);
  });

  it('says full to a crowd without a waitlist, and no one more goes', async () => {
    const e = await createEvent(g, host, { capacity: 3, waitlist_enabled: false });
    const crowd = await Promise.all(Array.from({ length: 8 }, () => person()));
    const answers = await Promise.all(crowd.map((p) => rsvp(p, e.id).then(() => 'going', (err: unknown) => expectAppError(Promise.reject(err)).then((a) => a.code))));
    expect(answers.filter((x) => x === 'going')).toHaveLength(3);
    expect(new Set(answers.filter((x) => x !== 'going'))).toEqual(new Set(['event_full']));
    await expectExact(e.id);
  });
});

describe('checking out at once', () => {
  const BUYERS = 160;
  const SEATS = 40;
  const STOCK = 15;

  it(`sells at most ${STOCK} of a limited type and ${SEATS} seats in all to ${BUYERS} buyers at once, and a lapsed hold frees its seat`, async () => {
    const e = await createEvent(g, host, { title: 'Paid crowd', currency: 'EUR', capacity: SEATS });
    const [limited] = await g.sqlAs(host)<{ id: string }>(
      `insert into public.ticket_types (event_id, name, price, quantity, max_per_order) values ($1, 'Front row', 3000, $2, 2) returning id`, [e.id, STOCK]);
    const [general] = await g.sqlAs(host)<{ id: string }>(
      `insert into public.ticket_types (event_id, name, price, max_per_order) values ($1, 'General', 1500, 2) returning id`, [e.id]);
    const { rows } = await g.db.query<{ id: string }>(
      `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
       select gen_random_uuid(), 'authenticated', 'authenticated', 'buyer-' || i || '@test.example', '{"provider":"email"}',
              jsonb_build_object('username', 'seat_buyer_' || i, 'display_name', 'Buyer ' || i), now(), now(), now()
       from generate_series(1, ${BUYERS}) i returning id`);
    const tokens = await Promise.all(rows.map((r) => signToken({ sub: r.id, role: 'authenticated', aud: 'authenticated' })));

    // Every other buyer wants the front row; every third two tickets.
    const answers = await Promise.all(tokens.map(async (token, i) => {
      const res = await g.fetch('/rest/v1/rpc/start_checkout', {
        method: 'POST',
        headers: { apikey: g.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ event_id: e.id, items: [{ ticket_type_id: i % 2 === 0 ? limited!.id : general!.id, quantity: i % 3 === 0 ? 2 : 1 }] }),
      });
      return { status: res.status, body: (await res.json()) as { code?: string; message?: string } };
    }));
    expect(answers.filter((a) => a.status !== 200 && !(a.status === 409 && a.body.code === 'sold_out'))).toEqual([]);

    const held = await g.db.query<{ type: string; n: number }>(
      `select ticket_type_id as type, count(*)::int as n from public.tickets where event_id = $1 and status = 'held' group by 1`, [e.id]);
    const byType = Object.fromEntries(held.rows.map((r) => [r.type, r.n]));
    expect(byType[limited!.id]).toBeLessThanOrEqual(STOCK);
    expect(byType[limited!.id]).toBeGreaterThanOrEqual(STOCK - 1); // a pair can be refused for the last one
    expect((byType[limited!.id] ?? 0) + (byType[general!.id] ?? 0)).toBeGreaterThanOrEqual(SEATS - 1);
    expect((byType[limited!.id] ?? 0) + (byType[general!.id] ?? 0)).toBeLessThanOrEqual(SEATS);
    const orders = await g.db.query<{ n: number }>(`select count(*)::int as n from public.orders where event_id = $1 and status = 'pending'`, [e.id]);
    expect(orders.rows[0]!.n).toBe(answers.filter((a) => a.status === 200).length);
    const typeCounts = await g.db.query<{ id: string; held_count: number }>('select id, held_count from public.ticket_types where event_id = $1', [e.id]);
    for (const t of typeCounts.rows) expect(t.held_count).toBe(byType[t.id] ?? 0);
    await expectExact(e.id);

    // Fill the last seat if one is left, then let one order's hold lapse by the clock: the next buyer gets its seats.
    const late = await person();
    const fill = await g.sqlAs(late)<{ o: { id: string } }>(`select public.start_checkout($1, $2::jsonb) as o`,
      [e.id, JSON.stringify([{ ticket_type_id: general!.id, quantity: 1 }])]).catch(() => undefined);
    expect(await expectAppError(g.sqlAs(await person())(`select public.start_checkout($1, $2::jsonb)`,
      [e.id, JSON.stringify([{ ticket_type_id: general!.id, quantity: 1 }])]))).toMatchObject({ code: 'sold_out' });
    const lapsed = fill?.[0]?.o.id ?? (await g.db.query<{ id: string }>(`select id from public.orders where event_id = $1 and status = 'pending' limit 1`, [e.id])).rows[0]!.id;
    await g.db.query(`update public.orders set expires_at = now() - interval '1 second' where id = $1`, [lapsed]);
    await g.db.query(`update public.tickets set held_until = now() - interval '1 second' where order_id = $1`, [lapsed]);
    const next = await g.sqlAs(await person())<{ o: { status: string } }>(`select public.start_checkout($1, $2::jsonb) as o`,
      [e.id, JSON.stringify([{ ticket_type_id: general!.id, quantity: 1 }])]);
    expect(next[0]!.o.status).toBe('pending');
    await expectExact(e.id);
  }, 180_000);
});
