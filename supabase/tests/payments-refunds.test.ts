// Refunds and Connect (issue 31): the team refunds a ticket or an amount, a buyer within the
// event's policy; a refund made in Stripe's Dashboard is recorded; a refunded ticket is refused at
// the door; a cancelled event refunds every paid order and tells every buyer; with Connect on, an
// organizer onboards and payments are destination charges with the platform's fee.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAppError, type Member } from './support/gather-server.ts';
import { settledMail } from './support/notification-mail.ts';
import { checkout, orderBecomes, orderRow, paidEvent, ticketStatuses } from './support/paid-events.ts';
import { startPaymentsGather, type PaymentsGather } from './support/payments.ts';

let g: PaymentsGather;
let host: Member;
let checker: Member;
let n = 0;
const buyer = () => g.member(`refund-buyer-${++n}`);

/** A paid order of `quantity` tickets (checkout, "Pay" on Stripe's page, the webhook). */
async function paidOrder(who: Member, eventId: string, typeId: string, quantity: number): Promise<{ orderId: string; tickets: string[]; pi: string }> {
  const c = await checkout(g, who, { event_id: eventId, items: [{ ticket_type_id: typeId, quantity }] });
  expect(c.status).toBe(200);
  g.stripe.pay(c.session!);
  await orderBecomes(g, c.orderId!, 'paid');
  const { rows } = await g.db.query<{ id: string }>('select id from public.tickets where order_id = $1 order by position', [c.orderId]);
  const pi = g.stripe.state.sessions.get(c.session!)!.payment_intent!;
  return { orderId: c.orderId!, tickets: rows.map((r) => r.id), pi };
}

beforeAll(async () => {
  g = await startPaymentsGather();
  [host, checker] = await Promise.all([g.member('host'), g.member('checker')]);
}, 300_000); // the server, the double and the payment functions' first bundles: minutes on a busy machine
afterAll(async () => {
  await g?.stop();
});

describe('refunds', () => {
  it('lets the team refund one ticket, then an amount; the refunded ticket is refused at the door', async () => {
    const e = await paidEvent(g, host, { days: 0.04 }); // starts within the hour: check-in is open
    await g.sqlAs(host)(`select public.add_event_host($1, 'checker', 'checker')`, [e.id]);
    const who = await buyer();
    const o = await paidOrder(who, e.id, e.types[0]!, 3);
    const one = await g.call('refund-order', host, { order_id: o.orderId, ticket_ids: [o.tickets[1]] });
    expect(one).toMatchObject({ status: 200, body: { amount: 1500, status: 'succeeded', order_status: 'partially_refunded' } });
    expect(await ticketStatuses(g, o.orderId)).toEqual(['valid', 'refunded', 'valid']);
    const some = await g.call('refund-order', host, { order_id: o.orderId, amount: 500 });
    expect(some.body).toMatchObject({ amount: 500, order_status: 'partially_refunded' });
    await g.stripe.webhooks.idle(); // charge.refunded twice: already applied, nothing counted again
    expect(await orderRow(g, o.orderId)).toMatchObject({ amount_refunded: 2000, status: 'partially_refunded' });
    const posts = g.stripe.state.requests.filter((r) => r.path === '/v1/refunds' && r.method === 'POST');
    expect(posts.map((r) => r.idempotencyKey)).toEqual([expect.stringMatching(/^refund-[0-9a-f-]{36}$/), expect.stringMatching(/^refund-[0-9a-f-]{36}$/)]);
    expect((await g.call('refund-order', host, { order_id: o.orderId, amount: 999_999 })).body).toMatchObject({ error: 'invalid_refund_amount' });

    const codes = await g.sqlAs(who)<{ d: { tickets: { code: string | null; status: string }[] } }>('select public.order_details($1) as d', [o.orderId]);
    const [first, refunded] = codes[0]!.d.tickets;
    expect(refunded!.code).toBeNull(); // no code for a ticket that is not valid
    const { rows: [code] } = await g.db.query<{ c: string }>('select private.ticket_code($1) as c', [o.tickets[1]]);
    const refusal = await expectAppError(g.sqlAs(checker)('select public.check_in_ticket($1)', [code!.c]));
    expect(refusal).toMatchObject({ code: 'ticket_refunded', message: 'This ticket was refunded.', status: 409 });
    const [ok] = await g.sqlAs(checker)<{ r: Record<string, unknown> }>('select public.check_in_ticket($1) as r', [first!.code]);
    expect(ok!.r).toMatchObject({ order_id: o.orderId, ticket_type: 'General', display_name: who.username });
    const [mail] = await settledMail(g, who, 'order_refunded');
    expect(mail!.text).toContain('€5.00');
  });

  it('lets a buyer refund whole tickets only while the event\'s policy allows', async () => {
    const none = await paidEvent(g, host);
    const who = await buyer();
    const a = await paidOrder(who, none.id, none.types[0]!, 1);
    expect((await g.call('refund-order', who, { order_id: a.orderId })).body).toMatchObject({ error: 'refund_not_allowed' });
    const flexible = await paidEvent(g, host, { refund_policy: 'until', refund_days_before: 3, days: 7 });
    const b = await paidOrder(who, flexible.id, flexible.types[0]!, 2);
    expect((await g.call('refund-order', who, { order_id: b.orderId, amount: 100 })).status).toBe(403);
    expect((await g.call('refund-order', await buyer(), { order_id: b.orderId })).body).toMatchObject({ error: 'order_not_found' });
    const back = await g.call('refund-order', who, { order_id: b.orderId });
    expect(back.body).toMatchObject({ amount: 3000, order_status: 'refunded' });
    const tight = await paidEvent(g, host, { refund_policy: 'until', refund_days_before: 3, days: 2 });
    const c = await paidOrder(who, tight.id, tight.types[0]!, 1);
    expect((await g.call('refund-order', who, { order_id: c.orderId })).status).toBe(403);
  });

  it('records a refund made in Stripe\'s Dashboard', async () => {
    const e = await paidEvent(g, host);
    const o = await paidOrder(await buyer(), e.id, e.types[0]!, 2);
    await g.sdk.refunds.create({ payment_intent: o.pi, amount: 3000 });
    const order = await orderBecomes(g, o.orderId, 'refunded');
    expect(order.amount_refunded).toBe(3000);
    expect(await ticketStatuses(g, o.orderId)).toEqual(['refunded', 'refunded']);
    const { rows } = await g.db.query('select reason, amount from public.order_refunds where order_id = $1', [o.orderId]);
    expect(rows).toEqual([{ reason: 'outside_gather', amount: 3000 }]);
  });
});

