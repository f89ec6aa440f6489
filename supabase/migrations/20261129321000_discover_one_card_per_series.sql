-- Discover's list: one card per series, at its next date, with how many dates follow (issue 32,
-- decision 0322). A weekly event was eight identical cards.
--
-- search_events stays as it is (the calendar and the map show every date, and its body is
-- redefined by later migrations); search_event_series keeps, of its rows, a series' first date
-- still to come in the search's window, and search_event_series_count counts those rows as
-- search_events_count counts search_events' (up to 1,001). All invoker functions: row-level
-- security applies to the dates looked at as to the rows returned.

-- True unless an earlier date of the same series is published, not hidden and not over by
-- `after` (that date is the series' card). Dates of one series share their title, category and
-- place, so that earlier date matches the same search; (starts_at, id) orders two dates at the
-- same time.
create function private.leads_its_series(e public.events, after timestamptz) returns boolean
language sql stable as $$
  select e.series_id is null or not exists (
    select 1 from public.events o
    where o.series_id = e.series_id and o.status = 'published' and o.hidden_at is null
      and o.ends_at >= leads_its_series.after
      and (o.starts_at, o.id) < (e.starts_at, e.id))
$$;

create function public.search_event_series(
  query text default null, category public.event_category default null,
  starts_after timestamptz default now(), starts_before timestamptz default null,
  online_only boolean default false,
  near_lat double precision default null, near_lng double precision default null, radius_km double precision default null,
  in_my_groups boolean default false
) returns setof public.events
language sql stable as $$
  -- search_events' rows in search_events' order (a filter keeps the order of what it filters).
  select s.* from public.search_events(search_event_series.query, search_event_series.category,
                                       search_event_series.starts_after, search_event_series.starts_before,
                                       search_event_series.online_only, search_event_series.near_lat,
                                       search_event_series.near_lng, search_event_series.radius_km,
                                       search_event_series.in_my_groups) s
  where private.leads_its_series(s, search_event_series.starts_after)
$$;

-- How many cards search_event_series gives, counted up to 1,001 as search_events_count counts
-- (1,001 means "more than 1,000").
create function public.search_event_series_count(
  query text default null, category public.event_category default null,
  starts_after timestamptz default now(), starts_before timestamptz default null,
  online_only boolean default false,
  near_lat double precision default null, near_lng double precision default null, radius_km double precision default null,
  in_my_groups boolean default false
) returns table (total int)
language sql stable as $$
  select count(*)::int from (
    select 1 from public.search_event_series(search_event_series_count.query, search_event_series_count.category,
                                             search_event_series_count.starts_after, search_event_series_count.starts_before,
                                             search_event_series_count.online_only, search_event_series_count.near_lat,
                                             search_event_series_count.near_lng, search_event_series_count.radius_km,
                                             search_event_series_count.in_my_groups)
    limit 1001
  ) found
$$;

-- A card's "+7 more dates": the dates of its series after this one that are published, not
-- hidden, and visible to the caller. Selected by name as a computed field (`more_dates`); null
-- for an event outside any series.
create function public.more_dates(e public.events) returns int
language sql stable as $$
  select case when e.series_id is null then null else (
    select count(*)::int from public.events o
    where o.series_id = e.series_id and o.status = 'published' and o.hidden_at is null
      and (o.starts_at, o.id) > (e.starts_at, e.id)) end
$$;

grant execute on function private.leads_its_series(public.events, timestamptz) to anon, authenticated, service_role;
grant execute on function public.search_event_series(text, public.event_category, timestamptz, timestamptz, boolean,
  double precision, double precision, double precision, boolean) to anon, authenticated, service_role;
grant execute on function public.search_event_series_count(text, public.event_category, timestamptz, timestamptz, boolean,
  double precision, double precision, double precision, boolean) to anon, authenticated, service_role;
grant execute on function public.more_dates(public.events) to anon, authenticated, service_role;
