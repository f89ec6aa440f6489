import { setTimeout as sleep } from 'node:timers/promises';
import type { Queryable } from '../../server/src/db/db-types.ts';
import { fmt } from '../support/measure.ts';

// A community's data in bulk, written straight into the tables as the postgres role with one
// generate_series statement per table (not through REST). Triggers are off while it loads
// (session_replication_role = replica, for the statement's transaction only): what they would
// have kept (slugs, profile_private, event_stats, group_stats, memberships, open groups) is written here in the same passes.

export const MEMBERS = 10_000;
export const GROUPS = 1_000;
/** One event in this many has the rare word in its title (a search with few matches). */
export const RARE_EVERY = 5_000;
/** Events come in runs of this many; the first SERIES_DATES of a run are the dates of one series. */
export const SERIES_RUN = 50;
export const SERIES_DATES = 8;
/** Words titles take in turn: a search for one matches a tenth of the events. */
export const COMMON_WORDS = ['jazz', 'code', 'yoga', 'chess', 'hike', 'film', 'poetry', 'salsa', 'pottery', 'running'];

/** Runs `sql` with triggers off, in one statement (a DO block: one transaction on both drivers). */
async function bulk(db: Queryable, sql: string): Promise<void> {
  await db.query(`do $bulk$ begin perform set_config('session_replication_role', 'replica', true); ${sql}; end $bulk$`);
}

/** 10,000 members (auth users and profiles) and 1,000 groups with 10 members each, a fifth private. */
export async function seedPeopleAndGroups(db: Queryable): Promise<void> {
  await bulk(
    db,
    `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data, email_confirmed_at, created_at, updated_at)
     select public.bench_uid(i), 'authenticated', 'authenticated', 'm' || i || '@bench.example', '{"provider":"email"}',
            jsonb_build_object('username', 'member' || i, 'display_name', 'Member ' || i), now(), now(), now()
     from generate_series(1, ${MEMBERS}) i;
     insert into public.profiles (id, username, display_name)
     select public.bench_uid(i), 'member' || i, 'Member ' || i from generate_series(1, ${MEMBERS}) i;
     insert into public.profile_private (id) select public.bench_uid(i) from generate_series(1, ${MEMBERS}) i;
     insert into public.groups (id, slug, name, city, lat, lng, visibility, join_policy, created_by)
     select public.bench_gid(g), 'bench-group-' || g, 'Bench group ' || g, 'Lisbon', 38.7 + (g % 50) * 0.01, -9.1 - (g % 40) * 0.01,
            case when g % 5 = 0 then 'private' else 'public' end::public.group_visibility,
            case when g % 5 = 0 then 'approval' else 'open' end::public.group_join_policy, public.bench_uid(g)
     from generate_series(1, ${GROUPS}) g;
     insert into public.group_members (group_id, user_id, role, status, joined_at)
     select public.bench_gid(g), public.bench_uid(((g - 1) * 10 + k) % ${MEMBERS} + 1),
            case k when 0 then 'organizer' when 1 then 'event_organizer' else 'member' end::public.group_role, 'active', now()
     from generate_series(1, ${GROUPS}) g cross join generate_series(0, 9) k
     on conflict do nothing;
     insert into public.group_stats (group_id, member_count) select public.bench_gid(g), 10 from generate_series(1, ${GROUPS}) g;
     perform private.refresh_open_group(id) from public.groups`,
  );
}

/**
 * Events number `from + 1` to `to` (multiples of SERIES_RUN): three in five in a group (a fifth of
 * groups private), mostly public and published; a few drafts, cancelled, hidden, unlisted,
 * members-only and private ones; one in ten past, the rest over the coming year; 8 in 50 the dates
 * of a series (Discover shows one card per series).
 */
