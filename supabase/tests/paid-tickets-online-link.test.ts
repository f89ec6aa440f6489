// The join link of a paid online event (issue 31; migration 20261129230000): its buyers read it
// as those going to a free event do, while their ticket is valid; others, and a buyer whose
// tickets were refunded, do not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { paidEvent } from './support/paid-events.ts';

let g: GatherServer;
let host: Member;
let buyer: Member;
let other: Member;

beforeAll(async () => {
  g = await startGather();
  [host, buyer, other] = (await Promise.all(['host', 'buyer', 'other'].map((u) => g.member(u)))) as [Member, Member, Member];
}, 300_000); // the server's start, on a busy machine
afterAll(async () => {
  await g?.stop();
});

const linksSeen = async (who: Member) =>
  (await g.sqlAs(who)<{ url: string }>('select url from public.event_online_links where event_id = $1', [eventId])).map((r) => r.url);

let eventId = '';

describe('the online link of a paid event', () => {
  it('is read by a buyer holding a valid ticket, by nobody else outside the team, and no longer once refunded', async () => {
    const e = await paidEvent(g, host, { is_online: true, venue_name: null, lat: null, lng: null });
    eventId = e.id;
    await g.sqlAs(host)('insert into public.event_online_links (event_id, url) values ($1, $2)', [e.id, 'https://meet.example/paid']);
    const [row] = await g.sqlAs(buyer)<{ o: { order_id: string; amount_total: number; currency: string } }>(
      'select public.start_checkout($1, $2::jsonb) as o', [e.id, JSON.stringify([{ ticket_type_id: e.types[0], quantity: 1 }])]);
    const order = row!.o;
    // Held, not paid: no link yet.
    expect(await linksSeen(buyer)).toEqual([]);
    await g.sqlAs('service')(`select public.complete_checkout($1, 'cs_x', 'paid', $2, $3, 'pi_x')`, [order.order_id, order.amount_total, order.currency]);
    expect(await linksSeen(buyer)).toEqual(['https://meet.example/paid']);
    expect(await linksSeen(other)).toEqual([]);
    expect(await linksSeen(host)).toEqual(['https://meet.example/paid']);

    const [asked] = await g.sqlAs(host)<{ r: { refund_id: string } }>('select public.request_refund($1) as r', [order.order_id]);
    await g.sqlAs('service')(`select public.apply_refund($1, 're_x', 'succeeded')`, [asked!.r.refund_id]);
    expect(await linksSeen(buyer)).toEqual([]);
  });
});
