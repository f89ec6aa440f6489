-- A search whose words many events share lists them by date (issue 35 item 2, decision 0444).
--
-- Relevance order ranks every match before the first card (no index orders by ts_rank on either
-- driver, decision 0391): a word in 4 % of 100,000 events read 4,000 events by primary key,
-- ranked and sorted them to show 20. When more than 200 events Discover could list match the
-- words, search_event_series now gives the first 1,000 matches by date (starts_at, id), read
-- from the date index with the words tested on each event as it is read, so a page stops after
-- a page of matches. Up to 200 matches it ranks them as before (relevance, then date). Its count
-- (search_event_series_count) is unchanged: it counts the same cards, from the matching ids, up
-- to 1,001 (a count needs no order; counted by walking the date index it was 3x slower on
-- PostgreSQL at 100,000 events, 1.6x faster on PGlite).

-- The `ilike` pattern of a title that contains the words as typed (events_matching_words' rule,
-- its `%` and `_` taken literally). Immutable SQL: folded to a constant where it is called.
create function private.words_in_title(query text) returns text
language sql immutable parallel safe as $$
  select '%' || replace(replace(trim(query), '%', '\%'), '_', '\_') || '%'
$$;

-- Whether more than 200 published, unhidden, public or members-only events still running at
-- `after` match the words (events_matching_words' rule). Security definer: it stops at 201, and
-- it says only whether there are many; the caller's row-level security still decides which of
-- them it sees. PL/pgSQL (decision 0445): a SQL function's statement is planned with the words as
-- a parameter, and the planner built both word indexes' bitmaps (10,000 entries each for a common
-- word at 100,000 events) to find 201, or ANDed every upcoming event's entry in the date index
-- with a rare word's few; planned with the words themselves, a common word's 201 come from the
-- table's first pages and a rare word's from the word indexes (PostgreSQL: 4.2 -> 2.3 ms).
create function private.words_match_often(query text, after timestamptz) returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  return (
    select count(*) > 200 from (
      select 1 from public.events e
      where e.status = 'published' and e.hidden_at is null and e.visibility in ('public', 'members')
        and e.ends_at >= words_match_often.after
        and (e.search @@ websearch_to_tsquery('english', words_match_often.query)
             or e.title ilike private.words_in_title(words_match_often.query))
      limit 201
    ) matches
  );
end
$$;

-- Whether an event's text matches the words or its title contains them (events_matching_words'
-- rule), for one event at a time. PL/pgSQL, so that the planner does not see inside it: written
-- out, its text-search estimate made the planner read every upcoming event and sort them rather
-- than walk the date index until a page is found (at 100,000 events on PGlite: every upcoming
-- event read, 133 ms; with it, ~540 read from the date index).
create function private.has_words(search tsvector, title text, words tsquery, pattern text) returns boolean
language plpgsql immutable parallel safe cost 1 as $$
begin
  return search @@ words or title ilike pattern;
end
$$;

-- The cards of a search with words shared by many events, by date: discover_matches' rows
-- without words (the date index, under the caller's row-level security), the words tested on each.
create function private.discover_often_matches(
  query text, category public.event_category, starts_after timestamptz, starts_before timestamptz,
  online_only boolean, near_lat double precision, near_lng double precision, radius_km double precision,
  in_my_groups boolean
) returns setof public.events
language sql stable as $$
  select m.* from private.discover_matches(null, discover_often_matches.category, discover_often_matches.starts_after,
                                           discover_often_matches.starts_before, discover_often_matches.online_only,
                                           discover_often_matches.near_lat, discover_often_matches.near_lng,
                                           discover_often_matches.radius_km, discover_often_matches.in_my_groups) m
  where private.has_words(m.search, m.title, websearch_to_tsquery('english', discover_often_matches.query),
                          private.words_in_title(discover_often_matches.query))
    and (m.series_id is null or private.leads_listed_series(m, discover_often_matches.starts_after))
$$;

-- Same signature and rows as 20261129360000's. Three branches, of which the words and their
-- number leave one: no words (as before), words few events share (ranked, as before), words
-- many share (by date). Each branch's condition is asked once, before its rows are read; the
-- number of matches (words_match_often) once for both, in a CTE.
create or replace function public.search_event_series(
  query text default null, category public.event_category default null,
  starts_after timestamptz default now(), starts_before timestamptz default null,
  online_only boolean default false,
  near_lat double precision default null, near_lng double precision default null, radius_km double precision default null,
  in_my_groups boolean default false
) returns setof public.events
language sql stable as $$
  with often as materialized (
    select private.words_match_often(search_event_series.query, search_event_series.starts_after) as many
  )
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
      and not (select many from often)
    order by -ts_rank(w.search, websearch_to_tsquery('english', search_event_series.query)), w.starts_at
  ) r
  -- A whole-row argument: not pushed below the sort.
  where private.leads_listed_series(r, search_event_series.starts_after)
  union all
  select d.* from (
    select o.* from private.discover_often_matches(search_event_series.query, search_event_series.category,
                                                   search_event_series.starts_after, search_event_series.starts_before,
                                                   search_event_series.online_only, search_event_series.near_lat,
                                                   search_event_series.near_lng, search_event_series.radius_km,
                                                   search_event_series.in_my_groups) o
    where nullif(trim(search_event_series.query), '') is not null
      and (select many from often)
    order by o.starts_at, o.id
    -- The list's cap, as its count's (1,000+). It is also what has the planner walk the date
    -- index: planned for every match (the request's page is outside), it read every upcoming
    -- event and sorted them (133 ms at 100,000 events on PGlite).
    limit 1000
  ) d
$$;

revoke all on function private.words_match_often(text, timestamptz) from public;
grant execute on function private.words_match_often(text, timestamptz) to anon, authenticated, service_role;
grant execute on function private.words_in_title(text) to anon, authenticated, service_role;
grant execute on function private.has_words(tsvector, text, tsquery, text) to anon, authenticated, service_role;
grant execute on function private.discover_often_matches(text, public.event_category, timestamptz, timestamptz, boolean,
  double precision, double precision, double precision, boolean) to anon, authenticated, service_role;
