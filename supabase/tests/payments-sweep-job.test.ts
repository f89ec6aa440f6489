// The minute's payments sweep (decision 0403): the database does its own part, and the function
// (a worker process) is called only when Stripe has something to do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { paidEvent } from './support/paid-events.ts';

let g: GatherServer;
let host: Member;
let buyer: Member;

beforeAll(async () => {
  g = await startGather();
  [host, buyer] = (await Promise.all(['sweep-host', 'sweep-buyer'].map((u) => g.member(u)))) as [Member, Member];
});
afterAll(async () => {
  await g?.stop();
});

const runJob = async () => (await g.db.query<{ request: string | null }>('select private.sweep_payments_job()::text as request')).rows[0]!.request;

describe('the payments sweep job', () => {
  it('is what pg_cron runs every minute', async () => {
    const { rows } = await g.db.query(`select schedule, command from cron.job where jobname = 'gather-payments-sweep'`);
    expect(rows).toEqual([{ schedule: '* * * * *', command: 'select private.sweep_payments_job()' }]);
  });

  it('with nothing for Stripe, sweeps in the database and calls no function', async () => {
    const e = await paidEvent(g, host, { capacity: 1 });
    const [row] = await g.sqlAs(buyer)<{ o: { order_id: string } }>(
      'select public.start_checkout($1, $2::jsonb) as o', [e.id, JSON.stringify([{ ticket_type_id: e.types[0], quantity: 1 }])]);
    const order = row!.o.order_id;
    // A hold past its time, with no Checkout Session at Stripe yet.
    await g.db.query(`update public.orders set expires_at = now() - interval '1 second' where id = $1`, [order]);
    expect(await runJob()).toBeNull();
    const { rows } = await g.db.query('select status from public.orders where id = $1', [order]);
    expect(rows).toEqual([{ status: 'expired' }]);
  });

  it('calls payments-sweep when a closed order still has an open Checkout Session', async () => {
    const e = await paidEvent(g, host, { capacity: 1 });
    const [row] = await g.sqlAs(buyer)<{ o: { order_id: string } }>(
      'select public.start_checkout($1, $2::jsonb) as o', [e.id, JSON.stringify([{ ticket_type_id: e.types[0], quantity: 1 }])]);
    const order = row!.o.order_id;
    await g.sqlAs('service')(`select public.attach_checkout_session($1, $2, 'https://checkout.stripe.com/x')`, [order, `cs_test_${order}`]);
    await g.db.query(`update public.orders set expires_at = now() - interval '1 second' where id = $1`, [order]);
    expect(await runJob()).not.toBeNull();
  });
});