export async function seedEvents(db: Queryable, from: number, to: number): Promise<void> {
  const words = `array[${COMMON_WORDS.map((w) => `'${w}'`).join(', ')}]`;
  await bulk(
    db,
    `insert into public.event_series (id, host_id, rrule, dtstart, duration, timezone, count, generated_count, status)
     select public.bench_sid(s), public.bench_uid(((s - 1) * ${SERIES_RUN} + 1) % ${MEMBERS} + 1), 'FREQ=DAILY;COUNT=${SERIES_DATES}',
            now()::timestamp, interval '2 hours', 'Europe/Lisbon', ${SERIES_DATES}, ${SERIES_DATES}, 'complete'
     from generate_series(${from / SERIES_RUN + 1}, ${to / SERIES_RUN}) s;
     insert into public.events (id, slug, host_id, group_id, title, description, category, starts_at, ends_at, timezone,
                                venue_name, lat, lng, visibility, status, published_at, hidden_at, cancel_reason, cancelled_at,
                                series_id, series_position)
     select public.bench_eid(i), 'bench-event-' || i, public.bench_uid(b % ${MEMBERS} + 1), grp,
            'Bench ' || (${words})[i % 10 + 1] || ' night ' || i || case when i % ${RARE_EVERY} = 13 then ' needle' else '' end,
            'An evening of ' || (${words})[i % 10 + 1] || '.',
            (enum_range(null::public.event_category))[i % 11 + 1], at, at + interval '2 hours', 'Europe/Lisbon',
            'Hall ' || i % 97, 38.7 + (i % 100) * 0.001, -9.1 - (i % 90) * 0.001,
            case when b % 20 = 0 then 'private' when b % 20 = 1 then 'unlisted'
                 when b % 20 = 2 and grp is not null then 'members' else 'public' end::public.event_visibility,
            st::public.event_status, case when st <> 'draft' then now() end,
            case when i % 200 = 7 then now() end, case when st = 'cancelled' then 'Rain' end, case when st = 'cancelled' then now() end,
            case when (i - 1) % ${SERIES_RUN} < ${SERIES_DATES} then public.bench_sid((i - 1) / ${SERIES_RUN} + 1) end,
            case when (i - 1) % ${SERIES_RUN} < ${SERIES_DATES} then (i - 1) % ${SERIES_RUN} + 1 end
     from (
       -- Runs of 7 events per group, so a group's events differ in visibility and state (i % 20, i % 25).
       -- A series' dates share its first date's host, group and visibility (b).
       select i, b, case when b % 5 < 3 then public.bench_gid((b / 7) % ${GROUPS} + 1) end as grp,
              case when i % 10 = 9 then now() - ((i % 300) + 1) * interval '1 day'
                   else now() + (i % 365) * interval '1 day' + (i % 24) * interval '1 hour' + interval '1 hour' end as at,
              case when i % 25 = 0 then 'draft' when i % 25 = 1 then 'cancelled' else 'published' end as st
       from generate_series(${from + 1}, ${to}) i,
            lateral (select case when (i - 1) % ${SERIES_RUN} < ${SERIES_DATES} then (i - 1) / ${SERIES_RUN} * ${SERIES_RUN} + 1 else i end as b) base
     ) e;
     insert into public.event_stats (event_id) select public.bench_eid(i) from generate_series(${from + 1}, ${to}) i`,
  );
}

/** The tables the seed writes. */
const SEEDED = ['auth.users', 'public.profiles', 'public.profile_private', 'public.groups', 'public.group_members', 'public.group_stats',
  'private.open_groups', 'public.event_series', 'public.events', 'public.event_stats'];

/**
 * Waits until the database's own maintenance (PostgreSQL's autovacuum, or the driver's for
 * PGlite, decision 0464) has analyzed every table the seed changed past autovacuum's analyze
 * threshold, as on a server that has held the data for a while (up to `autovacuum_naptime`
 * after a load): the reads are then planned with statistics of the data, as they would be.
 * Where `autovacuum` is off (this machine's PostgreSQL has it off) nothing would, and the bench
 * analyzes those tables itself. Says what it did, for the bench's output.
 */
export async function statisticsByMaintenance(db: Queryable, limitS = 300): Promise<string> {
  const started = performance.now();
  for (;;) {
    const { rows } = await db.query<{ due: string[] | null; autovacuum: boolean }>(
      `select array_agg(s.relid::regclass::text) as due, current_setting('autovacuum')::bool as autovacuum
       from pg_stat_all_tables s join pg_class c on c.oid = s.relid
       where s.relid = any($1::regclass[])
         and s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
                                     + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0)`,
      [SEEDED],
    );
    const { due, autovacuum } = rows[0]!;
    const waited = (performance.now() - started) / 1000;
    if (!due) return `analyzed by the database's maintenance ${fmt(waited, 0)} s later`;
    if (!autovacuum) {
      await db.query(`analyze ${due.join(', ')}`);
      return `autovacuum is off: analyzed by the bench in ${fmt((performance.now() - started) / 1000, 1)} s`;
    }
    if (waited > limitS) throw new Error(`not analyzed by the database's maintenance after ${limitS} s: ${due.join(', ')}`);
    await sleep(1000);
  }
}

/** Stable ids for the bench's rows, so each size adds to the previous one. */
export async function benchIds(db: Queryable): Promise<void> {
  for (const [name, prefix] of [['uid', '00000000-0000-4000-a000'], ['gid', '00000000-0000-4000-b000'], ['eid', '00000000-0000-4000-c000'], ['sid', '00000000-0000-4000-d000']]) {
    await db.query(`create function public.bench_${name}(i int) returns uuid language sql immutable as
      $$ select ('${prefix}-' || lpad(i::text, 12, '0'))::uuid $$`);
  }
}
