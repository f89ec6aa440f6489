// The payments sweep (issue 31; decision 0281), called every minute by pg_cron and at once when
// an event with paid orders is cancelled; service role only. It closes holds that lapsed (their
// Stripe sessions are ended: a session lasts at least 30 minutes at Stripe, a hold 15), passes
// lapsed waitlist offers on, and makes the refunds the database asked for (again, for any that
// failed before). Answers {expired, lapsed, sessions_closed, refunds_made, refunds_failed}. A site
// without Stripe (no STRIPE_SECRET_KEY: most installs) has no sessions to end or refunds to make;
// pg_cron still calls every minute, so that is a quiet 200 with stripe: 'not_configured'.
import { json, preflight } from '../_shared/cors.ts';
import { makeRefunds, serviceClient } from '../_shared/payments.ts';
import { methodNotAllowed, unavailable } from '../_shared/request.ts';
import { requireServiceRole } from '../_shared/service-role.ts';
import { stripeClient } from '../_shared/stripe.ts';

interface Swept {
  expired: number;
  lapsed: number;
  sessions: { order_id: string; checkout_session_id: string }[];
}

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  const denied = requireServiceRole(req, 'payments-sweep');
  if (denied) return denied;
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const db = serviceClient(Deno.env);
  try {
    const swept = await db.rpc('sweep_payments');
    if (swept.error) throw new Error(`sweep_payments: ${swept.error.message}`);
    const result = swept.data as Swept;
    if (!Deno.env.get('STRIPE_SECRET_KEY')) {
      return json({ expired: result.expired, lapsed: result.lapsed, sessions_closed: 0, refunds_made: 0, refunds_failed: 0, stripe: 'not_configured' });
    }
    let closed = 0;
    const stripe = stripeClient(Deno.env);
    for (const s of result.sessions) {
      let status = 'expired';
      try {
        await stripe.checkout.sessions.expire(s.checkout_session_id, {}, { idempotencyKey: `expire-${s.checkout_session_id}` });
      } catch (err) {
        // Already over at Stripe (expired, or paid: then its webhook decides the order's fate).
        const current = await stripe.checkout.sessions.retrieve(s.checkout_session_id).catch(() => undefined);
        if (!current || current.status === 'open') {
          console.error(`payments-sweep: session ${s.checkout_session_id}:`, (err as Error).message);
          continue;
        }
        status = current.status ?? 'expired';
      }
      await db.rpc('mark_session_closed', { order_id: s.order_id, session_status: status });
      closed++;
    }
    const refunds = await makeRefunds(db, stripe);
    return json({ expired: result.expired, lapsed: result.lapsed, sessions_closed: closed, refunds_made: refunds.made, refunds_failed: refunds.failed });
  } catch (err) {
    return unavailable('payments-sweep', 'the payments sweep', err);
  }
});
