-- Discover's reads (its list and count, the calendar, the map) ask for the events still running at
-- the window's start: `ends_at >= starts_after`, with `starts_at >= starts_after - 14 days` as the
-- date index's lower bound (private.discover_matches; an event lasts 14 days at most). On an index
-- of starts_at alone, every published event that started in those 14 days was fetched from the
-- table and then dropped for having ended: a walk that grows with the events a community holds
-- (decision 0455). With ends_at beside starts_at in the index, the ended ones are passed over in
-- the index itself. Same name and rows; the reminders' reads by start use it as before.
drop index public.events_published_start_idx;
create index events_published_start_idx on public.events (starts_at, ends_at) where status = 'published';
