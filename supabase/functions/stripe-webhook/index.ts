// The endpoint Stripe posts events to (issue 31; decision 0283): the Stripe-Signature is checked
// over the raw body with the SDK's async verifier (400 and nothing changes when it is not
// Stripe's), an event already handled is answered at once, and each handler decides from the
// order's state, so duplicates and events out of order change nothing. Handled:
// checkout.session.completed / .async_payment_succeeded / .async_payment_failed / .expired,
// charge.refunded, account.updated. A failure answers 500 and Stripe delivers again later.
import { json } from '../_shared/cors.ts';
import { makeRefunds, serviceClient } from '../_shared/payments.ts';
import { methodNotAllowed, unavailable } from '../_shared/request.ts';
import { stripeClient, verifiedEvent, webhookSecrets, type Stripe } from '../_shared/stripe.ts';
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2';

type Session = { id: string; client_reference_id: string | null; metadata: Record<string, string> | null; payment_status: string;
  amount_total: number | null; currency: string | null; payment_intent: string | { id: string } | null };

const orderOf = (s: Session) => s.client_reference_id ?? s.metadata?.order_id ?? null;
const idOf = (v: string | { id: string } | null) => (typeof v === 'string' ? v : v?.id ?? null);

async function rpc(db: SupabaseClient, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { data, error } = await db.rpc(name, args);
  if (error) throw new Error(`${name}: ${error.message}`);
  return (data ?? {}) as Record<string, unknown>;
}

async function handle(event: Stripe.Event, db: SupabaseClient, stripe: Stripe): Promise<string> {
  const object = event.data.object as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = object as unknown as Session;
      const orderId = orderOf(s);
      if (!orderId) return 'not_ours';
      const paid = event.type === 'checkout.session.async_payment_succeeded' ? 'paid' : s.payment_status;
      const r = await rpc(db, 'complete_checkout', {
        order_id: orderId, session_id: s.id, payment_status: paid, amount_total: s.amount_total, currency: s.currency ?? '',
        payment_intent: idOf(s.payment_intent),
      });
      if (r.outcome === 'refund' && typeof r.refund_id === 'string') await makeRefunds(db, stripe, [r.refund_id]);
      if (r.outcome === 'mismatch') console.error(`stripe-webhook: session ${s.id} charged ${s.amount_total} ${s.currency}, not what order ${orderId} says`);
      return String(r.outcome);
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const s = object as unknown as Session;
      const orderId = orderOf(s);
      if (!orderId) return 'not_ours';
      const r = await rpc(db, 'close_checkout', { order_id: orderId, session_id: s.id, failed: event.type === 'checkout.session.async_payment_failed' });
      return String(r.outcome);
    }
    case 'charge.refunded': {
      const paymentIntent = idOf(object.payment_intent as string | null);
      if (!paymentIntent) return 'not_ours';
      // The refunds as Stripe lists them now, whatever order their events came in.
      const refunds = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 });
      const r = await rpc(db, 'record_charge_refunds', {
        payment_intent: paymentIntent, amount_refunded: object.amount_refunded,
        refunds: refunds.data.map((x) => ({ id: x.id, amount: x.amount, status: x.status, metadata: x.metadata })),
      });
      return String(r.outcome);
    }
    case 'account.updated': {
      const accountId = event.account ?? (object.id as string);
      // The account as it is now: an older update delivered late cannot undo a newer one.
      const account = await stripe.accounts.retrieve(accountId);
      const { data, error } = await db.rpc('update_payment_account', {
        stripe_account_id: account.id, charges_enabled: account.charges_enabled ?? false,
        payouts_enabled: account.payouts_enabled ?? false, details_submitted: account.details_submitted ?? false,
      });
      if (error) throw new Error(`update_payment_account: ${error.message}`);
      return data ? 'updated' : 'unknown_account';
    }
    default:
      return 'ignored';
  }
}

Deno.serve(async (req) => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const raw = await req.text();
  let stripe: Stripe;
  try {
    stripe = stripeClient(Deno.env);
  } catch (err) {
    return unavailable('stripe-webhook', 'reading the Stripe settings', err);
  }
  const event = await verifiedEvent(stripe, raw, req.headers.get('stripe-signature'), webhookSecrets(Deno.env));
  if (!event) return json({ error: 'invalid_signature', message: 'The Stripe-Signature header does not match this payload.' }, 400);
  const db = serviceClient(Deno.env);
  try {
    const seen = await db.rpc('stripe_event_seen', { event_id: event.id });
    if (seen.error) throw new Error(`stripe_event_seen: ${seen.error.message}`);
    if (seen.data === true) return json({ received: true, duplicate: true });
    const outcome = await handle(event, db, stripe);
    const recorded = await db.rpc('record_stripe_event', { event_id: event.id, event_type: event.type, outcome });
    if (recorded.error) throw new Error(`record_stripe_event: ${recorded.error.message}`);
    return json({ received: true, outcome });
  } catch (err) {
    return unavailable('stripe-webhook', `handling ${event.type}`, err);
  }
});
