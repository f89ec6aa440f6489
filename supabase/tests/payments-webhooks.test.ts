// Stripe's webhooks as Stripe sends them (the double signs and delivers them): a bad signature
// changes nothing; the same event twice, or events out of order, change nothing the second time;
// a delayed payment settles or fails; a payment that completes after its hold lapsed gets its
// seat if one is free, else it is refunded and the buyer told; the sweep ends lapsed sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from './support/gather-server.ts';
import { settledMail } from './support/notification-mail.ts';
import { checkout, orderBecomes, orderRow, paidEvent, seatsHeld, ticketStatuses } from './support/paid-events.ts';
import { startPaymentsGather, type PaymentsGather } from './support/payments.ts';

let g: PaymentsGather;
let host: Member;
let n = 0;
const buyer = () => g.member(`webhook-buyer-${++n}`);

/** Ends an order's hold now, as 15 minutes passing would (the sweep has not run yet). */
async function lapse(orderId: string): Promise<void> {
  await g.db.query(`update public.orders set expires_at = now() - interval '1 second' where id = $1`, [orderId]);
  await g.db.query(`update public.tickets set held_until = now() - interval '1 second' where order_id = $1`, [orderId]);
}

async function postEvent(payload: string, secret = g.stripe.webhookSecret, header?: string) {
  const signature = header ?? g.sdk.webhooks.generateTestHeaderString({ payload, secret });
  const res = await fetch(`${g.url}/functions/v1/stripe-webhook`, { method: 'POST', headers: { 'stripe-signature': signature, 'content-type': 'application/json' }, body: payload });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  g = await startPaymentsGather();
  host = await g.member('host');
}, 300_000); // the server, the double and the payment functions' first bundles: minutes on a busy machine
afterAll(async () => {
  await g?.stop();
});

