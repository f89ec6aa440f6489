// Who sees what of paid tickets (issue 31), role by role — buyer, another member, host, co-host,
// checker, anonymous — with Stripe's ids for the buyer alone; paid tickets at the door; and the
// waitlist of a sold-out type, whose offers pass on when not taken up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledMail } from './support/notification-mail.ts';
import { appError, createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { paidEvent } from './support/paid-events.ts';

let g: GatherServer;
let host: Member;
let cohost: Member;
let checker: Member;
let buyer: Member;
let other: Member;

/** A paid order as the webhook would make it: start_checkout as the buyer, complete_checkout as the service. */
async function buy(who: Member, eventId: string, typeId: string, quantity = 1): Promise<string> {
  const [row] = await g.sqlAs(who)<{ o: { order_id: string; amount_total: number; currency: string } }>(
    'select public.start_checkout($1, $2::jsonb) as o', [eventId, JSON.stringify([{ ticket_type_id: typeId, quantity }])]);
  const o = row!.o;
  await g.sqlAs('service')(`select public.attach_checkout_session($1, $2, 'https://checkout.stripe.com/x')`, [o.order_id, `cs_test_${o.order_id}`]);
  await g.sqlAs('service')(`select public.complete_checkout($1, $2, 'paid', $3, $4, $5)`, [o.order_id, `cs_test_${o.order_id}`, o.amount_total, o.currency, `pi_${o.order_id}`]);
  return o.order_id;
}

const count = async (who: Member | 'anon', sql: string, params: unknown[]) => {
  try {
    return (await g.sqlAs(who)(sql, params)).length;
  } catch (err) {
    return appError(err)?.code ?? (err as { code: string }).code;
  }
};

beforeAll(async () => {
  g = await startGather();
  [host, cohost, checker, buyer, other] = (await Promise.all(['host', 'cohost', 'checker', 'buyer', 'other'].map((u) => g.member(u)))) as
    [Member, Member, Member, Member, Member];
});
afterAll(async () => {
  await g?.stop();
});

describe('row-level security of orders', () => {
  it('shows a buyer their order, the team the event\'s, checkers its tickets, and Stripe\'s ids to the buyer alone', async () => {
    const e = await paidEvent(g, host);
    await g.sqlAs(host)(`select public.add_event_host($1, 'cohost', 'cohost'), public.add_event_host($1, 'checker', 'checker')`, [e.id]);
    const order = await buy(buyer, e.id, e.types[0]!, 2);
    const reads: Record<string, string> = {
      orders: 'select id from public.orders where id = $1',
      order_items: 'select id from public.order_items where order_id = $1',
      tickets: 'select id from public.tickets where order_id = $1',
      order_payments: 'select checkout_session_id, payment_intent_id from public.order_payments where order_id = $1',
      order_refunds: 'select id from public.order_refunds where order_id = $1',
    };
    const seen: Record<string, Record<string, number | string>> = {};
    for (const [name, who] of Object.entries({ buyer, other, host, cohost, checker, anon: 'anon' as const })) {
      seen[name] = {};
      for (const [table, sql] of Object.entries(reads)) seen[name]![table] = await count(who, sql, [order]);
    }
    expect(seen).toEqual({
      buyer: { orders: 1, order_items: 1, tickets: 2, order_payments: 1, order_refunds: 0 },
      other: { orders: 0, order_items: 0, tickets: 0, order_payments: 0, order_refunds: 0 },
      host: { orders: 1, order_items: 1, tickets: 2, order_payments: 0, order_refunds: 0 },
      cohost: { orders: 1, order_items: 1, tickets: 2, order_payments: 0, order_refunds: 0 },
      checker: { orders: 0, order_items: 0, tickets: 2, order_payments: 0, order_refunds: 0 },
      anon: { orders: 0, order_items: 0, tickets: 0, order_payments: '42501', order_refunds: 0 },
    });
    // The team's view of an order carries no Stripe id and no ticket code.
    const [asHost] = await g.sqlAs(host)<{ d: Record<string, unknown> }>('select public.order_details($1) as d', [order]);
    expect(JSON.stringify(asHost!.d)).not.toMatch(/cs_test_|pi_/);
    expect((asHost!.d.tickets as { code: string | null }[]).every((t) => t.code === null)).toBe(true);
    expect((await expectAppError(g.sqlAs(other)('select public.order_details($1)', [order]))).code).toBe('order_not_found');
    // Writes: nobody writes orders; the buyer names holders; nobody else does.
    expect(await count(buyer, `update public.orders set amount_total = 1 where id = $1 returning id`, [order])).toBe('42501');
    expect(await count(buyer, `update public.tickets set status = 'valid' where order_id = $1 returning id`, [order])).toBe('42501');
    expect(await count(buyer, `update public.tickets set holder_name = ' Ada Lovelace ' where order_id = $1 and position = 2 returning id`, [order])).toBe(1);
    expect(await count(other, `update public.tickets set holder_name = 'Mallory' where order_id = $1 returning id`, [order])).toBe(0);
    expect(await count(host, `update public.tickets set holder_name = 'Host' where order_id = $1 returning id`, [order])).toBe(0);
    const { rows } = await g.db.query('select holder_name from public.tickets where order_id = $1 order by position', [order]);
    expect(rows).toEqual([{ holder_name: 'buyer' }, { holder_name: 'Ada Lovelace' }]);
    // Service-only procedures are closed to members.
    expect(await count(buyer, `select public.complete_checkout($1, 'cs', 'paid', 0, 'eur', 'pi')`, [order])).toBe('42501');
    expect(await count(buyer, 'select public.sweep_payments()', [])).toBe('42501');
  });

  it('lets only the operator (site admins) change the payment settings, which everyone may read', async () => {
    const admin = await g.member('payments-admin', { admin: true });
    expect(await count('anon', 'select platform_fee_bps from public.payment_settings', [])).toBe(1);
    expect(await count(host, 'update public.payment_settings set platform_fee_bps = 900 returning id', [])).toBe(0);
    expect(await count(admin, 'update public.payment_settings set platform_fee_bps = 100 returning id', [])).toBe(1);
    await g.sqlAs(admin)('update public.payment_settings set platform_fee_bps = 0');
  });
});

describe('paid tickets at the door', () => {
  it('checks a valid ticket in once, and refuses a refunded or unpaid one', async () => {
    const e = await paidEvent(g, host, { days: 0.04, capacity: 10 });
    await g.sqlAs(host)(`select public.add_event_host($1, 'checker', 'checker')`, [e.id]);
    const order = await buy(buyer, e.id, e.types[0]!, 2);
    const codes = (await g.sqlAs(buyer)<{ d: { tickets: { id: string; code: string }[] } }>('select public.order_details($1) as d', [order]))[0]!.d.tickets;
    const [ok] = await g.sqlAs(checker)<{ r: Record<string, unknown> }>('select public.check_in_ticket($1) as r', [codes[0]!.code.toUpperCase()]);
    expect(ok!.r).toMatchObject({ ticket_id: codes[0]!.id, holder_name: 'buyer' });
    expect((await expectAppError(g.sqlAs(checker)('select public.check_in_ticket($1)', [codes[0]!.code]))).code).toBe('already_checked_in');
    expect((await expectAppError(g.sqlAs(buyer)('select public.check_in_ticket($1)', [codes[1]!.code]))).code).toBe('not_host');
    const forged = codes[1]!.code.slice(0, -1) + (codes[1]!.code.endsWith('0') ? '1' : '0');
    expect((await expectAppError(g.sqlAs(checker)('select public.check_in_ticket($1)', [forged]))).code).toBe('invalid_ticket');
    const [refund] = await g.sqlAs(host)<{ r: { refund_id: string } }>('select public.request_refund($1, $2::uuid[]) as r', [order, [codes[1]!.id]]);
    await g.sqlAs('service')(`select public.apply_refund($1, 're_test_1', 'succeeded')`, [refund!.r.refund_id]);
    expect(await expectAppError(g.sqlAs(checker)('select public.check_in_ticket($1)', [codes[1]!.code]))).toMatchObject({ code: 'ticket_refunded', status: 409 });
    const [held] = await g.sqlAs(other)<{ o: { order_id: string } }>('select public.start_checkout($1, $2::jsonb) as o', [e.id, JSON.stringify([{ ticket_type_id: e.types[0], quantity: 1 }])]);
    const { rows: [heldTicket] } = await g.db.query<{ id: string }>('select id from public.tickets where order_id = $1', [held!.o.order_id]);
    expect((await expectAppError(g.sqlAs(checker)('select public.check_in_order_ticket($1)', [heldTicket!.id]))).code).toBe('ticket_not_paid');
    const [stats] = await g.sqlAs('anon')<{ ticket_count: number; checked_in_count: number }>('select ticket_count, checked_in_count from public.event_stats where event_id = $1', [e.id]);
    expect(stats).toEqual({ ticket_count: 1, checked_in_count: 1 });
  });
});

describe('the waitlist of a sold-out paid event', () => {
  it('offers a freed seat to the next in line for the host\'s deadline, passes an offer not taken up on, and keeps free events\' instant promotion', async () => {
    const e = await paidEvent(g, host, { capacity: 1, ticket_offer_hours: 6 });
    const [first, second, third] = await Promise.all(['line-1', 'line-2', 'line-3'].map((u) => g.member(u)));
    const order = await buy(buyer, e.id, e.types[0]!);
    for (const m of [first!, second!]) await g.sqlAs(m)('select public.join_ticket_waitlist($1)', [e.types[0]]);
    const [place] = await g.sqlAs(second!)<{ w: { position: number; status: string } }>('select public.join_ticket_waitlist($1) as w', [e.types[0]]);
    expect(place!.w).toMatchObject({ status: 'waiting', position: 2 });

    const [refund] = await g.sqlAs(host)<{ r: { refund_id: string } }>('select public.request_refund($1) as r', [order]);
    await g.sqlAs('service')(`select public.apply_refund($1, 're_test_2', 'succeeded')`, [refund!.r.refund_id]);
    const status = async (m: Member) => (await g.db.query<{ status: string; hours: number }>(
      `select status, round(extract(epoch from offer_expires_at - offered_at) / 3600)::int as hours from public.ticket_waitlist where user_id = $1`, [m.id])).rows[0];
    expect(await status(first!)).toEqual({ status: 'offered', hours: 6 });
    expect((await expectAppError(g.sqlAs(third!)('select public.start_checkout($1, $2::jsonb)', [e.id, JSON.stringify([{ ticket_type_id: e.types[0], quantity: 1 }])]))).code).toBe('sold_out');
    const [offer] = await settledMail(g, first!, 'ticket_offer');
    expect(offer!.subject).toBe('A ticket for Paid event is yours to take');

    await g.db.query(`update public.ticket_waitlist set offer_expires_at = now() - interval '1 second' where user_id = $1`, [first!.id]);
    await g.sqlAs('service')('select public.sweep_payments()');
    expect((await status(first!))!.status).toBe('lapsed');
    expect((await status(second!))!.status).toBe('offered');
    const taken = await buy(second!, e.id, e.types[0]!);
    expect((await g.db.query('select status from public.orders where id = $1', [taken])).rows[0]).toEqual({ status: 'paid' });
    expect((await status(second!))!.status).toBe('purchased');

    // More stock for the type frees seats for the line at once.
    const limited = await paidEvent(g, host, {}, [{ name: 'Workshop', quantity: 1 }]);
    await buy(buyer, limited.id, limited.types[0]!);
    await g.sqlAs(third!)('select public.join_ticket_waitlist($1)', [limited.types[0]]);
    await g.sqlAs(host)('update public.ticket_types set quantity = 2 where id = $1', [limited.types[0]]);
    expect((await g.db.query('select status from public.ticket_waitlist where user_id = $1 and event_id = $2', [third!.id, limited.id])).rows).toEqual([{ status: 'offered' }]);

    const free = await createEvent(g, host, { title: 'Free talk', capacity: 1 });
    await g.sqlAs(first!)('select public.rsvp($1)', [free.id]);
    await g.sqlAs(second!)('select public.rsvp($1)', [free.id]);
    await g.sqlAs(first!)('select public.cancel_rsvp($1)', [free.id]);
    const { rows } = await g.db.query('select status from public.rsvps where event_id = $1 and user_id = $2', [free.id, second!.id]);
    expect(rows).toEqual([{ status: 'going' }]);
  });
});

describe('a site without Stripe', () => {
  it('answers the minute sweep quietly: the database part runs, nothing is asked of Stripe', async () => {
    const res = await fetch(`${g.url}/functions/v1/payments-sweep`, {
      method: 'POST',
      headers: { authorization: `Bearer ${g.keys.serviceRoleKey}`, apikey: g.keys.anonKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ sessions_closed: 0, refunds_made: 0, stripe: 'not_configured' });
  });
});
