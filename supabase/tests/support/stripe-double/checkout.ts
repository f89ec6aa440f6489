// Checkout Sessions, and the PaymentIntent and Charge a paid session makes, as Stripe's API
// reference describes them (the fields Gather and the SDK read), with Stripe's defaults: a
// session expires 24 hours after creation unless `expires_at` (30 minutes to 24 hours) says
// otherwise; amounts are integers in minor units, checked per currency.
import { randomBytes } from 'node:crypto';
import { checkAmount, checkMinimum, invalid, missing, notFound } from './errors.ts';
import { int, list, metadata, obj, str, type Form } from './form.ts';
import type { Stripe } from './state.ts';

export const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
export const now = () => Math.floor(Date.now() / 1000);

export interface LineItem { name: string; unit_amount: number; quantity: number; currency: string }
export type Session = Record<string, unknown> & {
  id: string; status: 'open' | 'complete' | 'expired'; payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_total: number; currency: string; expires_at: number; payment_intent: string | null;
  metadata: Record<string, string>; success_url: string | null; cancel_url: string | null;
  line_items_data: LineItem[]; pi_data: { metadata: Record<string, string>; destination?: string; fee?: number };
};

function lineItems(form: Form): LineItem[] {
  const items = list(form.line_items);
  if (!items || items.length === 0) throw missing('line_items');
  return items.map((raw, i) => {
    const item = obj(raw) ?? {};
    const pd = obj(item.price_data);
    if (!pd) throw invalid('You must specify either `price` or `price_data` for each line item.', `line_items[${i}][price_data]`);
    const currency = str(pd.currency)?.toLowerCase();
    if (!currency || !/^[a-z]{3}$/.test(currency)) throw missing(`line_items[${i}][price_data][currency]`);
    const name = str(obj(pd.product_data)?.name);
    if (!name && !str(pd.product)) throw missing(`line_items[${i}][price_data][product_data][name]`);
    const unit = int(pd.unit_amount);
    if (unit === undefined) throw missing(`line_items[${i}][price_data][unit_amount]`);
    checkAmount(unit, currency, `line_items[${i}][price_data][unit_amount]`);
    const quantity = int(item.quantity);
    if (quantity === undefined) throw missing(`line_items[${i}][quantity]`);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 999_999) {
      throw invalid('Quantity must be a positive integer.', `line_items[${i}][quantity]`, 'parameter_invalid_integer');
    }
    return { name: name ?? str(pd.product)!, unit_amount: unit, quantity, currency };
  });
}

export function createSession(s: Stripe, form: Form): Session {
  if (str(form.mode) === undefined) throw missing('mode');
  if (str(form.mode) !== 'payment') throw invalid('This double implements mode=payment only.', 'mode');
  const items = lineItems(form);
  const currency = items[0]!.currency;
  if (items.some((i) => i.currency !== currency)) throw invalid('All line items must have the same currency.', 'line_items');
  const total = items.reduce((sum, i) => sum + i.unit_amount * i.quantity, 0);
  checkMinimum(total, currency, 'line_items');
  const success = str(form.success_url);
  if (!success) throw missing('success_url');
  const created = now();
  const expiresAt = int(form.expires_at) ?? created + 24 * 3600;
  if (Number.isNaN(expiresAt) || expiresAt < created + 30 * 60 - 5 || expiresAt > created + 24 * 3600) {
    throw invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours after Checkout Session creation.', 'expires_at');
  }
  const pid = obj(form.payment_intent_data) ?? {};
  const destination = str(obj(pid.transfer_data)?.destination);
  const fee = int(pid.application_fee_amount);
  if (fee !== undefined) {
    if (!destination && !s.connectedAccountOfRequest) {
      throw invalid('Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).', 'payment_intent_data[application_fee_amount]');
    }
    checkAmount(fee, currency, 'payment_intent_data[application_fee_amount]');
    if (fee > total) throw invalid('Application fee amount cannot exceed the amount of the payment.', 'payment_intent_data[application_fee_amount]');
  }
  if (destination) {
    const account = s.accounts.get(destination);
    if (!account) throw notFound('account', destination);
    if (!account.charges_enabled) {
      throw invalid('Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments', 'payment_intent_data[transfer_data][destination]', 'insufficient_capabilities_for_transfer');
    }
  }
  const sid = id('cs');
  const session: Session = {
    id: sid, object: 'checkout.session', mode: 'payment', status: 'open', payment_status: 'unpaid',
    amount_subtotal: total, amount_total: total, currency, created, expires_at: expiresAt, livemode: false,
    client_reference_id: str(form.client_reference_id) ?? null, customer_email: str(form.customer_email) ?? null,
    locale: str(form.locale) ?? null, metadata: metadata(form.metadata), payment_intent: null,
    success_url: success, cancel_url: str(form.cancel_url) ?? null, url: `${s.baseUrl}/pay/${sid}`,
    payment_method_types: ['card'],
    line_items_data: items, pi_data: { metadata: metadata(pid.metadata), destination, fee },
  };
  s.sessions.set(sid, session);
  return session;
}

