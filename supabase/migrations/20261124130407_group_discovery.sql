-- Discovery with groups: Discover lists members-only events to the group's members and can keep
-- to the groups one is in; /groups searches groups by words, category and distance, each with
-- its member count and next event. Invoker functions: row-level security applies (decision 0102).

-- Whether an event is listed in Discover for the caller: public events outside groups; inside a
-- group, public ones where its content is open to the caller and members-only ones for members.
-- A withheld group's events are never listed (as a hidden event is not, for anyone).
create function private.listed_in_discover(vis public.event_visibility, gid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select case
    when gid is null then vis = 'public'
    else not private.group_withheld(gid) and (
      (vis = 'public' and private.group_content_open(gid)) or (vis = 'members' and private.is_group_member(gid)))
  end
$$;

drop function public.events_near(double precision, double precision, double precision, timestamptz, timestamptz, public.event_category);
create function public.events_near(
  lat double precision, lng double precision, radius_km double precision default 25,
  starts_after timestamptz default now(), starts_before timestamptz default null,
  category public.event_category default null, in_my_groups boolean default false
) returns setof public.events
language sql stable as $$
  select e.* from public.events e
  where e.status = 'published' and e.hidden_at is null and private.listed_in_discover(e.visibility, e.group_id)
    and e.lat between events_near.lat - events_near.radius_km / 111.0 and events_near.lat + events_near.radius_km / 111.0
    and private.distance_km(events_near.lat, events_near.lng, e.lat, e.lng) <= events_near.radius_km
    and e.ends_at >= events_near.starts_after
    and (events_near.starts_before is null or e.starts_at < events_near.starts_before)
    and (events_near.category is null or e.category = events_near.category)
    and (not coalesce(events_near.in_my_groups, false) or private.is_group_member(e.group_id))
  order by private.distance_km(events_near.lat, events_near.lng, e.lat, e.lng), e.starts_at
$$;

drop function public.search_events(text, public.event_category, timestamptz, timestamptz, boolean, double precision, double precision, double precision);
create function public.search_events(
  query text default null, category public.event_category default null,
  starts_after timestamptz default now(), starts_before timestamptz default null,
  online_only boolean default false,
  near_lat double precision default null, near_lng double precision default null, radius_km double precision default null,
  in_my_groups boolean default false
) returns setof public.events
language sql stable as $$
  select e.* from public.events e
  where e.status = 'published' and e.hidden_at is null and private.listed_in_discover(e.visibility, e.group_id)
    and e.ends_at >= search_events.starts_after
    and (search_events.starts_before is null or e.starts_at < search_events.starts_before)
    and (search_events.category is null or e.category = search_events.category)
    and (not search_events.online_only or e.is_online)
    and (nullif(trim(search_events.query), '') is null
         or e.search @@ websearch_to_tsquery('english', search_events.query)
         or e.title ilike '%' || replace(replace(trim(search_events.query), '%', '\%'), '_', '\_') || '%')
    and (search_events.near_lat is null or search_events.near_lng is null or search_events.radius_km is null
         or private.distance_km(search_events.near_lat, search_events.near_lng, e.lat, e.lng) <= search_events.radius_km)
    and (not coalesce(search_events.in_my_groups, false) or private.is_group_member(e.group_id))
  order by
    case when nullif(trim(search_events.query), '') is null then 0
         else -ts_rank(e.search, websearch_to_tsquery('english', search_events.query)) end,
    e.starts_at
$$;

grant execute on function public.events_near(double precision, double precision, double precision, timestamptz, timestamptz, public.event_category, boolean),
  public.search_events(text, public.event_category, timestamptz, timestamptz, boolean, double precision, double precision, double precision, boolean)
  to anon, authenticated, service_role;

-- /groups: one row per group with what its card shows. Never a withheld group, not even for
-- its organizers (as Discover never lists a hidden event). The next event is the next one the
-- caller may see (row-level security), so a private group's stays with its members.
create function public.search_groups(
  query text default null, category public.event_category default null,
  near_lat double precision default null, near_lng double precision default null, radius_km double precision default null,
  only_mine boolean default false
) returns table (
  id uuid, slug text, name text, category public.event_category, city text, lat double precision, lng double precision,
  cover_path text, logo_path text, visibility public.group_visibility, join_policy public.group_join_policy,
  member_count int, distance_km double precision,
  next_event_id uuid, next_event_slug text, next_event_title text, next_event_starts_at timestamptz, next_event_timezone text,
  my_status public.group_member_status, my_role public.group_role
)
language sql stable as $$
  select g.id, g.slug, g.name, g.category, g.city, g.lat, g.lng, g.cover_path, g.logo_path, g.visibility, g.join_policy,
         coalesce(s.member_count, 0),
         case when search_groups.near_lat is not null and search_groups.near_lng is not null
              then private.distance_km(search_groups.near_lat, search_groups.near_lng, g.lat, g.lng) end,
         n.id, n.slug, n.title, n.starts_at, n.timezone,
         m.status, case when m.status = 'active' then m.role end
  from public.groups g
  left join public.group_stats s on s.group_id = g.id
  left join public.group_members m on m.group_id = g.id and m.user_id = (select auth.uid())
  left join lateral (
    select e.id, e.slug, e.title, e.starts_at, e.timezone from public.events e
    where e.group_id = g.id and e.status = 'published' and e.hidden_at is null and e.ends_at > now()
    order by e.starts_at limit 1
  ) n on true
  where g.hidden_at is null and not private.group_withheld(g.id)
    and (search_groups.category is null or g.category = search_groups.category)
    and (nullif(trim(search_groups.query), '') is null
         or g.search @@ websearch_to_tsquery('english', search_groups.query)
         or g.name ilike '%' || replace(replace(trim(search_groups.query), '%', '\%'), '_', '\_') || '%')
    and (search_groups.near_lat is null or search_groups.near_lng is null or search_groups.radius_km is null
         or private.distance_km(search_groups.near_lat, search_groups.near_lng, g.lat, g.lng) <= search_groups.radius_km)
    and (not coalesce(search_groups.only_mine, false) or m.status = 'active')
  order by
    case when nullif(trim(search_groups.query), '') is null then 0
         else -ts_rank(g.search, websearch_to_tsquery('english', search_groups.query)) end,
    case when search_groups.near_lat is not null and search_groups.near_lng is not null
         then private.distance_km(search_groups.near_lat, search_groups.near_lng, g.lat, g.lng) end nulls last,
    coalesce(s.member_count, 0) desc, g.name, g.id
$$;

grant execute on function public.search_groups(text, public.event_category, double precision, double precision, double precision, boolean)
  to anon, authenticated, service_role;
