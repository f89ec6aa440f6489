-- Discover's list that does not slow down as events grow (issue 35 item 2, decisions 0390–0391).
--
-- The list asked search_event_series, which filters the ordered search_events: the planner read,
-- filtered and sorted every upcoming match to return 20 cards (16–63× its 100-event time at
-- 100,000 events). Without words the list now asks discover_event_series, the same rows
-- unordered, with GET and `order=starts_at,id`: the request's order and limit then walk the date
-- index from the window's start and stop after a page. Its count (search_event_series_count,
-- same signature and answer) no longer goes through the ordered function either.
--
-- Words: `search @@ …` and `title ilike …` are not leakproof, so under row-level security the
-- planner may not use an index for them and tested them on every upcoming event. The events
-- whose words match are now found by private.events_matching_words (security definer: an index
-- search, over published, unhidden, listable events only) and the caller's query keeps them by
-- id (uuid equality is leakproof): row-level security and every other filter apply as before.

create extension if not exists pg_trgm with schema extensions;

-- `title ilike '%words%'` by trigrams (three letters or more; shorter words scan the titles).
create index events_title_trgm_idx on public.events using gin (title extensions.gin_trgm_ops);

-- The ids of the events Discover's word search matches: the text index, or the title containing
-- the words as typed. Only published, unhidden events that Discover could list (public or
-- members-only); the caller's row-level security still decides which of them it sees.
create function private.events_matching_words(query text) returns setof uuid
language sql stable security definer set search_path = '' rows 10 as $$
  select e.id from public.events e
  where e.status = 'published' and e.hidden_at is null and e.visibility in ('public', 'members')
    and (e.search @@ websearch_to_tsquery('english', events_matching_words.query)
         or e.title ilike '%' || replace(replace(trim(events_matching_words.query), '%', '\%'), '_', '\_') || '%')
$$;

-- Same signature and rows as 20261129350100's; the words are matched by the set above (a hash
-- probe per candidate rather than a text search and an ilike per candidate).
create or replace function private.discover_matches(
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
         or e.id in (select private.events_matching_words(discover_matches.query)))
    and (discover_matches.near_lat is null or discover_matches.near_lng is null or discover_matches.radius_km is null
         or private.distance_km(discover_matches.near_lat, discover_matches.near_lng, e.lat, e.lng) <= discover_matches.radius_km)
    and (not coalesce(discover_matches.in_my_groups, false) or e.group_id in (select private.my_group_ids()))
$$;

-- discover_matches for a search with words, led by the matching ids: each is read by primary key
-- (uuid equality is leakproof, so row-level security allows the index) and the other filters
-- applied to it, rather than every upcoming event tested for the words.
create function private.discover_word_matches(
  query text, category public.event_category, starts_after timestamptz, starts_before timestamptz,
  online_only boolean, near_lat double precision, near_lng double precision, radius_km double precision,
  in_my_groups boolean
) returns setof public.events
language sql stable as $$
  select e.* from private.events_matching_words(discover_word_matches.query) w (id)
  join public.events e on e.id = w.id
  where e.status = 'published' and e.hidden_at is null
    and ((e.group_id is null and e.visibility = 'public')
         or (e.visibility = 'public' and e.group_id in (select private.open_group_ids()))
         or (e.visibility in ('public', 'members') and e.group_id in (select private.my_group_ids())
             and e.group_id not in (select private.withheld_group_ids())))
    and e.ends_at >= discover_word_matches.starts_after
    and (discover_word_matches.starts_before is null or e.starts_at < discover_word_matches.starts_before)
    and (discover_word_matches.category is null or e.category = discover_word_matches.category)
    and (not discover_word_matches.online_only or e.is_online)
    and (discover_word_matches.near_lat is null or discover_word_matches.near_lng is null or discover_word_matches.radius_km is null
         or private.distance_km(discover_word_matches.near_lat, discover_word_matches.near_lng, e.lat, e.lng) <= discover_word_matches.radius_km)
    and (not coalesce(discover_word_matches.in_my_groups, false) or e.group_id in (select private.my_group_ids()))
$$;

-- private.leads_its_series for a date Discover lists (published, public or members-only, seen by
-- the caller): no earlier published, unhidden date of its series still running at `after` that
-- the caller may see. leads_its_series asks the events' policy for every earlier date, and called
-- per row it computes the policy's sets again each time (~1 ms a call at 1,000 groups). An
-- earlier date of the same group and visibility is seen by whoever sees this one (the policy
-- decides such dates on those columns, and the caller sees this one), so only a date edited to
-- another group or visibility is asked of can_view_event. Security definer: a lookup by the
-- series index; it says only whether a date the caller may see comes first.
create function private.leads_listed_series(e public.events, after timestamptz) returns boolean
language sql stable security definer set search_path = '' as $$
  select e.series_id is null or not exists (
    select 1 from public.events o
    where o.series_id = e.series_id and o.status = 'published' and o.hidden_at is null
      and o.ends_at >= leads_listed_series.after
      and (o.starts_at, o.id) < (e.starts_at, e.id)
      and ((o.visibility = e.visibility and o.group_id is not distinct from e.group_id) or private.can_view_event(o.id)))
