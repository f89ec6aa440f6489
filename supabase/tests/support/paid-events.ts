// Paid events for the payment tests: an event with ticket types and the orders of it, read as the
// database has them.
import { expect } from 'vitest';
import { createEvent, type GatherServer, type Member } from './gather-server.ts';
import type { PaymentsGather } from './payments.ts';

export interface TicketTypeFields {
  name?: string;
  price?: number;
  quantity?: number | null;
  min_per_order?: number;
  max_per_order?: number;
  hidden?: boolean;
  access_code?: string | null;
  sales_start_at?: string | null;
  sales_end_at?: string | null;
}

/** A published event selling `types` (default: one "General" type at 15.00). */
export async function paidEvent(
  g: GatherServer, host: Member, fields: Record<string, unknown> = {}, types: TicketTypeFields[] = [{ name: 'General', price: 1500 }],
): Promise<{ id: string; slug: string; types: string[] }> {
  const e = await createEvent(g, host, { title: 'Paid event', currency: 'EUR', ...fields });
  const ids: string[] = [];
  for (const t of types) {
    const row = { name: 'General', price: 1500, ...t };
    const cols = Object.keys(row);
    const [made] = await g.sqlAs(host)<{ id: string }>(
      `insert into public.ticket_types (event_id, ${cols.join(', ')}) values ($1, ${cols.map((_, i) => `$${i + 2}`).join(', ')}) returning id`,
      [e.id, ...cols.map((c) => (row as Record<string, unknown>)[c])],
    );
    ids.push(made!.id);
  }
  return { ...e, types: ids };
}

export interface OrderRow {
  id: string;
  status: string;
  amount_total: number;
  amount_refunded: number;
  currency: string;
}

export async function orderRow(g: GatherServer, id: string): Promise<OrderRow> {
  const { rows } = await g.db.query<OrderRow>('select id, status, amount_total, amount_refunded, currency from public.orders where id = $1', [id]);
  return rows[0]!;
}

export async function ticketStatuses(g: GatherServer, orderId: string): Promise<string[]> {
  const { rows } = await g.db.query<{ status: string }>('select status from public.tickets where order_id = $1 order by position', [orderId]);
  return rows.map((r) => r.status);
}

/** Seats taken by tickets (held or valid) of an event, as the database counts them. */
export async function seatsHeld(g: GatherServer, eventId: string): Promise<number> {
  const { rows } = await g.db.query<{ n: number }>('select private.ticket_seats_taken($1) as n', [eventId]);
  return rows[0]!.n;
}

/** Checks out through the `checkout` function; the answer and, when it made one, the session id. */
export async function checkout(g: PaymentsGather, buyer: Member, body: Record<string, unknown>) {
  const res = await g.call('checkout', buyer, body);
  const session = typeof res.body.url === 'string' ? /\/pay\/([^/?]+)/.exec(res.body.url)?.[1] : undefined;
  return { ...res, orderId: res.body.order_id as string | undefined, session };
}

/** Waits until the order reaches `status` (webhooks are delivered asynchronously); works in hooks too. */
export async function orderBecomes(g: GatherServer, id: string, status: string, timeoutMs = 30_000): Promise<OrderRow> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await orderRow(g, id);
    if (row.status === status) return row;
    if (Date.now() > until) expect(row.status, `order ${id}`).toBe(status);
    await new Promise((r) => setTimeout(r, 100));
  }
}
