-- Discover's count without words reads the date index in order and stops at 1,001 cards
-- (decision 0390). Unordered, the planner chose a bitmap scan, which marks every upcoming event
-- in the index before the first row is counted (7 ms on PGlite at 100,000 events, and growing
-- with the table). Same signature and answer as 20261129360000's.
create or replace function public.search_event_series_count(
  query text default null, category public.event_category default null,
  starts_after timestamptz default now(), starts_before timestamptz default null,
  online_only boolean default false,
  near_lat double precision default null, near_lng double precision default null, radius_km double precision default null,
  in_my_groups boolean default false
) returns table (total int)
language sql stable as $$
  select count(*)::int from (
    select 1 from (
      select 1 from public.discover_event_series(null, search_event_series_count.category,
                                                 search_event_series_count.starts_after, search_event_series_count.starts_before,
                                                 search_event_series_count.online_only, search_event_series_count.near_lat,
                                                 search_event_series_count.near_lng, search_event_series_count.radius_km,
                                                 search_event_series_count.in_my_groups) d
      where nullif(trim(search_event_series_count.query), '') is null
      order by d.starts_at
      limit 1001
    ) by_date
    union all
    select 1 from private.discover_word_matches(search_event_series_count.query, search_event_series_count.category,
                                                search_event_series_count.starts_after, search_event_series_count.starts_before,
                                                search_event_series_count.online_only, search_event_series_count.near_lat,
                                                search_event_series_count.near_lng, search_event_series_count.radius_km,
                                                search_event_series_count.in_my_groups) m
    where nullif(trim(search_event_series_count.query), '') is not null
      and (m.series_id is null or private.leads_listed_series(m, search_event_series_count.starts_after))
    limit 1001
  ) found
$$;
