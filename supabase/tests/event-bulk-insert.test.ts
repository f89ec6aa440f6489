import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGather, type GatherServer, type Member } from './support/gather-server.ts';
import { createGroup, join } from './support/group-cast.ts';

// Many events in one INSERT (an import through REST as service_role, decision 0435): the
// statement-level triggers write for each event what the row triggers wrote for one — its host
// row, its stats and seat rows, a unique slug, and one alert per member for a published group event.

let g: GatherServer;
let organizer: Member, alice: Member, bob: Member;
let group: { id: string };

beforeAll(async () => {
  g = await startGather();
  organizer = await g.member('organizer');
  alice = await g.member('alice');
  bob = await g.member('bob');
  group = await createGroup(g, organizer, { name: 'Bulk club' });
  for (const m of [alice, bob]) await join(g, m, group.id);
  await g.db.query(`update public.group_members set alerts = 'none' where group_id = $1 and user_id = $2`, [group.id, bob.id]);
});
afterAll(() => g.stop());

const soon = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const event = (fields: Record<string, unknown>, days = 3) => ({
  host_id: organizer.id, title: 'Same night', starts_at: soon(days), ends_at: soon(days + 0.1), timezone: 'Europe/Lisbon',
  venue_name: 'Hall', lat: 38.7, lng: -9.1, status: 'published', visibility: 'public', group_id: group.id, ...fields,
});

/** Each event's slug, host rows, stats and seat rows, and the group alerts made for it, by title. */
async function written(ids: string[]) {
  const { rows } = await g.db.query<Record<string, unknown>>(
    `select e.title, e.slug,
            (select array_agg(h.user_id::text || ':' || h.role order by h.user_id) from public.event_hosts h where h.event_id = e.id) as hosts,
            (select to_jsonb(s) - 'event_id' - 'updated_at' from public.event_stats s where s.event_id = e.id) as stats,
            exists (select 1 from private.event_seats t where t.event_id = e.id) as seats,
            (select array_agg(n.user_id::text order by n.user_id) from public.notifications n
              where n.kind = 'group_event_published' and n.payload ->> 'event_id' = e.id::text
                and n.payload ->> 'slug' = e.slug and n.payload ->> 'group_id' = e.group_id::text) as alerted
     from public.events e where e.id = any($1::uuid[]) order by e.title, e.starts_at`, [ids]);
  return rows;
}

describe('many events in one insert', () => {
  it('write for each event what one insert at a time writes', async () => {
    const rows = (tag: string) => [
      event({ title: `${tag} same night`, capacity: 20 }), event({ title: `${tag} same night` }, 4), event({ title: `${tag} same night` }, 5),
      event({ title: `${tag} draft`, status: 'draft' }), event({ title: `${tag} members`, visibility: 'members' }),
      event({ title: `${tag} unlisted`, visibility: 'unlisted' }), event({ title: `${tag} no group`, group_id: null }),
      event({ title: `${tag} hidden`, hidden_at: new Date().toISOString() }),
    ];
    const bulk = await g.service().from('events').insert(rows('Bulk')).select('id');
    expect(bulk.error).toBeNull();
    const one: string[] = [];
    for (const row of rows('Single')) {
      const r = await g.service().from('events').insert(row).select('id').single();
      expect(r.error).toBeNull();
      one.push((r.data as { id: string }).id);
    }
    const many = await written(bulk.data!.map((r) => r.id));
    const single = await written(one);
    const strip = (rs: Record<string, unknown>[]) =>
      rs.map((r) => ({ ...r, title: String(r.title).replace(/^\w+ /, ''), slug: undefined }));
    expect(strip(many)).toEqual(strip(single));

    // Slugs unique though titles repeat in one statement; alice (alerts on) told of each published
    // public or members-only, visible group event once; bob (alerts off) and the host never.
    expect(new Set(many.map((r) => r.slug)).size).toBe(8);
    expect(many.filter((r) => r.alerted !== null).map((r) => [r.title, r.alerted])).toEqual([
      ['Bulk members', [alice.id]], ['Bulk same night', [alice.id]], ['Bulk same night', [alice.id]], ['Bulk same night', [alice.id]],
    ]);
    expect(many.every((r) => (r.hosts as string[]).join() === `${organizer.id}:host` && r.seats)).toBe(true);
    expect(many.find((r) => (r.stats as { spots_left: number | null }).spots_left === 20)).toBeTruthy();
  });

  it('alert the group once for a series, at its first date, when its dates come in one insert', async () => {
    const { rows: [series] } = await g.db.query<{ id: string }>(
      `insert into public.event_series (host_id, rrule, dtstart, duration, timezone, count, generated_count, status)
       values ($1, 'FREQ=DAILY;COUNT=3', now(), interval '2 hours', 'Europe/Lisbon', 3, 3, 'complete') returning id`, [organizer.id]);
    const dates = [1, 2, 3].map((k) => event({ title: 'Series night', series_id: series!.id, series_position: k }, 10 + k));
    const r = await g.service().from('events').insert(dates).select('id');
    expect(r.error).toBeNull();
    const told = await written(r.data!.map((e) => e.id));
    expect(told.map((e) => e.alerted)).toEqual([[alice.id], null, null]);
  });
});