describe('a cancelled paid event', () => {
  it('refunds every paid order, ends checkouts in progress and tells every buyer', async () => {
    const e = await paidEvent(g, host, { capacity: 20 });
    const buyers = await Promise.all([buyer(), buyer(), buyer()]);
    const orders = [];
    for (const [i, who] of buyers.entries()) orders.push(await paidOrder(who, e.id, e.types[0]!, i + 1));
    const midway = await checkout(g, await buyer(), { event_id: e.id, items: [{ ticket_type_id: e.types[0], quantity: 1 }] });
    const cancelled = await (await g.as(() => g.token(host))).from('events').update({ status: 'cancelled', cancel_reason: 'The hall flooded.' }).eq('id', e.id);
    expect(cancelled.error).toBeNull();
    for (const [i, o] of orders.entries()) expect((await orderBecomes(g, o.orderId, 'refunded')).amount_refunded).toBe(1500 * (i + 1));
    expect(await orderRow(g, midway.orderId!)).toMatchObject({ status: 'cancelled' });
    for (const who of buyers) {
      const [refund] = await settledMail(g, who, 'order_refunded');
      expect(refund!.text).toContain('The event was cancelled.');
      expect(refund!.text).toContain('The hall flooded.');
      expect(await settledMail(g, who, 'event_cancelled')).toHaveLength(1);
    }
    await expect.poll(async () => (await g.sdk.checkout.sessions.retrieve(midway.session!)).status, { timeout: 90_000, interval: 500 }).toBe('expired');
  });
});

describe('Stripe Connect', () => {
  it('onboards an organizer, then takes destination charges with the platform fee and refunds them with it', async () => {
    await g.db.query('update public.payment_settings set connect_enabled = true, platform_fee_bps = 250');
    try {
      const organizer = await g.member('connect-organizer');
      const e = await paidEvent(g, organizer, {}, [{ name: 'Seat', price: 4000 }]);
      const early = await checkout(g, await buyer(), { event_id: e.id, items: [{ ticket_type_id: e.types[0], quantity: 1 }] });
      expect(early).toMatchObject({ status: 409, body: { error: 'payments_not_ready' } });
      const start = await g.call('connect-onboarding', organizer, {});
      expect(start.status).toBe(200);
      const [account] = await g.sqlAs(organizer)<{ stripe_account_id: string; charges_enabled: boolean }>('select stripe_account_id, charges_enabled from public.payment_accounts');
      expect(account).toMatchObject({ charges_enabled: false });
      expect(await g.sqlAs(host)('select * from public.payment_accounts')).toEqual([]);
      const page = await fetch(start.body.url as string, { method: 'POST', redirect: 'manual' });
      expect(page.headers.get('location')).toMatch(/\/settings\/payments\?onboarding=done$/);
      await expect.poll(async () => (await g.db.query<{ c: boolean }>('select charges_enabled as c from public.payment_accounts where stripe_account_id = $1', [account!.stripe_account_id])).rows[0]!.c, { timeout: 30_000 }).toBe(true);
      // An older account.updated delivered again changes nothing: the webhook asks Stripe for the account as it is.
      g.stripe.webhooks.resend(g.stripe.webhooks.ofType('account.updated').at(-1)!.id);
      await g.stripe.webhooks.idle();

      const o = await paidOrder(await buyer(), e.id, e.types[0]!, 2);
      const pi = g.stripe.state.paymentIntents.get(o.pi)!;
      expect(pi).toMatchObject({ amount: 8000, application_fee_amount: 200, transfer_data: { destination: account!.stripe_account_id } });
      expect((await g.db.query('select amount_fee from public.orders where id = $1', [o.orderId])).rows[0]).toEqual({ amount_fee: 200 });
      await g.call('refund-order', organizer, { order_id: o.orderId });
      const refundPost = g.stripe.state.requests.filter((r) => r.path === '/v1/refunds' && r.method === 'POST').at(-1)!;
      expect(refundPost.body).toMatchObject({ reverse_transfer: 'true', refund_application_fee: 'true' });
    } finally {
      await g.db.query('update public.payment_settings set connect_enabled = false, platform_fee_bps = 0');
    }
  });
});
