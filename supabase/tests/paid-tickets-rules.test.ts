// The rules of ticket types, promo codes and checkout holds, in the database (issue 31): what a
// host may write through REST, how start_checkout prices and limits an order, and that the
// event capacity caps tickets and RSVPs together. Money moves nowhere here: see payments-*.test.ts.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../server/test/helpers/tokens.ts';
import { createEvent, expectAppError, startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { paidEvent, seatsHeld } from './support/paid-events.ts';

let g: GatherServer;
let host: Member;
let buyer: Member;
let other: Member;

const client = async (m: Member): Promise<SupabaseClient> => g.client(await signToken(m.claims));
const start = (m: Member, eventId: string, items: unknown[], extra: Record<string, unknown> = {}) =>
  g.sqlAs(m)<{ o: Record<string, unknown> }>(
    'select public.start_checkout($1, $2::jsonb, $3, $4::jsonb, $5::jsonb, $6) as o',
    [eventId, JSON.stringify(items), extra.promo_code ?? null, JSON.stringify(extra.answers ?? null),
     JSON.stringify(extra.ticket_answers ?? null), extra.access_code ?? null],
  ).then((r) => r[0]!.o as { order_id: string; status: string; amount_total: number; amount_discount: number; items: { unit_amount: number }[] });
const soon = (hours: number) => new Date(Date.now() + hours * 36e5).toISOString();

beforeAll(async () => {
  g = await startGather();
  [host, buyer, other] = await Promise.all([g.member('host'), g.member('buyer'), g.member('other')]);
});
afterAll(async () => {
  await g?.stop();
});

describe('ticket types', () => {
  it('are written by the event\'s hosts through REST, in the catalogue\'s words, and counted by the database', async () => {
    const e = await createEvent(g, host, { title: 'Workshop', currency: 'EUR' });
    const h = await client(host);
    const made = await h.from('ticket_types').insert({ event_id: e.id, name: ' Early bird ', price: 1200, quantity: 20, sold_count: 99 }).select().single();
    expect(made.error?.code).toBe('42501'); // sold_count is the database's
    const ok = await h.from('ticket_types').insert({ event_id: e.id, name: ' Early bird ', price: 1200, quantity: 20 }).select().single();
    expect(ok.error).toBeNull();
    expect(ok.data).toMatchObject({ name: 'Early bird', price: 1200, sold_count: 0, held_count: 0, sort_order: 1 });
    const stranger = await (await client(other)).from('ticket_types').insert({ event_id: e.id, name: 'Mine', price: 1 }).select();
    expect(stranger.error?.code).toBe('42501');
    const window = await h.from('ticket_types').insert({ event_id: e.id, name: 'Late', sales_start_at: soon(5), sales_end_at: soon(2) });
    expect(window.error).toMatchObject({ code: 'invalid_sales_window', message: 'Sales must end after they start.' });
    const limits = await h.from('ticket_types').insert({ event_id: e.id, name: 'Pairs', min_per_order: 4, max_per_order: 2 });
    expect(limits.error?.code).toBe('invalid_order_limits');
  });

  it('take three-decimal prices only in multiples of 10, and any whole yen', async () => {
    const bhd = await createEvent(g, host, { title: 'Manama', currency: 'BHD' });
    await expect(g.sqlAs(host)('insert into public.ticket_types (event_id, name, price) values ($1, $2, 1005)', [bhd.id, 'A'])).rejects.toMatchObject({ code: 'PGRST' });
    await g.sqlAs(host)('insert into public.ticket_types (event_id, name, price) values ($1, $2, 1010)', [bhd.id, 'A']);
    const jpy = await createEvent(g, host, { title: 'Tokyo', currency: 'jpy' });
    const [row] = await g.sqlAs(host)<{ currency: string }>('select currency from public.events where id = $1', [jpy.id]);
    expect(row!.currency).toBe('JPY');
    await g.sqlAs(host)('insert into public.ticket_types (event_id, name, price) values ($1, $2, 1499)', [jpy.id, 'A']);
    const err = await expectAppError(g.sqlAs(host)(`update public.events set currency = 'XYZ' where id = $1`, [jpy.id]));
    expect(err).toMatchObject({ code: 'invalid_currency', message: 'Choose a currency from the list.' });
  });

  it('hide a type from everyone but the team until its access code unlocks it', async () => {
    const e = await paidEvent(g, host, {}, [{ name: 'Public' }, { name: 'Speakers', hidden: true, access_code: 'Stage-Pass', price: 0 }]);
    const visible = async (m: Member | 'anon') => (await g.sqlAs(m)<{ name: string }>('select name from public.ticket_types where event_id = $1 order by sort_order', [e.id])).map((r) => r.name);
    expect(await visible(host)).toEqual(['Public', 'Speakers']);
    expect(await visible(buyer)).toEqual(['Public']);
    expect(await visible('anon')).toEqual(['Public']);
    const unlocked = await g.sqlAs(buyer)<{ name: string }>(`select name from public.unlock_ticket_types($1, '  stage-pass ')`, [e.id]);
    expect(unlocked.map((r) => r.name)).toEqual(['Speakers']);
    expect(await g.sqlAs(buyer)(`select * from public.unlock_ticket_types($1, 'wrong')`, [e.id])).toEqual([]);
    const hidden = await expectAppError(start(buyer, e.id, [{ ticket_type_id: e.types[1], quantity: 1 }]));
    expect(hidden).toMatchObject({ code: 'ticket_type_not_found', status: 404 });
    const order = await start(buyer, e.id, [{ ticket_type_id: e.types[1], quantity: 1 }], { access_code: 'STAGE-PASS' });
    expect(order.status).toBe('paid'); // free: no payment needed
  });
});

describe('start_checkout', () => {
  it('keeps each order within the type\'s minimum and maximum and its sales window', async () => {
    const e = await paidEvent(g, host, {}, [
      { name: 'Table', price: 5000, min_per_order: 2, max_per_order: 4 },
      { name: 'Later', sales_start_at: soon(24) },
      { name: 'Over', sales_start_at: soon(-48), sales_end_at: soon(-24) },
    ]);
    const few = await expectAppError(start(buyer, e.id, [{ ticket_type_id: e.types[0], quantity: 1 }]));
    expect(few).toMatchObject({ code: 'invalid_quantity', message: 'Choose between 2 and 4 tickets of "Table".', status: 422 });
    expect((await expectAppError(start(buyer, e.id, [{ ticket_type_id: e.types[0], quantity: 5 }]))).code).toBe('invalid_quantity');
    expect((await expectAppError(start(buyer, e.id, [{ ticket_type_id: e.types[1], quantity: 1 }]))).code).toBe('sales_not_started');
    expect((await expectAppError(start(buyer, e.id, [{ ticket_type_id: e.types[2], quantity: 1 }]))).code).toBe('sales_ended');
    const ok = await start(buyer, e.id, [{ ticket_type_id: e.types[0], quantity: 3 }]);
    expect(ok).toMatchObject({ status: 'pending', amount_total: 15000 });
  });

  it('applies a promo code per ticket: percent or fixed, to its types, within its uses and dates', async () => {
    const e = await paidEvent(g, host, {}, [{ name: 'Full', price: 2000 }, { name: 'Other', price: 1000 }]);
    const h = await client(host);
    const codes = await h.from('promo_codes').insert([
      { event_id: e.id, code: 'TENOFF', percent_off: 10 },
      { event_id: e.id, code: 'FIVE', amount_off: 500, ticket_type_ids: [e.types[0]], max_uses: 1 },
      { event_id: e.id, code: 'OLD', percent_off: 50, expires_at: soon(-1) },
    ]).select('code, used_count');
    expect(codes.error).toBeNull();
    expect((await h.from('promo_codes').insert({ event_id: e.id, code: 'tenoff', percent_off: 5 })).error?.code).toBe('promo_code_taken');
    expect((await (await client(buyer)).from('promo_codes').select('code').eq('event_id', e.id)).data).toEqual([]);

    const tenoff = await start(buyer, e.id, [{ ticket_type_id: e.types[0], quantity: 1 }, { ticket_type_id: e.types[1], quantity: 2 }], { promo_code: 'tenoff' });
    expect(tenoff).toMatchObject({ amount_total: 3600, amount_discount: 400 });
    const five = await start(other, e.id, [{ ticket_type_id: e.types[0], quantity: 2 }, { ticket_type_id: e.types[1], quantity: 1 }], { promo_code: 'FIVE' });
    expect(five).toMatchObject({ amount_total: 4000, amount_discount: 1000 });
    const third = await g.member('third-promo');
    expect((await expectAppError(start(third, e.id, [{ ticket_type_id: e.types[0], quantity: 1 }], { promo_code: 'FIVE' }))).code).toBe('promo_code_used_up');
    expect((await expectAppError(start(third, e.id, [{ ticket_type_id: e.types[0], quantity: 1 }], { promo_code: 'OLD' }))).code).toBe('promo_code_expired');
    expect((await expectAppError(start(third, e.id, [{ ticket_type_id: e.types[0], quantity: 1 }], { promo_code: 'NOPE' }))).code).toBe('invalid_promo_code');
    const { data } = await h.from('promo_codes').select('code, used_count').eq('event_id', e.id).order('code');
    expect(data).toEqual([{ code: 'FIVE', used_count: 1 }, { code: 'OLD', used_count: 0 }, { code: 'TENOFF', used_count: 1 }]);
  });

  it('prices zero- and three-decimal currencies in their own minor units and refuses a charge below Stripe\'s minimum', async () => {
    const jpy = await paidEvent(g, host, { currency: 'JPY' }, [{ name: 'Seat', price: 1500 }]);
    await g.sqlAs(host)(`insert into public.promo_codes (event_id, code, percent_off) values ($1, 'SAKURA', 15)`, [jpy.id]);
    const yen = await start(buyer, jpy.id, [{ ticket_type_id: jpy.types[0], quantity: 3 }], { promo_code: 'SAKURA' });
    expect(yen).toMatchObject({ amount_total: 3825, amount_discount: 675 }); // 1,500 − 225 = 1,275 yen each
    const bhd = await paidEvent(g, host, { currency: 'BHD' }, [{ name: 'Seat', price: 5250 }]);
    await g.sqlAs(host)(`insert into public.promo_codes (event_id, code, percent_off) values ($1, 'GULF', 33)`, [bhd.id]);
    const dinar = await start(buyer, bhd.id, [{ ticket_type_id: bhd.types[0], quantity: 1 }], { promo_code: 'GULF' });
    expect(dinar.items[0]!.unit_amount % 10).toBe(0); // 5.250 − 1.730 (33 % rounded to 10 fils)
    expect(dinar).toMatchObject({ amount_total: 3520 });
    const cheap = await paidEvent(g, host, {}, [{ name: 'Coffee', price: 30 }]);
    const err = await expectAppError(start(buyer, cheap.id, [{ ticket_type_id: cheap.types[0], quantity: 1 }]));
    expect(err).toMatchObject({ code: 'amount_too_small', message: 'A payment must be at least 0.50 EUR.', status: 422 });
  });

  it('counts tickets and RSVPs against one capacity, and takes no new RSVP once tickets are sold', async () => {
    const e = await createEvent(g, host, { title: 'Shared room', capacity: 4 });
    const early = await Promise.all(['early-1', 'early-2'].map((u) => g.member(u)));
    for (const m of early) await g.sqlAs(m)('select public.rsvp($1)', [e.id]);
    const [type] = await g.sqlAs(host)<{ id: string }>(`insert into public.ticket_types (event_id, name, price) values ($1, 'Seat', 1000) returning id`, [e.id]);
    expect((await expectAppError(start(buyer, e.id, [{ ticket_type_id: type!.id, quantity: 3 }]))).code).toBe('sold_out');
    await start(buyer, e.id, [{ ticket_type_id: type!.id, quantity: 2 }]);
    expect(await seatsHeld(g, e.id)).toBe(2);
    const late = await g.member('late-rsvp');
    expect((await expectAppError(g.sqlAs(late)('select public.rsvp($1)', [e.id]))).code).toBe('tickets_required');
    const [stats] = await g.sqlAs('anon')<{ spots_left: number }>('select spots_left from public.event_stats where event_id = $1', [e.id]);
    expect(stats!.spots_left).toBe(0);
    // An early RSVP that leaves frees a seat for a ticket.
    await g.sqlAs(early[0]!)('select public.cancel_rsvp($1)', [e.id]);
    await start(other, e.id, [{ ticket_type_id: type!.id, quantity: 1 }]);
  });

  it('gives up a buyer\'s earlier checkout for the event when they start another', async () => {
    const e = await paidEvent(g, host, { capacity: 3 });
    const first = await start(buyer, e.id, [{ ticket_type_id: e.types[0], quantity: 3 }]);
    const second = await start(buyer, e.id, [{ ticket_type_id: e.types[0], quantity: 2 }]);
    const { rows } = await g.db.query<{ id: string; status: string }>('select id, status from public.orders where event_id = $1 order by created_at', [e.id]);
    expect(rows).toEqual([{ id: first.order_id, status: 'cancelled' }, { id: second.order_id, status: 'pending' }]);
    expect(await seatsHeld(g, e.id)).toBe(2);
  });
});

describe('registration questions at checkout', () => {
  it('asks some questions once per order and others once per ticket, and keeps each answer with its ticket', async () => {
    const e = await paidEvent(g, host);
    const [perOrder] = await g.sqlAs(host)<{ id: string }>(`insert into public.event_questions (event_id, kind, label, required) values ($1, 'short_text', 'Company', true) returning id`, [e.id]);
    const [perTicket] = await g.sqlAs(host)<{ id: string }>(`insert into public.event_questions (event_id, kind, label, required, asked_per, options) values ($1, 'single_choice', 'Meal', true, 'ticket', '{Fish,Veggie}') returning id`, [e.id]);
    const items = [{ ticket_type_id: e.types[0], quantity: 2 }];
    const missing = await expectAppError(start(buyer, e.id, items, { answers: { [perOrder!.id]: 'Acme' }, ticket_answers: [{ [perTicket!.id]: 'Fish' }] }));
    expect(missing).toMatchObject({ code: 'answer_required', message: 'Answer "Meal".', status: 422 });
    const order = await start(buyer, e.id, items, { answers: { [perOrder!.id]: ' Acme ' }, ticket_answers: [{ [perTicket!.id]: 'Fish' }, { [perTicket!.id]: 'Veggie' }] });
    const rows = await g.sqlAs(buyer)<{ label: string; value: string; position: number | null }>(
      `select a.label, a.value #>> '{}' as value, t.position from public.order_answers a left join public.tickets t on t.id = a.ticket_id
       where a.order_id = $1 order by t.position nulls first`, [order.order_id]);
    expect(rows).toEqual([{ label: 'Company', value: 'Acme', position: null }, { label: 'Meal', value: 'Fish', position: 1 }, { label: 'Meal', value: 'Veggie', position: 2 }]);
    expect(await g.sqlAs(other)('select 1 from public.order_answers where order_id = $1', [order.order_id])).toEqual([]);
  });
});

describe('a paid series', () => {
  it('gives each new date its own ticket types and stock, their sales windows moved with the date', async () => {
    const e = await paidEvent(g, host, { title: 'Weekly class', capacity: 8 }, [{ name: 'Drop-in', price: 1200, quantity: 8, sales_end_at: soon(7 * 24) }]);
    await g.sqlAs(host)(`select public.create_series($1, 'FREQ=WEEKLY;COUNT=3')`, [e.id]);
    const { rows } = await g.db.query<{ position: number; name: string; quantity: number; shift: number }>(
      `select ev.series_position as position, t.name, t.quantity,
              round(extract(epoch from (t.sales_end_at - ev.starts_at)) / 3600)::int as shift
       from public.events ev join public.ticket_types t on t.event_id = ev.id
       where ev.series_id = (select series_id from public.events where id = $1) order by ev.series_position`, [e.id]);
    expect(rows.map((r) => [r.position, r.name, r.quantity])).toEqual([[1, 'Drop-in', 8], [2, 'Drop-in', 8], [3, 'Drop-in', 8]]);
    expect(new Set(rows.map((r) => r.shift)).size).toBe(1);
  });
});
