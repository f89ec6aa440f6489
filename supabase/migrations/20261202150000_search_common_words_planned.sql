-- A word the planner expects in thousands of events is taken as common without counting them
-- (issue 35 item 2, decision 0463).
--
-- words_match_often (20261130100000) stops at 201 matches, but finding them still cost a common
-- word's page most of its growth: at 100,000 events on PostgreSQL it read ~5,000 rows of the
-- table to find 201 (8 ms of the page's 15), and the word indexes' bitmaps would cost 3-5 ms, as
-- both grow with the table. The planner's own estimate of the same rows costs a plan (0.3-0.5
-- ms) whatever the table's size. When it expects more than 2,000 (ten times the threshold, for
-- the estimate's error), the search lists by date without counting; otherwise it counts as before.

-- The planner's estimate of the rows words_match_often counts. Volatile: EXPLAIN may not run in
-- a stable function (it only plans; nothing is read or written).
create function private.words_planned_matches(query text, after timestamptz) returns double precision
language plpgsql volatile set search_path = '' as $$
declare
  plan json;
begin
  -- Planned with the words themselves (EXECUTE plans with its parameters' values).
  execute 'explain (format json) select 1 from public.events e
    where e.status = ''published'' and e.hidden_at is null and e.visibility in (''public'', ''members'')
      and e.ends_at >= $2
      and (e.search @@ websearch_to_tsquery(''english'', $1) or e.title ilike private.words_in_title($1))'
    into plan using query, after;
  return (plan -> 0 -> 'Plan' ->> 'Plan Rows')::double precision;
end
$$;

-- Same signature and answer as 20261130100000's, but for the words the planner expects in more
-- than 2,000 events: those are taken as many. A wrong estimate can only change a search's order
-- (by date rather than relevance), never its cards or its count (search_event_series_count does
-- not ask it). Volatile, as the estimate it asks; it is asked once per search (a materialized CTE).
create or replace function private.words_match_often(query text, after timestamptz) returns boolean
language plpgsql volatile security definer set search_path = '' as $$
begin
  if private.words_planned_matches(words_match_often.query, words_match_often.after) > 2000 then
    return true;
  end if;
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

-- Only words_match_often (its owner's) asks it: an estimate counts members-only events too.
revoke all on function private.words_planned_matches(text, timestamptz) from public;
