-- Discover's list without words to search for, for a list that must not read every upcoming
-- event to show 20 (issue 35 item 2, decision 0351). search_events orders inside the function
-- (by relevance, then date), and a function with ORDER BY stays a subquery that the planner plans
-- for all its rows whenever the request embeds anything (the cards embed event_stats): every
-- match is read, filtered and sorted to return 20. discover_events is search_events' filters
-- without the order: asked with `order=starts_at,id` and its arguments in the URL (GET), the
-- planner sees the window's start as a value and reads the date index from there, a page at a
-- time (`npm run bench -- data` measures both). A search with words keeps search_events' order.
create function public.discover_events(
  query text default null, category public.event_category default null,
  starts_after timestamptz default now(), starts_before timestamptz default null,
  online_only boolean default false,
  near_lat double precision default null, near_lng double precision default null, radius_km double precision default null,
  in_my_groups boolean default false
) returns setof public.events
language sql stable as $$
  select m.* from private.discover_matches(discover_events.query, discover_events.category, discover_events.starts_after,
                                           discover_events.starts_before, discover_events.online_only, discover_events.near_lat,
                                           discover_events.near_lng, discover_events.radius_km, discover_events.in_my_groups) m
$$;

grant execute on function public.discover_events(text, public.event_category, timestamptz, timestamptz, boolean,
  double precision, double precision, double precision, boolean) to anon, authenticated, service_role;
