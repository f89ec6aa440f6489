// 500 buyers check out at once for 50 seats (issue 31): exactly 50 are held, each with its own
// Stripe session, and 450 are told "sold out" in the functions' shape — through the real
// `checkout` function, REST and the database, on both drivers.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signToken } from '../../server/test/helpers/tokens.ts';
import type { Member } from './support/gather-server.ts';
import { paidEvent, seatsHeld } from './support/paid-events.ts';
import { startPaymentsGather, type PaymentsGather } from './support/payments.ts';

const BUYERS = 500;
const SEATS = 50;

let g: PaymentsGather;
let host: Member;

beforeAll(async () => {
  g = await startPaymentsGather();
  host = await g.member('host');
}, 300_000); // the server, the double and the payment functions' first bundles: minutes on a busy machine
afterAll(async () => {
  await g?.stop();
});

it(`holds exactly ${SEATS} seats when ${BUYERS} buyers check out at once`, async () => {
  const e = await paidEvent(g, host, { capacity: SEATS }, [{ name: 'General', price: 1500, max_per_order: 2 }]);
  const { rows } = await g.db.query<{ id: string }>(
    `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
     select gen_random_uuid(), 'authenticated', 'authenticated', 'crowd-' || n || '@test.example', '{"provider":"email"}',
            jsonb_build_object('username', 'crowd_' || n, 'display_name', 'Crowd ' || n), now(), now(), now()
     from generate_series(1, ${BUYERS}) n returning id`);
  const tokens = await Promise.all(rows.map((r) => signToken({ sub: r.id, role: 'authenticated', aud: 'authenticated' })));
  // Warm the function up, so the crowd meets a running worker as it would in production.
  expect((await g.call('checkout', 'anon', {})).status).toBe(401);

  const started = Date.now();
  const answers = await Promise.all(tokens.map(async (token) => {
    const res = await fetch(`${g.url}/functions/v1/checkout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, apikey: g.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ event_id: e.id, items: [{ ticket_type_id: e.types[0], quantity: 1 }] }),
    });
    return { status: res.status, body: (await res.json()) as { error?: string; order_id?: string; url?: string } };
  }));
  console.log(`${BUYERS} checkouts for ${SEATS} seats through the checkout function: ${Date.now() - started} ms (${g.workers} server process)`);

  const held = answers.filter((a) => a.status === 200);
  const refused = answers.filter((a) => a.status !== 200);
  expect(held).toHaveLength(SEATS);
  expect(new Set(refused.map((a) => `${a.status} ${a.body.error}`))).toEqual(new Set(['409 sold_out']));
  expect(await seatsHeld(g, e.id)).toBe(SEATS);
  const orders = await g.db.query<{ n: number }>(`select count(*)::int as n from public.orders where event_id = $1 and status = 'pending'`, [e.id]);
  expect(orders.rows[0]!.n).toBe(SEATS);
  const sessions = new Set(held.map((a) => /\/pay\/([^/?]+)/.exec(a.body.url!)![1]));
  expect(sessions.size).toBe(SEATS);
  expect([...sessions].every((s) => g.stripe.state.sessions.get(s!)?.status === 'open')).toBe(true);
}, 300_000);
