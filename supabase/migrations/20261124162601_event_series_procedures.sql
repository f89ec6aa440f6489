-- Making and cancelling a series, and telling attendees when an event's time or place changes
-- (decisions 0120, 0123). The procedures are security definer: they check the caller against the
-- event's team themselves (private.can_manage_event, as RLS does for an update), and the
-- occurrences they make are the series', not the caller's 20-events-a-day allowance.

-- As in migration 1350, except that the 20-events-a-day limit counts what members create, not
-- the dates a series makes from them (a weekly series would otherwise use a day's allowance);
-- series have their own limit in create_series.
create or replace function private.event_lifecycle() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.hidden_at is distinct from old.hidden_at
     and (to_jsonb(new) - 'hidden_at' - 'search') = (to_jsonb(old) - 'hidden_at' - 'search') then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if not private.is_admin() and current_user = 'authenticated' and (
      select count(*) from public.events where host_id = new.host_id and created_at > now() - interval '1 day'
        and coalesce(series_position, 1) = 1) >= 20 then
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

-- The team of an event (host, co-hosts, group organizers, admins), or not_host.
create function private.require_event_team(eid uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.can_manage_event(eid) then
    perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
  end if;
end
$$;

-- The fields an occurrence copies, as JSON (the online link is kept apart).
create function private.series_fields(e public.events) returns jsonb
language sql stable as $$
  select jsonb_build_object(
    'title', e.title, 'description', e.description, 'category', e.category, 'venue_name', e.venue_name,
    'address', e.address, 'lat', e.lat, 'lng', e.lng, 'is_online', e.is_online, 'cover_path', e.cover_path,
    'video_url', e.video_url, 'video_path', e.video_path, 'capacity', e.capacity,
    'waitlist_enabled', e.waitlist_enabled, 'requires_approval', e.requires_approval,
    'plus_ones_max', e.plus_ones_max, 'visibility', e.visibility, 'status', e.status, 'group_id', e.group_id,
    'rsvp_closes_before', e.starts_at - coalesce(e.rsvp_closes_at, e.starts_at))
$$;

-- create_series(event_id, rrule): the event becomes the first of a series repeating by `rrule`;
-- the dates within the horizon are made now, the rest by the hourly job. Returns the series.
create function public.create_series(event_id uuid, rrule text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  e public.events := private.lock_event(create_series.event_id);
  p jsonb;
  local_start timestamp := e.starts_at at time zone e.timezone;
  total int;
  last_start timestamptz;
  sid uuid;
begin
  perform private.assert_active();
  perform private.require_event_team(e.id);
  if not private.is_admin() and (select count(*) from public.event_series
      where created_by = (select auth.uid()) and created_at > now() - interval '1 day') >= 10 then
    perform private.raise_error('rate_limited', 'You''re doing that too often. Try again in a minute.', 429);
  end if;
  if e.series_id is not null then
    perform private.raise_error('already_in_series', 'This event is already part of a series.', 409);
  end if;
  if e.status = 'cancelled' then
    perform private.raise_error('event_cancelled', 'This event was cancelled.', 409);
  end if;
  p := private.parse_rrule(create_series.rrule, e.timezone);
  -- One more than allowed tells a rule that goes on too long.
  select count(*), max(x.starts_at) into total, last_start
  from private.series_starts(p, local_start, e.timezone, 53) x;
  if total > 52 or last_start > now() + interval '2 years' then
    perform private.raise_error('series_too_long', 'A series can have at most 52 dates, within two years.');
  end if;
  if total < 2 then
    perform private.raise_error('series_too_short', 'The rule gives no dates after the first event.');
  end if;

  insert into public.event_series (host_id, first_event_id, rrule, dtstart, duration, timezone, until_at, count, created_by)
  values (e.host_id, e.id, p ->> 'rule', local_start, (e.ends_at at time zone e.timezone) - local_start, e.timezone,
          (p ->> 'until')::timestamptz, (p ->> 'count')::int, (select auth.uid()))
  returning id into sid;
  insert into private.series_templates (series_id, fields, online_url)
  values (sid, private.series_fields(e), (select l.url from public.event_online_links l where l.event_id = e.id));
  update public.events set series_id = sid, series_position = 1 where id = e.id;
  perform private.extend_series(sid);
  return private.series_summary(sid);
end
$$;

-- What the procedures return: the series and its dates made so far.
create function private.series_summary(sid uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', s.id, 'rrule', s.rrule, 'timezone', s.timezone, 'status', s.status,
    'events', coalesce((select jsonb_agg(jsonb_build_object('id', e.id, 'slug', e.slug, 'starts_at', e.starts_at,
                                                            'status', e.status, 'position', e.series_position)
                                         order by e.series_position)
                        from public.events e where e.series_id = s.id), '[]'))
  from public.event_series s where s.id = sid
$$;

-- cancel_series(series_id, reason): cancels every future date of the series (each cancellation
-- tells its attendees, as cancelling an event does) and stops the job making more.
create function public.cancel_series(series_id uuid, reason text default null) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  s public.event_series;
  first_id uuid;
begin
  if (select auth.uid()) is null then
    perform private.raise_error('not_signed_in', 'Sign in to do that.', 401);
  end if;
  perform private.assert_active();
  select * into s from public.event_series where id = cancel_series.series_id for update;
  select e.id into first_id from public.events e
  where e.series_id = s.id and private.can_view_event(e.id) order by e.series_position limit 1;
  if first_id is null then
    perform private.raise_error('series_not_found', 'This series does not exist or is not visible to you.', 404);
  end if;
  perform private.require_event_team(first_id);
  if char_length(coalesce(reason, '')) > 1000 then
    perform private.raise_error('invalid_reason', 'The reason can be at most 1,000 characters long.');
  end if;
  update public.events e set status = 'cancelled', cancel_reason = nullif(trim(cancel_series.reason), '')
  where e.series_id = s.id and e.status <> 'cancelled' and e.starts_at > now();
  update public.event_series set status = 'cancelled' where id = s.id;
  return private.series_summary(s.id);
end
$$;

-- Attendees (going, waitlisted, pending) are told when a published, upcoming event's time or
-- place changes, whether one date was edited or "this and following" (decision 0123).
create function private.notify_event_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  time_changed boolean := new.starts_at is distinct from old.starts_at or new.ends_at is distinct from old.ends_at
                          or new.timezone is distinct from old.timezone;
  place_changed boolean := new.venue_name is distinct from old.venue_name or new.address is distinct from old.address
                           or new.lat is distinct from old.lat or new.lng is distinct from old.lng
                           or new.is_online is distinct from old.is_online;
begin
  if old.status <> 'published' or new.status <> 'published' or new.starts_at <= now()
     or not (time_changed or place_changed) then
    return null;
  end if;
  insert into public.notifications (user_id, kind, payload)
  select r.user_id, 'event_changed', jsonb_build_object(
    'event_id', new.id, 'slug', new.slug, 'title', new.title, 'timezone', new.timezone,
    'starts_at', new.starts_at, 'ends_at', new.ends_at, 'old_starts_at', old.starts_at,
    'venue_name', new.venue_name, 'address', new.address, 'old_venue_name', old.venue_name,
    'is_online', new.is_online,
    'changed', to_jsonb(array_remove(array[case when time_changed then 'time' end, case when place_changed then 'place' end], null)))
  from public.rsvps r
  where r.event_id = new.id and r.status in ('going', 'waitlisted', 'pending')
    and r.user_id is distinct from (select auth.uid());
  return null;
end
$$;
create trigger events_notify_changed after update of starts_at, ends_at, timezone, venue_name, address, lat, lng, is_online
  on public.events for each row execute function private.notify_event_changed();

revoke all on function private.require_event_team(uuid), private.series_fields(public.events), private.series_summary(uuid),
  private.notify_event_changed() from public, anon, authenticated, service_role;
revoke all on function public.create_series(uuid, text), public.cancel_series(uuid, text) from public, anon;
grant execute on function public.create_series(uuid, text), public.cancel_series(uuid, text) to authenticated, service_role;
