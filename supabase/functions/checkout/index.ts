// Starts a checkout (issue 31): POST {event_id, items: [{ticket_type_id, quantity}], promo_code?,
// answers?, ticket_answers?, access_code?} with the buyer's token → {url, order_id}. The database
// holds the seats (start_checkout, as the buyer); then a Stripe Checkout Session is made for
// exactly what the order says, outside any lock. A free order needs no payment: its url is the
// order page. Errors: 400 invalid_request, 401 not_signed_in, the database's own (409 sold_out,
// 404 ticket_type_not_found, 422 invalid_quantity, …), 503 unavailable. Decisions 0281, 0283.
import { json, preflight } from '../_shared/cors.ts';
import { callerClient, fromDatabase, notSignedIn, serviceClient, signedInAuthorization } from '../_shared/payments.ts';
import { badRequest, isObject, isUuid, methodNotAllowed, readJson, unavailable } from '../_shared/request.ts';
import { siteUrl } from '../_shared/site-url.ts';
import { checkoutLocale, stripeClient } from '../_shared/stripe.ts';

interface Order {
  order_id: string;
  status: string;
  currency: string;
  amount_total: number;
  amount_fee: number;
  expires_at: string | null;
  items: { name: string; unit_amount: number; quantity: number }[];
  buyer_email: string | null;
  buyer_locale: string | null;
  event: { id: string; slug: string; title: string };
  destination: string | null;
}

function checkBody(body: unknown): string | undefined {
  if (!isObject(body)) return 'Send a JSON object: {"event_id", "items": [{"ticket_type_id", "quantity"}]}.';
  if (!isUuid(body.event_id)) return '"event_id" must be an event id.';
  const items = body.items;
  if (!Array.isArray(items) || items.length < 1 || items.length > 20) return '"items" must list 1 to 20 ticket types.';
  for (const item of items) {
    if (!isObject(item) || !isUuid(item.ticket_type_id)) return 'Each item needs a "ticket_type_id".';
    if (!Number.isInteger(item.quantity) || (item.quantity as number) < 1 || (item.quantity as number) > 100) {
      return 'Each item needs a whole "quantity" from 1 to 100.';
    }
  }
  for (const key of ['promo_code', 'access_code'] as const) {
    if (body[key] !== undefined && body[key] !== null && (typeof body[key] !== 'string' || (body[key] as string).length > 100)) {
      return `"${key}" must be text.`;
    }
  }
  if (body.answers !== undefined && body.answers !== null && !isObject(body.answers)) return '"answers" must be an object keyed by question id.';
  if (body.ticket_answers !== undefined && body.ticket_answers !== null && !Array.isArray(body.ticket_answers)) {
    return '"ticket_answers" must be a list, one object per ticket.';
  }
  return undefined;
}

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const authorization = signedInAuthorization(req);
  if (!authorization) return notSignedIn('buy tickets');
  const body = await readJson(req);
  const problem = checkBody(body);
  if (problem) return badRequest(problem);
  const b = body as Record<string, unknown>;

  const caller = callerClient(Deno.env, authorization);
  const started = await caller.rpc('start_checkout', {
    event_id: b.event_id, items: b.items, promo_code: b.promo_code ?? null, answers: b.answers ?? null,
    ticket_answers: b.ticket_answers ?? null, access_code: b.access_code ?? null,
  });
  if (started.error) return fromDatabase('checkout', 'starting the checkout', started.error, started.status);
  const orderId = (started.data as { order_id: string; status: string }).order_id;
  const site = siteUrl(Deno.env, req);
  const orderUrl = `${site}/orders/${orderId}`;
  if ((started.data as { status: string }).status === 'paid') return json({ url: orderUrl, order_id: orderId });

  const db = serviceClient(Deno.env);
  try {
    const loaded = await db.rpc('order_for_payment', { order_id: orderId });
    if (loaded.error || !loaded.data) throw new Error(`order_for_payment: ${loaded.error?.message ?? 'no order'}`);
    const order = loaded.data as Order;
    const stripe = stripeClient(Deno.env);
    const now = Math.floor(Date.now() / 1000);
    const holdEnds = order.expires_at ? Math.floor(Date.parse(order.expires_at) / 1000) : now;
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: order.items.map((i) => ({
        quantity: i.quantity,
        price_data: { currency: order.currency.toLowerCase(), unit_amount: i.unit_amount, product_data: { name: `${i.name} · ${order.event.title}`.slice(0, 250) } },
      })),
      client_reference_id: orderId,
      metadata: { order_id: orderId, event_id: order.event.id },
      payment_intent_data: {
        metadata: { order_id: orderId, event_id: order.event.id },
        ...(order.destination
          ? { transfer_data: { destination: order.destination }, ...(order.amount_fee > 0 ? { application_fee_amount: order.amount_fee } : {}) }
          : {}),
      },
      ...(order.buyer_email ? { customer_email: order.buyer_email } : {}),
      locale: checkoutLocale(order.buyer_locale) as never,
      success_url: `${orderUrl}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${site}/events/${encodeURIComponent(order.event.slug)}?checkout=cancelled&order=${orderId}`,
      // Stripe's shortest session is 30 minutes; a shorter hold ends its session early (payments-sweep).
      expires_at: Math.max(holdEnds + 60, now + 31 * 60),
    }, { idempotencyKey: `checkout-session-${orderId}` });
    const saved = await db.rpc('attach_checkout_session', { order_id: orderId, session_id: session.id, url: session.url, destination: order.destination });
    if (saved.error) throw new Error(`attach_checkout_session: ${saved.error.message}`);
    return json({ url: session.url, order_id: orderId });
  } catch (err) {
    // The seats go back at once rather than at the end of the hold.
    await caller.rpc('cancel_checkout', { order_id: orderId });
    return unavailable('checkout', 'starting the payment', err);
  }
});