$$;

-- search_event_series' rows without its order: one card per series, at its first date still
-- running at the window's start (private.leads_its_series, decision 0322). Asked with
-- `order=starts_at,id` and a limit, it reads a page from the date index.
create function public.discover_event_series(
  query text default null, category public.event_category default null,
  starts_after timestamptz default now(), starts_before timestamptz default null,
  online_only boolean default false,
  near_lat double precision default null, near_lng double precision default null, radius_km double precision default null,
  in_my_groups boolean default false
) returns setof public.events
language sql stable as $$
  select m.* from private.discover_matches(discover_event_series.query, discover_event_series.category,
                                           discover_event_series.starts_after, discover_event_series.starts_before,
                                           discover_event_series.online_only, discover_event_series.near_lat,
                                           discover_event_series.near_lng, discover_event_series.radius_km,
                                           discover_event_series.in_my_groups) m
  -- Asked only of a date in a series. As a call it is costed as one: written out, the planner
  -- costs its subquery (and the events' policy in it) for every candidate, and on PostgreSQL a
  -- plan that dear is compiled by JIT first (seconds), though a page reads a few dozen rows.
  where m.series_id is null or private.leads_listed_series(m, discover_event_series.starts_after)
$$;

-- Same signature, rows and order as 20261129321000's. Without words as before; with words the
-- matches come from discover_word_matches, sorted by relevance then date, and the series filter
-- is asked of the sorted rows as they are taken (a page asks it of about a page of rows). Each
-- branch is ruled out by the words (the other is empty), so the order is the sorted branch's.
create or replace function public.search_event_series(
  query text default null, category public.event_category default null,
  starts_after timestamptz default now(), starts_before timestamptz default null,
  online_only boolean default false,
  near_lat double precision default null, near_lng double precision default null, radius_km double precision default null,
  in_my_groups boolean default false
) returns setof public.events
language sql stable as $$
  select s.* from public.search_events(search_event_series.query, search_event_series.category,
                                       search_event_series.starts_after, search_event_series.starts_before,
                                       search_event_series.online_only, search_event_series.near_lat,
                                       search_event_series.near_lng, search_event_series.radius_km,
                                       search_event_series.in_my_groups) s
  where nullif(trim(search_event_series.query), '') is null
    and private.leads_its_series(s, search_event_series.starts_after)
  union all
  select r.* from (
    select w.* from private.discover_word_matches(search_event_series.query, search_event_series.category,
                                                  search_event_series.starts_after, search_event_series.starts_before,
                                                  search_event_series.online_only, search_event_series.near_lat,
                                                  search_event_series.near_lng, search_event_series.radius_km,
                                                  search_event_series.in_my_groups) w
    where nullif(trim(search_event_series.query), '') is not null
    order by -ts_rank(w.search, websearch_to_tsquery('english', search_event_series.query)), w.starts_at
  ) r
  -- A whole-row argument: not pushed below the sort.
  where private.leads_listed_series(r, search_event_series.starts_after)
$$;

-- Same signature and answer as 20261129321000's, counted over the unordered cards (a count needs
-- no order; the ordered function made it sort every match first).
create or replace function public.search_event_series_count(
  query text default null, category public.event_category default null,
  starts_after timestamptz default now(), starts_before timestamptz default null,
  online_only boolean default false,
  near_lat double precision default null, near_lng double precision default null, radius_km double precision default null,
  in_my_groups boolean default false
) returns table (total int)
language sql stable as $$
  select count(*)::int from (
    select 1 from public.discover_event_series(null, search_event_series_count.category,
                                               search_event_series_count.starts_after, search_event_series_count.starts_before,
                                               search_event_series_count.online_only, search_event_series_count.near_lat,
                                               search_event_series_count.near_lng, search_event_series_count.radius_km,
                                               search_event_series_count.in_my_groups)
    where nullif(trim(search_event_series_count.query), '') is null
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

revoke all on function private.events_matching_words(text) from public;
revoke all on function private.leads_listed_series(public.events, timestamptz) from public;
grant execute on function private.leads_listed_series(public.events, timestamptz) to anon, authenticated, service_role;
grant execute on function private.events_matching_words(text) to anon, authenticated, service_role;
grant execute on function private.discover_word_matches(text, public.event_category, timestamptz, timestamptz, boolean,
  double precision, double precision, double precision, boolean) to anon, authenticated, service_role;
grant execute on function public.discover_event_series(text, public.event_category, timestamptz, timestamptz, boolean,
  double precision, double precision, double precision, boolean) to anon, authenticated, service_role;
