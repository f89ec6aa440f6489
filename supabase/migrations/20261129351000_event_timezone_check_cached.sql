-- Issue 35: inserting 1,000 events in one request ran past the 8 s statement limit. Nearly all
-- of it was validate_event's `exists (select 1 from pg_timezone_names where name = …)`: that view
-- reads the whole time-zone database on every call (~30 ms an event on PGlite, decision 0361).
-- The names are copied once into a table with a primary key, and the check looks there first;
-- a name not in the copy still gets the authoritative pg_timezone_names answer, so what is
-- accepted and refused is unchanged (a zone added by a newer tzdata is accepted, slowly).
create table private.timezone_names (name text primary key);
alter table private.timezone_names enable row level security;
revoke all on private.timezone_names from public, anon, authenticated;
insert into private.timezone_names (name) select distinct name from pg_timezone_names;

-- Whether `tz` is a time-zone name; the trigger runs as the writer, who cannot read the copy.
create function private.is_timezone_name(tz text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from private.timezone_names t where t.name = tz)
      or exists (select 1 from pg_catalog.pg_timezone_names z where z.name = tz)
$$;
revoke all on function private.is_timezone_name(text) from public, anon;
grant execute on function private.is_timezone_name(text) to authenticated, service_role;

-- As in 20261101000500_event_rules.sql, with the time-zone check on the copy first.
create or replace function private.validate_event() returns trigger
language plpgsql as $$
begin
  if char_length(coalesce(new.title, '')) not between 3 and 120 then
    perform private.raise_error('invalid_title', 'The title must be 3 to 120 characters long.');
  end if;
  if char_length(new.description) > 20000 then
    perform private.raise_error('invalid_description', 'The description can be at most 20,000 characters long.');
  end if;
  if new.ends_at <= new.starts_at or new.ends_at > new.starts_at + interval '14 days' then
    perform private.raise_error('invalid_dates', 'The event must end after it starts, and last at most 14 days.');
  end if;
  if not private.is_timezone_name(new.timezone) then
    perform private.raise_error('invalid_timezone', 'Choose a time zone from the list.');
  end if;
  if (new.lat is not null and new.lat not between -90 and 90) or (new.lng is not null and new.lng not between -180 and 180) then
    perform private.raise_error('invalid_location', 'Latitude must be between -90 and 90 and longitude between -180 and 180.');
  end if;
  if not ((new.venue_name is not null and new.lat is not null and new.lng is not null) or new.is_online) then
    perform private.raise_error('missing_location', 'Add a place on the map or an online link, or both.');
  end if;
  if new.capacity is not null and new.capacity not between 1 and 100000 then
    perform private.raise_error('invalid_capacity', 'Capacity must be empty or between 1 and 100,000.');
  end if;
  if new.plus_ones_max not between 0 and 10 then
    perform private.raise_error('invalid_plus_ones', 'Guests per RSVP must be between 0 and 10.');
  end if;
  if new.video_url is not null and new.video_url !~* '^https://((www\.|m\.)?youtube\.com/|youtu\.be/|(www\.|player\.)?vimeo\.com/)' then
    perform private.raise_error('invalid_video_url', 'The video link must be a YouTube or Vimeo link.');
  end if;
  if new.status = 'published' and (tg_op = 'INSERT' or old.status = 'draft') and new.starts_at <= now() then
    perform private.raise_error('starts_in_past', 'An event must start in the future to be published.');
  end if;
  return new;
end
$$;
