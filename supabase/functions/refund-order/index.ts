// Refunds an order (issue 31; decision 0283): POST {order_id, ticket_ids?, amount?} with the
// caller's token. The database decides whether the caller may (the buyer: whole tickets, while
// the event's refund policy allows; the event's team: any tickets, any amount up to what is
// left) and what; then the refund is made at Stripe with its id as the Idempotency-Key. Answers
// {refund_id, amount, status, order_status}; a refund Stripe cannot make now stays asked for and
// the sweep tries again ({status: 'requested'}).
import { json, preflight } from '../_shared/cors.ts';
import { callerClient, fromDatabase, makeRefunds, notSignedIn, serviceClient, signedInAuthorization } from '../_shared/payments.ts';
import { badRequest, isObject, isUuid, methodNotAllowed, readJson, unavailable } from '../_shared/request.ts';
import { stripeClient } from '../_shared/stripe.ts';

function checkBody(body: unknown): string | undefined {
  if (!isObject(body) || !isUuid(body.order_id)) return 'Send {"order_id", "ticket_ids"?, "amount"?}.';
  if (body.ticket_ids !== undefined && body.ticket_ids !== null
      && (!Array.isArray(body.ticket_ids) || body.ticket_ids.length === 0 || body.ticket_ids.length > 100 || !body.ticket_ids.every(isUuid))) {
    return '"ticket_ids" must list the tickets to refund.';
  }
  if (body.amount !== undefined && body.amount !== null && (!Number.isInteger(body.amount) || (body.amount as number) < 1)) {
    return '"amount" must be a whole number of the currency\'s smallest unit (cents).';
  }
  return undefined;
}

Deno.serve(async (req) => {
  const early = preflight(req);
  if (early) return early;
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const authorization = signedInAuthorization(req);
  if (!authorization) return notSignedIn('refund an order');
  const body = await readJson(req);
  const problem = checkBody(body);
  if (problem) return badRequest(problem);
  const b = body as { order_id: string; ticket_ids?: string[] | null; amount?: number | null };

  const asked = await callerClient(Deno.env, authorization).rpc('request_refund', {
    order_id: b.order_id, ticket_ids: b.ticket_ids ?? null, amount: b.amount ?? null,
  });
  if (asked.error) return fromDatabase('refund-order', 'asking for the refund', asked.error, asked.status);
  const refund = asked.data as { refund_id: string | null; amount: number; status: string };
  if (!refund.refund_id) return json({ ...refund, order_status: 'cancelled' });
  const db = serviceClient(Deno.env);
  try {
    await makeRefunds(db, stripeClient(Deno.env), [refund.refund_id]);
    const { data } = await db.from('order_refunds').select('status, orders(status)').eq('id', refund.refund_id).single();
    const row = data as { status: string; orders: { status: string } } | null;
    return json({ refund_id: refund.refund_id, amount: refund.amount, status: row?.status ?? 'requested', order_status: row?.orders.status ?? null });
  } catch (err) {
    return unavailable('refund-order', 'making the refund', err);
  }
});
