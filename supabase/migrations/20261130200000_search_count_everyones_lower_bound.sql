-- A common word's count and page without reading every match (issue 35 item 2, decision 0445).
--
-- search_event_series_count read every event whose words matched (events_matching_words is a
-- set-returning security definer: Postgres computes all its rows before the first is joined),
-- 4,000 for a word in a tenth of 100,000 events, to count up to 1,001. Most of them are what
-- everyone sees: published public events outside a series, in no group or an open one. Those
-- are on every caller's list (anon's, a member's, an outsider's), one card each, so when more
-- than 1,000 of them match, every caller's count is "1,000+". That is asked first, from the
-- text-search index, stopping at 1,001; otherwise the count is the exact one, as before.

-- How many events everyone's Discover lists match the words by their text search (a part of
-- events_matching_words' rule, so never more than match it), up to 1,001, with the list's
-- filters. Security definer: it reads only rows any caller sees, and says only how many. A
-- caller whose account has a second factor and whose session has not used it sees no event
-- (the events' restrictive policy), so gets 0 and the exact count. SQL, unlike
-- words_match_often (20261130100000): planned with the words as a parameter it reads the text
-- index's bitmap (4 ms for a common word at 100,000 events); planned with the words themselves
-- it walked the table (7-16 ms).
create function private.words_match_for_everyone(
  query text, category public.event_category, starts_after timestamptz, starts_before timestamptz,
  online_only boolean, near_lat double precision, near_lng double precision, radius_km double precision
) returns int
language sql stable security definer set search_path = '' as $$
  select count(*)::int from (
    select 1 from public.events e
    where (select private.aal_ok())
      and e.search @@ websearch_to_tsquery('english', words_match_for_everyone.query)
      and e.status = 'published' and e.hidden_at is null and e.visibility = 'public' and e.series_id is null
      and (e.group_id is null or e.group_id in (select private.open_group_ids()))
      and e.ends_at >= words_match_for_everyone.starts_after
      and (words_match_for_everyone.starts_before is null or e.starts_at < words_match_for_everyone.starts_before)
      and (words_match_for_everyone.category is null or e.category = words_match_for_everyone.category)
      and (not words_match_for_everyone.online_only or e.is_online)
      and (words_match_for_everyone.near_lat is null or words_match_for_everyone.near_lng is null or words_match_for_everyone.radius_km is null
           or private.distance_km(words_match_for_everyone.near_lat, words_match_for_everyone.near_lng, e.lat, e.lng) <= words_match_for_everyone.radius_km)
    limit 1001
  ) everyones
$$;

revoke all on function private.words_match_for_everyone(text, public.event_category, timestamptz, timestamptz, boolean,
  double precision, double precision, double precision) from public;
grant execute on function private.words_match_for_everyone(text, public.event_category, timestamptz, timestamptz, boolean,
  double precision, double precision, double precision) to anon, authenticated, service_role;

-- Same signature and result as 20261129360100's. "Only my groups" is not everyone's list: its
-- count is always the exact one.
create or replace function public.search_event_series_count(
  query text default null, category public.event_category default null,
  starts_after timestamptz default now(), starts_before timestamptz default null,
  online_only boolean default false,
  near_lat double precision default null, near_lng double precision default null, radius_km double precision default null,
  in_my_groups boolean default false
) returns table (total int)
language sql stable as $$
  select case
    when nullif(trim(search_event_series_count.query), '') is not null
         and not coalesce(search_event_series_count.in_my_groups, false)
         and private.words_match_for_everyone(search_event_series_count.query, search_event_series_count.category,
                                               search_event_series_count.starts_after, search_event_series_count.starts_before,
                                               search_event_series_count.online_only, search_event_series_count.near_lat,
                                               search_event_series_count.near_lng, search_event_series_count.radius_km) > 1000
      then 1001
    -- Asked only when the case above does not hold (an init plan runs when first needed).
    else (
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
    )
  end
$$;
