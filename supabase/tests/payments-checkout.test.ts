// Checkout through the `checkout` function, Stripe's hosted page (the double) and the webhook:
// the order, its tickets and the receipt; amounts as Stripe charges them; the functions' errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from './support/gather-server.ts';
import { settledMail } from './support/notification-mail.ts';
import { checkout, orderBecomes, orderRow, paidEvent, ticketStatuses } from './support/paid-events.ts';
import { startPaymentsGather, type PaymentsGather } from './support/payments.ts';

let g: PaymentsGather;
let host: Member;
let buyer: Member;

beforeAll(async () => {
  g = await startPaymentsGather();
  [host, buyer] = await Promise.all([g.member('host'), g.member('buyer')]);
}, 300_000); // the server, the double and the payment functions' first bundles: minutes on a busy machine
afterAll(async () => {
  await g?.stop();
});

describe('checkout', () => {
  it('holds the seats, sends the buyer to Stripe for exactly the order, and a paid session makes valid tickets and a receipt', async () => {
    const e = await paidEvent(g, host, { capacity: 10 }, [{ name: 'General', price: 1500 }, { name: 'Student', price: 800 }]);
    const res = await checkout(g, buyer, { event_id: e.id, items: [{ ticket_type_id: e.types[0], quantity: 2 }, { ticket_type_id: e.types[1], quantity: 1 }] });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\/cs_test_/);
    const order = await orderRow(g, res.orderId!);
    expect(order).toMatchObject({ status: 'pending', amount_total: 3800, currency: 'EUR' });
    expect(await ticketStatuses(g, order.id)).toEqual(['held', 'held', 'held']);

    const session = await g.sdk.checkout.sessions.retrieve(res.session!);
    expect(session).toMatchObject({ status: 'open', amount_total: 3800, currency: 'eur', client_reference_id: order.id, customer_email: 'buyer@test.example' });
    // Stripe's shortest session is 30 minutes; the hold (15) is ended early by the sweep.
    expect(session.expires_at - session.created).toBeGreaterThanOrEqual(30 * 60);
    const lines = await g.sdk.checkout.sessions.listLineItems(res.session!);
    expect(lines.data.map((l) => [l.quantity, l.amount_total])).toEqual([[2, 3000], [1, 800]]);
    const post = g.stripe.state.requests.find((r) => r.path === '/v1/checkout/sessions' && r.method === 'POST');
    expect(post?.idempotencyKey).toBe(`checkout-session-${order.id}`);

    g.stripe.pay(res.session!);
    await orderBecomes(g, order.id, 'paid');
    expect(await ticketStatuses(g, order.id)).toEqual(['valid', 'valid', 'valid']);
    const [receipt] = await settledMail(g, buyer, 'order_paid');
    expect(receipt!.subject).toContain('Paid event');
    expect(receipt!.text).toContain('€38.00');
  });

  it('charges yen as whole yen and sends the receipt in the buyer\'s language', async () => {
    const e = await paidEvent(g, host, { title: 'Tokyo meetup', currency: 'JPY' }, [{ name: 'Seat', price: 1500 }]);
    const amelie = await g.member('amelie');
    await g.db.query(`update public.profiles set locale = 'fr' where id = $1`, [amelie.id]);
    const res = await checkout(g, amelie, { event_id: e.id, items: [{ ticket_type_id: e.types[0], quantity: 2 }] });
    const session = await g.sdk.checkout.sessions.retrieve(res.session!);
    expect(session).toMatchObject({ amount_total: 3000, currency: 'jpy', locale: 'fr' });
    g.stripe.pay(res.session!);
    await orderBecomes(g, res.orderId!, 'paid');
    const [receipt] = await settledMail(g, amelie, 'order_paid');
    expect(receipt!.subject).toBe('Vos billets pour Tokyo meetup');
    expect(receipt!.text).toMatch(/Total\u202f: 3\s000\sJPY/); // CLDR French writes the yen as JPY
  });

  it('answers a sold-out event in the functions\' shape and holds nothing', async () => {
    const e = await paidEvent(g, host, { capacity: 2 });
    const first = await checkout(g, buyer, { event_id: e.id, items: [{ ticket_type_id: e.types[0], quantity: 2 }] });
    expect(first.status).toBe(200);
    const other = await g.member('other-buyer');
    const second = await checkout(g, other, { event_id: e.id, items: [{ ticket_type_id: e.types[0], quantity: 1 }] });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: 'sold_out', message: 'Sold out: not enough tickets left.', details: { left: 0 } });
  });

  it('refuses malformed requests and anonymous callers', async () => {
    expect((await g.call('checkout', 'anon', { event_id: crypto.randomUUID(), items: [] })).body).toMatchObject({ error: 'not_signed_in' });
    const bad = await g.call('checkout', buyer, { event_id: 'x', items: [] });
    expect(bad).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
  });
});