describe('stripe-webhook', () => {
  it('refuses a bad signature with 400 and changes nothing', async () => {
    const e = await paidEvent(g, host);
    const paid = await checkout(g, await buyer(), { event_id: e.id, items: [{ ticket_type_id: e.types[0], quantity: 1 }] });
    g.stripe.pay(paid.session!);
    await orderBecomes(g, paid.orderId!, 'paid');
    const template = g.stripe.webhooks.ofType('checkout.session.completed').find((x) => x.data.object.id === paid.session)!;
    const pending = await checkout(g, await buyer(), { event_id: e.id, items: [{ ticket_type_id: e.types[0], quantity: 1 }] });
    const payload = JSON.stringify({ ...template, id: 'evt_forged', data: { object: {
      ...template.data.object, id: pending.session, client_reference_id: pending.orderId, metadata: { order_id: pending.orderId } } } });
    expect(await postEvent(payload, 'whsec_not_the_secret')).toMatchObject({ status: 400, body: { error: 'invalid_signature' } });
    const signed = g.sdk.webhooks.generateTestHeaderString({ payload, secret: g.stripe.webhookSecret });
    expect((await postEvent(payload.replace('"paid"', '"unpaid"'), undefined, signed)).status).toBe(400); // altered after signing
    const stale = g.sdk.webhooks.generateTestHeaderString({ payload, secret: g.stripe.webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect((await postEvent(payload, undefined, stale)).status).toBe(400); // older than Stripe's 300 s tolerance
    expect((await fetch(`${g.url}/functions/v1/stripe-webhook`, { method: 'POST', body: payload })).status).toBe(400);
    expect(await orderRow(g, pending.orderId!)).toMatchObject({ status: 'pending' });
    expect((await g.db.query(`select 1 from private.stripe_events where id = 'evt_forged'`)).rows).toEqual([]);
  });

  it('handles the same event delivered twice, and `expired` after `completed`, once', async () => {
    const e = await paidEvent(g, host);
    const who = await buyer();
    const c = await checkout(g, who, { event_id: e.id, items: [{ ticket_type_id: e.types[0], quantity: 2 }] });
    g.stripe.webhooks.hold();
    g.stripe.pay(c.session!);
    const [completed] = g.stripe.webhooks.release({ duplicate: true });
    await g.stripe.webhooks.idle();
    await orderBecomes(g, c.orderId!, 'paid');
    const deliveries = g.stripe.webhooks.deliveries.filter((d) => d.eventId === completed!.id);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200]);
    const expired = JSON.stringify({ ...completed, id: `${completed!.id}_x`, type: 'checkout.session.expired', data: { object: { ...completed!.data.object, status: 'expired' } } });
    expect(await postEvent(expired)).toMatchObject({ status: 200, body: { outcome: 'already' } });
    expect(await orderRow(g, c.orderId!)).toMatchObject({ status: 'paid' });
    expect(await ticketStatuses(g, c.orderId!)).toEqual(['valid', 'valid']);
    expect(await settledMail(g, who, 'order_paid')).toHaveLength(1);
  });

  it('settles a delayed payment whichever of its two events comes first, and releases the seats of a failed one', async () => {
    const e = await paidEvent(g, host, { capacity: 3 });
    const c = await checkout(g, await buyer(), { event_id: e.id, items: [{ ticket_type_id: e.types[0], quantity: 1 }] });
    g.stripe.webhooks.hold();
    g.stripe.pay(c.session!, 'delayed_success');
    g.stripe.settle(c.session!);
    const events = g.stripe.webhooks.release({ order: 'reverse' });
    expect(events.map((x) => x.type)).toEqual(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
    await g.stripe.webhooks.idle();
    await orderBecomes(g, c.orderId!, 'paid');

    const f = await checkout(g, await buyer(), { event_id: e.id, items: [{ ticket_type_id: e.types[0], quantity: 2 }] });
    g.stripe.pay(f.session!, 'delayed_failure');
    await orderBecomes(g, f.orderId!, 'processing');
    expect(await seatsHeld(g, e.id)).toBe(3); // held while it settles, past the 15 minutes
    g.stripe.settle(f.session!);
    await orderBecomes(g, f.orderId!, 'failed');
    expect(await seatsHeld(g, e.id)).toBe(1);
  });
});

describe('a payment after its hold lapsed', () => {
  it('gets its seat when one is still free', async () => {
    const e = await paidEvent(g, host, { capacity: 2 });
    const c = await checkout(g, await buyer(), { event_id: e.id, items: [{ ticket_type_id: e.types[0], quantity: 1 }] });
    await lapse(c.orderId!);
    g.stripe.pay(c.session!);
    await orderBecomes(g, c.orderId!, 'paid');
    expect(await ticketStatuses(g, c.orderId!)).toEqual(['valid']);
  });

  it('is refunded in full, and the buyer told, when its seat was sold meanwhile: never one ticket too many', async () => {
    const e = await paidEvent(g, host, { capacity: 1 });
    const late = await buyer();
    const a = await checkout(g, late, { event_id: e.id, items: [{ ticket_type_id: e.types[0], quantity: 1 }] });
    await lapse(a.orderId!);
    const b = await checkout(g, await buyer(), { event_id: e.id, items: [{ ticket_type_id: e.types[0], quantity: 1 }] });
    expect(b.status).toBe(200);
    g.stripe.pay(b.session!);
    await orderBecomes(g, b.orderId!, 'paid');
    g.stripe.pay(a.session!);
    const refunded = await orderBecomes(g, a.orderId!, 'refunded');
    expect(refunded.amount_refunded).toBe(1500);
    const refund = [...g.stripe.state.refunds.values()].find((r) => (r.metadata as Record<string, string>).order_id === a.orderId);
    expect(refund).toMatchObject({ amount: 1500, status: 'succeeded' });
    const { rows } = await g.db.query<{ n: number }>(`select count(*)::int as n from public.tickets where event_id = $1 and status = 'valid'`, [e.id]);
    expect(rows[0]!.n).toBe(1);
    const [mail] = await settledMail(g, late, 'order_refunded');
    expect(mail!.text).toContain('the event was full');
  });

  it('is closed by the sweep, which ends its Stripe session; Stripe\'s `expired` then changes nothing', async () => {
    const e = await paidEvent(g, host, { capacity: 5 });
    const c = await checkout(g, await buyer(), { event_id: e.id, items: [{ ticket_type_id: e.types[0], quantity: 2 }] });
    await lapse(c.orderId!);
    expect(await seatsHeld(g, e.id)).toBe(0); // a lapsed hold counts for nobody, before any sweep
    const swept = await g.call('payments-sweep', 'service');
    expect(swept).toMatchObject({ status: 200, body: { expired: 1, sessions_closed: 1 } });
    expect(await orderRow(g, c.orderId!)).toMatchObject({ status: 'expired' });
    expect((await g.sdk.checkout.sessions.retrieve(c.session!)).status).toBe('expired');
    const expire = g.stripe.state.requests.find((r) => r.path === `/v1/checkout/sessions/${c.session}/expire`);
    expect(expire?.idempotencyKey).toBe(`expire-${c.session}`);
    await g.stripe.webhooks.idle();
    const [evt] = g.stripe.webhooks.ofType('checkout.session.expired').filter((x) => x.data.object.id === c.session);
    const { rows } = await g.db.query<{ outcome: string }>('select outcome from private.stripe_events where id = $1', [evt!.id]);
    expect(rows[0]!.outcome).toBe('already');
    expect((await g.call('payments-sweep', host)).status).toBe(403);
  });
});
