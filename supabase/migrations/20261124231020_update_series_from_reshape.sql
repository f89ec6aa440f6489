-- update_series_from as in migration 20261124162621, taking `rrule` and a start on another day:
-- those split the series into one with the new rule (private.reshape_series_from, decision 0125)
-- instead of being refused. A change of time on the same day and other fields work as before.

create or replace function public.update_series_from(event_id uuid, changes jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  e public.events := private.lock_event(update_series_from.event_id);
  allowed constant text[] := array['title', 'description', 'category', 'venue_name', 'address', 'lat', 'lng',
    'is_online', 'online_url', 'cover_path', 'video_url', 'video_path', 'capacity', 'waitlist_enabled',
    'requires_approval', 'plus_ones_max', 'visibility', 'status', 'starts_at', 'ends_at', 'rrule'];
  unknown text;
  s public.event_series;
  target uuid;
  k int := e.series_position;
  rule_k record;
  old_local timestamp := e.starts_at at time zone e.timezone;
  new_local timestamp;
  shift interval := interval '0';
  new_duration interval;
  o public.events;
  updated int := 0;
begin
  perform private.assert_active();
  perform private.require_event_team(e.id);
  if e.series_id is null then
    perform private.raise_error('not_in_series', 'This event is not part of a series.', 409);
  end if;
  if e.status = 'cancelled' then
    perform private.raise_error('event_cancelled', 'This event was cancelled.', 409);
  end if;
  if jsonb_typeof(changes) is distinct from 'object' then
    perform private.invalid_series_change('Say what to change.');
  end if;
  select string_agg(key, ', ') into unknown from jsonb_object_keys(changes) key where key <> all (allowed);
  if unknown is not null then
    perform private.invalid_series_change('These can only be changed one date at a time: ' || unknown || '.');
  end if;
  if changes ->> 'status' = 'cancelled' then
    perform private.invalid_series_change('To cancel the following dates, cancel the series.');
  end if;
  if changes ? 'starts_at' then
    new_local := (changes ->> 'starts_at')::timestamptz at time zone e.timezone;
    if new_local is null then
      perform private.invalid_series_change('Give the new start as a date and time.');
    end if;
    shift := new_local - old_local;
  end if;
  if changes ? 'ends_at' then
    new_duration := ((changes ->> 'ends_at')::timestamptz at time zone e.timezone) - coalesce(new_local, old_local);
    if new_duration <= interval '0' or new_duration > interval '14 days' then
      perform private.raise_error('invalid_dates', 'The event must end after it starts, and last at most 14 days.');
    end if;
  end if;

  -- Another day or another rule: the series is split into one with the new rule (decision 0125).
  if changes ? 'rrule' or new_local::date <> old_local::date then
    return private.reshape_series_from(e, changes, coalesce(new_local, old_local), new_duration);
  end if;

  select * into s from public.event_series where id = e.series_id for update;
  if k = 1 then
    target := s.id;
    update public.event_series set dtstart = dtstart + shift, duration = coalesce(new_duration, duration) where id = s.id;
  else
    select x.local_start, x.starts_at into rule_k
    from private.series_starts(private.parse_rrule(s.rrule, s.timezone), s.dtstart, s.timezone, 52) x where x.n = k;
    insert into public.event_series (host_id, first_event_id, parent_series_id, rrule, dtstart, duration, timezone,
                                     until_at, count, horizon, generated_count, status, created_by)
    values (s.host_id, e.id, s.id,
            case when s.count is null then s.rrule else private.rrule_with_end(s.rrule, 'COUNT=' || (s.count - k + 1)) end,
            rule_k.local_start + shift, coalesce(new_duration, s.duration), s.timezone, s.until_at, s.count - k + 1,
            s.horizon, greatest(s.generated_count - k + 1, 1), s.status, (select auth.uid()))
    returning id into target;
    insert into private.series_templates (series_id, fields, online_url)
    select target, fields, online_url from private.series_templates where series_id = s.id;
    update public.event_series set
      rrule = private.rrule_with_end(s.rrule, 'UNTIL=' || to_char((rule_k.starts_at - interval '1 second') at time zone 'UTC', 'YYYYMMDD"T"HH24MISS"Z"')),
      until_at = rule_k.starts_at - interval '1 second', count = null, generated_count = k - 1,
      status = case when s.status = 'cancelled' then 'cancelled' else 'complete' end
    where id = s.id;
    -- Cancelled dates cannot change any more (the lifecycle trigger): they stay with the old part.
    update public.events set series_id = target, series_position = series_position - k + 1
    where series_id = s.id and series_position >= k and status <> 'cancelled';
  end if;

  update private.series_templates set
    fields = fields || (changes - 'starts_at' - 'ends_at' - 'online_url'),
    online_url = case when changes ? 'online_url' then nullif(changes ->> 'online_url', '') else online_url end
  where series_id = target;

  for o in
    select * from public.events where series_id = target and status <> 'cancelled' and starts_at >= e.starts_at
    order by series_position for update
  loop
    perform private.apply_series_change(o, changes, shift, new_duration);
    updated := updated + 1;
  end loop;
  return private.series_summary(target) || jsonb_build_object('updated', updated);
end
$$;

