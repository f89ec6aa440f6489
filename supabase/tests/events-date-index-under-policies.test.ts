// Lists of events by date under row-level security (decision 0460): a plain REST read such as
// `events?category=eq.arts&ends_at=gte.…&order=starts_at&limit=20` must walk the dates' index,
// not every row of the table. An enum's `=` is not leakproof, so under a policy Postgres cannot
// use an index of the category; the dates' comparisons are, and events_start_end_idx holds every
// event's dates (the published-only index serves only reads that say status=published).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startGather, type GatherServer } from './support/gather-server.ts';

let g: GatherServer;

beforeAll(async () => {
  g = await startGather();
  const host = await g.member('date_host');
  // 5,000 events of every category, one in ten already over (written as the data bench seeds them,
  // triggers off: a trigger refuses to publish an event in the past): enough that a scan costs more.
  await g.db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    await tx.query(
      `insert into public.events (host_id, slug, title, category, starts_at, ends_at, timezone, venue_name, lat, lng, status, published_at)
       select $1, 'dated-' || i, 'Dated ' || i, (enum_range(null::public.event_category))[i % 11 + 1], at, at + interval '2 hours',
              'Europe/Lisbon', 'Hall', 38.7, -9.1, 'published', now()
       from generate_series(1, 5000) i,
            lateral (select now() + case when i % 10 = 9 then -(i % 300) - 1 else i % 365 end * interval '1 day'
                                + interval '1 hour' as at) d`,
      [host.id],
    );
  });
  await g.db.query('analyze public.events');
});
afterAll(() => g?.stop());

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
function nodes(n: PlanNode): PlanNode[] {
  return [n, ...(n.Plans ?? []).flatMap(nodes)];
}

const CATEGORY_BY_DATE = `select id, title, starts_at from public.events
  where category = 'arts' and ends_at >= now() order by starts_at, id limit 20`;

it('reads a category’s coming events by date from the dates’ index as anon, not the whole table', async () => {
  const [row] = await g.sqlAs('anon')<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${CATEGORY_BY_DATE}`);
  const onEvents = nodes(row!['QUERY PLAN'][0].Plan).filter((n) => n['Relation Name'] === 'events');
  expect(onEvents.map((n) => [n['Node Type'], n['Index Name']])).toEqual([['Index Scan', 'events_start_end_idx']]);
  // The same 20 events as without policies: all of them are public and published.
  const asAnon = await g.sqlAs('anon')(CATEGORY_BY_DATE);
  expect(asAnon).toHaveLength(20);
  expect(asAnon).toEqual(await g.sqlAs('service')(CATEGORY_BY_DATE));
});
