-- The rules of point 5 and 4 for events, raised with the same words the forms show.

create function private.validate_event() returns trigger
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
  if not exists (select 1 from pg_timezone_names where name = new.timezone) then
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

create trigger events_validate before insert or update on public.events
  for each row execute function private.validate_event();

-- Slugs come from the title, stay stable when it changes, and are unique.
create function private.assign_event_slug() returns trigger
language plpgsql as $$
declare
  base text := left(nullif(private.slugify(new.title), ''), 60);
  candidate text;
begin
  base := coalesce(base, 'event');
  candidate := base;
  while exists (select 1 from public.events where slug = candidate) loop
    candidate := base || '-' || substr(md5(random()::text), 1, 6);
  end loop;
  new.slug := candidate;
  return new;
end
$$;

create trigger events_slug before insert on public.events
  for each row when (new.slug is null) execute function private.assign_event_slug();

-- Defaults, the status machine and the per-member creation limit.
create function private.event_lifecycle() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if not private.is_admin() and current_user = 'authenticated' and (
      select count(*) from public.events where host_id = new.host_id and created_at > now() - interval '1 day') >= 20 then
      perform private.raise_error('rate_limited', 'You''re doing that too often. Try again in a minute.', 429);
    end if;
    new.rsvp_closes_at := coalesce(new.rsvp_closes_at, new.starts_at);
  else
    if new.host_id is distinct from old.host_id then
      perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
    end if;
    if new.status is distinct from old.status and not (
      (old.status = 'draft' and new.status in ('published', 'cancelled')) or (old.status = 'published' and new.status = 'cancelled')) then
      perform private.raise_error('invalid_status_change', 'A cancelled event cannot be changed back, and a published event cannot become a draft.');
    end if;
    if old.status = 'cancelled' then
      perform private.raise_error('event_cancelled', 'This event was cancelled.', 409);
    end if;
    if new.starts_at is distinct from old.starts_at and new.rsvp_closes_at = old.rsvp_closes_at and old.rsvp_closes_at = old.starts_at then
      new.rsvp_closes_at := new.starts_at; -- the default follows the start
    end if;
  end if;
  if new.status = 'published' and new.published_at is null then
    new.published_at := now();
  end if;
  return new;
end
$$;

create trigger events_lifecycle before insert or update on public.events
  for each row execute function private.event_lifecycle();

create function private.after_event_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  r record;
begin
  if tg_op = 'INSERT' then
    insert into public.event_hosts (event_id, user_id, role) values (new.id, new.host_id, 'host');
    perform private.refresh_event_stats(new.id);
    return null;
  end if;
  if new.status = 'cancelled' and old.status <> 'cancelled' then
    for r in select user_id from public.rsvps where event_id = new.id and status in ('going', 'waitlisted', 'pending') loop
      perform private.notify(r.user_id, 'event_cancelled',
        jsonb_build_object('event_id', new.id, 'slug', new.slug, 'title', new.title, 'reason', new.cancel_reason));
    end loop;
  elsif new.capacity is distinct from old.capacity and (new.capacity is null or new.capacity > coalesce(old.capacity, 0)) then
    perform private.promote_waitlist(new.id);
  end if;
  perform private.refresh_event_stats(new.id);
  return null;
end
$$;
