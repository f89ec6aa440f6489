-- Discover that does not slow down as events grow (issue 35 item 2, decision 0351).
--
-- Discover asked `count=exact` of search_events: every matching event was read and filtered to
-- count them (257–279 ms at 100,000 upcoming events), while its first 20 rows take under 1 ms.
-- Discover now asks search_events_count, which counts at most 1,001 matches: the app shows
-- "1,000+" past 1,000. Counting needs no order, so the matches are a function of their own
-- (private.discover_matches, search_events' filters unchanged) and search_events orders them.
--
-- listed_in_discover was asked per row (a group's events called group_withheld and
-- group_content_open on each); the same rule is now stated on sets of group ids computed once
-- per statement (migration 20261129350000), as is "in my groups". Invoker functions, inlined by
-- the planner: row-level security applies as before.

create function private.discover_matches(
  query text, category public.event_category, starts_after timestamptz, starts_before timestamptz,
  online_only boolean, near_lat double precision, near_lng double precision, radius_km double precision,
  in_my_groups boolean
) returns setof public.events
language sql stable as $$
  select e.* from public.events e
  where e.status = 'published' and e.hidden_at is null
    -- private.listed_in_discover(e.visibility, e.group_id), as sets.
    and ((e.group_id is null and e.visibility = 'public')
         or (e.visibility = 'public' and e.group_id in (select private.open_group_ids()))
         or (e.visibility in ('public', 'members') and e.group_id in (select private.my_group_ids())
             and e.group_id not in (select private.withheld_group_ids())))
    and e.ends_at >= discover_matches.starts_after
    -- Implied by the line above (an event lasts 14 days at most: events_dates), and it gives the
    -- index on starts_at a lower bound, so past events are not walked through.
    and e.starts_at >= discover_matches.starts_after - interval '14 days'
    and (discover_matches.starts_before is null or e.starts_at < discover_matches.starts_before)
    and (discover_matches.category is null or e.category = discover_matches.category)
    and (not discover_matches.online_only or e.is_online)
    and (nullif(trim(discover_matches.query), '') is null
         or e.search @@ websearch_to_tsquery('english', discover_matches.query)
         or e.title ilike '%' || replace(replace(trim(discover_matches.query), '%', '\%'), '_', '\_') || '%')
    and (discover_matches.near_lat is null or discover_matches.near_lng is null or discover_matches.radius_km is null
         or private.distance_km(discover_matches.near_lat, discover_matches.near_lng, e.lat, e.lng) <= discover_matches.radius_km)
    and (not coalesce(discover_matches.in_my_groups, false) or e.group_id in (select private.my_group_ids()))
$$;

-- Same signature, same rows, same order as 20261124130407's.
create or replace function public.search_events(
  query text default null, category public.event_category default null,
  starts_after timestamptz default now(), starts_before timestamptz default null,
  online_only boolean default false,
  near_lat double precision default null, near_lng double precision default null, radius_km double precision default null,
  in_my_groups boolean default false
) returns setof public.events
language sql stable as $$
  select m.* from private.discover_matches(search_events.query, search_events.category, search_events.starts_after,
                                           search_events.starts_before, search_events.online_only, search_events.near_lat,
                                           search_events.near_lng, search_events.radius_km, search_events.in_my_groups) m
  order by
    case when nullif(trim(search_events.query), '') is null then 0
         else -ts_rank(m.search, websearch_to_tsquery('english', search_events.query)) end,
    m.starts_at
$$;

-- How many events search_events finds with these arguments, counted up to 1,001: 1,001 means
-- "more than 1,000". A set of one row, so that PostgREST's call is inlined with its arguments
-- known (a plan for these filters, not a generic one).
create function public.search_events_count(
  query text default null, category public.event_category default null,
  starts_after timestamptz default now(), starts_before timestamptz default null,
  online_only boolean default false,
  near_lat double precision default null, near_lng double precision default null, radius_km double precision default null,
  in_my_groups boolean default false
) returns table (total int)
language sql stable as $$
  select count(*)::int from (
    select 1 from private.discover_matches(search_events_count.query, search_events_count.category, search_events_count.starts_after,
                                           search_events_count.starts_before, search_events_count.online_only,
                                           search_events_count.near_lat, search_events_count.near_lng,
                                           search_events_count.radius_km, search_events_count.in_my_groups)
    limit 1001
  ) found
$$;

grant execute on function private.discover_matches(text, public.event_category, timestamptz, timestamptz, boolean,
  double precision, double precision, double precision, boolean) to anon, authenticated, service_role;
grant execute on function public.search_events_count(text, public.event_category, timestamptz, timestamptz, boolean,
  double precision, double precision, double precision, boolean) to anon, authenticated, service_role;
