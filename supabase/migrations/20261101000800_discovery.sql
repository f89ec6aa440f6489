-- Discovery: events near a point, and search with filters. Both return events the caller may
-- see (row-level security applies: they are not security definer).

create function private.distance_km(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision)
returns double precision language sql immutable as $$
  select 6371.0088 * 2 * asin(sqrt(
    power(sin(radians(lat2 - lat1) / 2), 2) +
    cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2)))
$$;

create function public.events_near(
  lat double precision, lng double precision, radius_km double precision default 25,
  starts_after timestamptz default now(), starts_before timestamptz default null,
  category public.event_category default null
) returns setof public.events
language sql stable as $$
  select e.* from public.events e
  where e.status = 'published' and e.visibility = 'public'
    and e.lat between events_near.lat - events_near.radius_km / 111.0 and events_near.lat + events_near.radius_km / 111.0
    and private.distance_km(events_near.lat, events_near.lng, e.lat, e.lng) <= events_near.radius_km
    and e.ends_at >= events_near.starts_after
    and (events_near.starts_before is null or e.starts_at < events_near.starts_before)
    and (events_near.category is null or e.category = events_near.category)
  order by private.distance_km(events_near.lat, events_near.lng, e.lat, e.lng), e.starts_at
$$;

create function public.search_events(
  query text default null, category public.event_category default null,
  starts_after timestamptz default now(), starts_before timestamptz default null,
  online_only boolean default false,
  near_lat double precision default null, near_lng double precision default null, radius_km double precision default null
) returns setof public.events
language sql stable as $$
  select e.* from public.events e
  where e.status = 'published' and e.visibility = 'public'
    and e.ends_at >= search_events.starts_after
    and (search_events.starts_before is null or e.starts_at < search_events.starts_before)
    and (search_events.category is null or e.category = search_events.category)
    and (not search_events.online_only or e.is_online)
    and (nullif(trim(search_events.query), '') is null
         or e.search @@ websearch_to_tsquery('english', search_events.query)
         or e.title ilike '%' || replace(replace(trim(search_events.query), '%', '\%'), '_', '\_') || '%')
    and (search_events.near_lat is null or search_events.near_lng is null or search_events.radius_km is null
         or private.distance_km(search_events.near_lat, search_events.near_lng, e.lat, e.lng) <= search_events.radius_km)
  order by
    case when nullif(trim(search_events.query), '') is null then 0
         else -ts_rank(e.search, websearch_to_tsquery('english', search_events.query)) end,
    e.starts_at
$$;

grant execute on function public.events_near(double precision, double precision, double precision, timestamptz, timestamptz, public.event_category),
  public.search_events(text, public.event_category, timestamptz, timestamptz, boolean, double precision, double precision, double precision)
  to anon, authenticated, service_role;
