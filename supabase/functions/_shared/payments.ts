// What the payment functions share: database clients (the caller's, for rules that depend on who
// asks; the service role's, for what only the server does), the database's errors passed on in
// the functions' shape ({error, message, details?} with the database's status), and making the
// refunds the database asked for (decision 0283).
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { json } from './cors.ts';
import { unavailable } from './request.ts';
import type { Env, Stripe } from './stripe.ts';

export function serviceClient(env: Env): SupabaseClient {
  return createClient(env.get('SUPABASE_URL')!, env.get('SUPABASE_SERVICE_ROLE_KEY')!, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

/** A client that acts as the caller (their JWT), so row-level security and auth.uid() apply. */
export function callerClient(env: Env, authorization: string): SupabaseClient {
  return createClient(env.get('SUPABASE_URL')!, env.get('SUPABASE_ANON_KEY')!, {
    global: { headers: { Authorization: authorization } },
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

/** The caller's bearer token when it is a signed-in user's (the gateway verified its signature). */
export function signedInAuthorization(req: Request): string | undefined {
  const header = req.headers.get('Authorization') ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { role?: unknown; sub?: unknown };
    return claims.role === 'authenticated' && typeof claims.sub === 'string' ? header : undefined;
  } catch {
    return undefined;
  }
}

export function notSignedIn(what: string): Response {
  return json({ error: 'not_signed_in', message: `Sign in to ${what}.` }, 401);
}

interface DbError {
  code?: string;
  message: string;
  details?: string | null;
}

/** The database's own error (a catalogue code such as sold_out) as the caller's answer; anything else is ours. */
export function fromDatabase(fn: string, what: string, error: DbError, status: number): Response {
  if (error.code && /^[a-z][a-z_]+$/.test(error.code) && status >= 400 && status < 500) {
    let details: unknown = error.details ?? undefined;
    try {
      details = typeof error.details === 'string' ? JSON.parse(error.details) : details;
    } catch {
      // a plain string, e.g. a question's id
    }
    return json({ error: error.code, message: error.message, ...(details !== undefined && details !== null ? { details } : {}) }, status);
  }
  return unavailable(fn, what, error);
}

interface DueRefund {
  refund_id: string;
  order_id: string;
  amount: number;
  reason: string;
  payment_intent_id: string | null;
  destination_account_id: string | null;
  refund_application_fee: boolean;
}

/** Whether Stripe refused for good (a 4xx), so trying again cannot help. */
function permanent(err: unknown): boolean {
  const status = (err as { statusCode?: number }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429 && status !== 409;
}

/**
 * Makes the refunds the database has asked for (the given ones, or every one due), each at
 * Stripe under its own id as the Idempotency-Key, and records what Stripe answered. A refund
 * Stripe cannot make now stays asked for, and the sweep tries it again.
 */
export async function makeRefunds(db: SupabaseClient, stripe: Stripe, refundIds?: string[]): Promise<{ made: number; failed: number }> {
  const { data, error } = await db.rpc('claim_refunds', { refund_ids: refundIds ?? null });
  if (error) throw new Error(`claim_refunds: ${error.message}`);
  let made = 0;
  let failed = 0;
  for (const r of (data ?? []) as DueRefund[]) {
    if (!r.payment_intent_id) {
      console.error(`refunds: order ${r.order_id} has no payment to refund`);
      failed++;
      continue;
    }
    try {
      const refund = await stripe.refunds.create({
        payment_intent: r.payment_intent_id,
        amount: r.amount,
        metadata: { refund_id: r.refund_id, order_id: r.order_id },
        ...(r.reason === 'requested_by_buyer' ? { reason: 'requested_by_customer' as const } : {}),
        ...(r.destination_account_id ? { reverse_transfer: true, refund_application_fee: r.refund_application_fee } : {}),
      }, { idempotencyKey: `refund-${r.refund_id}` });
      const applied = await db.rpc('apply_refund', { refund_id: r.refund_id, stripe_refund_id: refund.id, status: refund.status ?? 'succeeded' });
      if (applied.error) throw new Error(`apply_refund: ${applied.error.message}`);
      made++;
    } catch (err) {
      console.error(`refunds: refund ${r.refund_id}:`, (err as Error).message);
      if (permanent(err)) await db.rpc('apply_refund', { refund_id: r.refund_id, stripe_refund_id: null, status: 'failed' });
      failed++;
    }
  }
  return { made, failed };
}