/** The session as the API returns it (internal bookkeeping left out). */
export function publicSession(session: Session): Record<string, unknown> {
  const { line_items_data: _items, pi_data: _pi, ...rest } = session;
  return { ...rest, url: session.status === 'open' ? rest.url : null };
}

export function lineItemList(session: Session): Record<string, unknown> {
  return {
    object: 'list', url: `/v1/checkout/sessions/${session.id}/line_items`, has_more: false,
    data: session.line_items_data.map((i, n) => ({
      id: `li_${session.id}_${n}`, object: 'item', amount_subtotal: i.unit_amount * i.quantity, amount_total: i.unit_amount * i.quantity,
      currency: i.currency, description: i.name, quantity: i.quantity, price: { unit_amount: i.unit_amount, currency: i.currency },
    })),
  };
}

export function getSession(s: Stripe, sid: string): Session {
  const session = s.sessions.get(sid);
  if (!session) throw notFound('checkout.session', sid);
  if (session.status === 'open' && session.expires_at <= now()) expireSession(s, session);
  return session;
}

export function expireSession(s: Stripe, session: Session): Session {
  if (session.status !== 'open') {
    throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`, undefined, 'checkout_session_not_open');
  }
  session.status = 'expired';
  s.emit('checkout.session.expired', publicSession(session));
  return session;
}

/**
 * The buyer pays on the hosted page. `method`: a card settles at once; a delayed method
 * ('delayed_success' / 'delayed_failure') completes the session unpaid and settles later, when
 * the test calls `settle`.
 */
export function paySession(s: Stripe, session: Session, method: 'card' | 'delayed_success' | 'delayed_failure' = 'card'): Session {
  if (session.status !== 'open' || session.expires_at <= now()) throw invalid('This Checkout Session is no longer open.', undefined, 'checkout_session_not_open');
  const piId = id('pi');
  const pi: Record<string, unknown> = {
    id: piId, object: 'payment_intent', amount: session.amount_total, amount_received: 0, currency: session.currency,
    status: 'processing', latest_charge: null, metadata: session.pi_data.metadata, created: now(), livemode: false,
    application_fee_amount: session.pi_data.fee ?? null,
    transfer_data: session.pi_data.destination ? { destination: session.pi_data.destination } : null,
  };
  s.paymentIntents.set(piId, pi);
  session.payment_intent = piId;
  session.status = 'complete';
  session.pending_method = method;
  if (method === 'card') settleIntent(s, session, true, false);
  s.emit('checkout.session.completed', publicSession(session));
  return session;
}

/** A delayed method's outcome: checkout.session.async_payment_succeeded or _failed. */
export function settle(s: Stripe, session: Session): void {
  const method = session.pending_method as string | undefined;
  if (session.status !== 'complete' || session.payment_status !== 'unpaid' || !method || method === 'card') {
    throw new Error(`stripe double: session ${session.id} has no payment waiting to settle`);
  }
  settleIntent(s, session, method === 'delayed_success', true);
}

function settleIntent(s: Stripe, session: Session, ok: boolean, emit: boolean): void {
  const pi = s.paymentIntents.get(session.payment_intent!)!;
  if (!ok) {
    pi.status = 'requires_payment_method';
    if (emit) s.emit('checkout.session.async_payment_failed', publicSession(session));
    return;
  }
  const chId = id('ch');
  s.charges.set(chId, {
    id: chId, object: 'charge', amount: session.amount_total, amount_captured: session.amount_total, amount_refunded: 0,
    captured: true, currency: session.currency, paid: true, refunded: false, status: 'succeeded', payment_intent: pi.id,
    metadata: session.pi_data.metadata, created: now(), livemode: false,
    transfer_data: pi.transfer_data, application_fee_amount: pi.application_fee_amount,
  });
  Object.assign(pi, { status: 'succeeded', amount_received: session.amount_total, latest_charge: chId });
  session.payment_status = 'paid';
  if (emit) s.emit('checkout.session.async_payment_succeeded', publicSession(session));
}
