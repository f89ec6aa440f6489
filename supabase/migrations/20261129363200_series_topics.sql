-- Topics follow a series as its other fields do (issue 33, decision 0407). A date's topics are
-- saved on that date (Topics box on the event page: an update of events.tags); a series' other
-- fields, changed "from this date on" (update_series_from), reach that date and the later ones
-- that have not been cancelled, and the template that makes the dates to come. Topics now do the
-- same:
-- * saving a date's topics copies them to the later dates of its series that have not started
--   and are not cancelled (past dates keep the topics they were held with);
-- * a new date (create_series, the horizon job) takes the topics of the date before it, as it
--   takes its team, link and questions (private.copy_occurrence_extras).

create function private.series_topics_follow() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- The copies below update events.tags again: only the caller's own save spreads.
  if pg_trigger_depth() > 1 or new.series_id is null or new.tags is not distinct from old.tags then
    return null;
  end if;
  update public.events o set tags = new.tags
  where o.series_id = new.series_id and o.series_position > new.series_position
    and o.status <> 'cancelled' and o.starts_at > now() and o.tags is distinct from new.tags;
  return null;
end
$$;
create trigger events_series_topics after update of tags on public.events
  for each row execute function private.series_topics_follow();

create function private.series_topics_inherit() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.series_id is not null and new.series_position > 1 and coalesce(cardinality(new.tags), 0) = 0 then
    new.tags := coalesce((select p.tags from public.events p
                          where p.series_id = new.series_id and p.series_position < new.series_position
                          order by p.series_position desc limit 1), new.tags);
  end if;
  return new;
end
$$;
create trigger events_series_topics_inherit before insert on public.events
  for each row execute function private.series_topics_inherit();

revoke all on function private.series_topics_follow(), private.series_topics_inherit() from public, anon, authenticated;
