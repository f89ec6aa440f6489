-- Parts of "this and following" to another day or rule (decision 0125): per-date notices that can
-- be held back while a series is reshaped (the procedure then tells each member once), the rule
-- moved with its date, and one occurrence made from a series' template.

-- True while a procedure tells members itself; set for the transaction with set_config(…, true).
create function private.event_notices_quiet() returns boolean
language sql stable as $$
  select coalesce(current_setting('gather.quiet_event_notices', true), '') = 'on'
$$;

-- As in migration 20261124162601, held back while quiet.
create or replace function private.notify_event_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  time_changed boolean := new.starts_at is distinct from old.starts_at or new.ends_at is distinct from old.ends_at
                          or new.timezone is distinct from old.timezone;
  place_changed boolean := new.venue_name is distinct from old.venue_name or new.address is distinct from old.address
                           or new.lat is distinct from old.lat or new.lng is distinct from old.lng
                           or new.is_online is distinct from old.is_online;
begin
  if old.status <> 'published' or new.status <> 'published' or new.starts_at <= now()
     or not (time_changed or place_changed) or private.event_notices_quiet() then
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

-- As in migration 20261101000500, with the cancellation notice held back while quiet.
create or replace function private.after_event_change() returns trigger
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
    if not private.event_notices_quiet() then
      for r in select user_id from public.rsvps where event_id = new.id and status in ('going', 'waitlisted', 'pending') loop
        perform private.notify(r.user_id, 'event_cancelled',
          jsonb_build_object('event_id', new.id, 'slug', new.slug, 'title', new.title, 'reason', new.cancel_reason));
      end loop;
    end if;
  elsif new.capacity is distinct from old.capacity and (new.capacity is null or new.capacity > coalesce(old.capacity, 0)) then
    perform private.promote_waitlist(new.id);
  end if;
  perform private.refresh_event_stats(new.id);
  return null;
end
$$;

-- The rule of a series whose date moved from `old_day` to `new_day`: that weekday (weekly), day
-- of the month or nth weekday (monthly) becomes the new one; other days and the end stay. A rule
-- without BYDAY/BYMONTHDAY already follows its first date.
create function private.rrule_moved(rule text, tz text, old_day date, new_day date) returns text
language plpgsql stable set search_path = '' as $$
declare
  p jsonb := private.parse_rrule(rule, tz);
  days constant text[] := array['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
  old_wd int := extract(isodow from old_day)::int;
  new_wd int := extract(isodow from new_day)::int;
  new_month_end date := (date_trunc('month', new_day::timestamp) + interval '1 month')::date - 1;
  old_month_end date := (date_trunc('month', old_day::timestamp) + interval '1 month')::date - 1;
  parts text[] := array['FREQ=' || (p ->> 'freq')];
begin
  if (p ->> 'interval')::int > 1 then
    parts := parts || ('INTERVAL=' || (p ->> 'interval'));
  end if;
  if p ->> 'freq' = 'WEEKLY' and jsonb_array_length(p -> 'byday') > 0 then
    parts := parts || ('BYDAY=' || (
      select string_agg(days[wd], ',' order by wd) from (
        select distinct case when (b ->> 'wd')::int = old_wd then new_wd else (b ->> 'wd')::int end as wd
        from jsonb_array_elements(p -> 'byday') b) x));
  elsif jsonb_array_length(p -> 'bymonthday') > 0 then
    -- The old day (counted from the start or, when negative, from the end) becomes the new one.
    parts := parts || ('BYMONTHDAY=' || (
      select string_agg(v::text, ',' order by v) from (
        select distinct case
          when v > 0 and v = extract(day from old_day) then extract(day from new_day)::int
          when v < 0 and old_month_end + v + 1 = old_day then (new_day - new_month_end) - 1
          else v end as v
        from (select value::int as v from jsonb_array_elements_text(p -> 'bymonthday')) m) x));
  elsif jsonb_array_length(p -> 'byday') > 0 then
    -- The old weekday's entry takes the new date's place in its month: the last, or the nth.
    parts := parts || ('BYDAY=' || (
      select string_agg(n::text || days[wd], ',' order by n, wd) from (
        select distinct
          case when (b ->> 'wd')::int <> old_wd then (b ->> 'n')::int
               when (b ->> 'n')::int < 0 and new_day + 7 > new_month_end then -1
               else (extract(day from new_day)::int + 6) / 7 end as n,
          case when (b ->> 'wd')::int = old_wd then new_wd else (b ->> 'wd')::int end as wd
        from jsonb_array_elements(p -> 'byday') b) x));
  end if;
  return array_to_string(parts, ';') || ';' ||
    (select part from unnest(string_to_array(p ->> 'rule', ';')) part where part ~ '^(UNTIL|COUNT)=' limit 1);
end
$$;

-- One occurrence of a series, from its template, at position `n` (as the horizon job makes
-- them); it takes its team, link and questions from `prev`. Returns the new event's id.
create function private.insert_occurrence(s public.event_series, n int, local_start timestamp, starts_at timestamptz, prev uuid)
returns uuid language plpgsql security definer set search_path = '' as $$
declare
  t private.series_templates;
  f public.events;
  made uuid;
begin
  select * into t from private.series_templates where series_id = s.id;
  f := jsonb_populate_record(null::public.events, t.fields);
  insert into public.events (host_id, title, description, category, starts_at, ends_at, timezone, venue_name,
    address, lat, lng, is_online, cover_path, video_url, video_path, capacity, waitlist_enabled,
    requires_approval, plus_ones_max, rsvp_closes_at, visibility, status, group_id, series_id, series_position)
  values (s.host_id, f.title, f.description, f.category, starts_at,
    (local_start + s.duration) at time zone s.timezone, s.timezone, f.venue_name, f.address, f.lat, f.lng,
    f.is_online, f.cover_path, f.video_url, f.video_path, f.capacity, f.waitlist_enabled, f.requires_approval,
    f.plus_ones_max, starts_at - coalesce((t.fields ->> 'rsvp_closes_before')::interval, interval '0'),
    f.visibility, f.status, f.group_id, s.id, n)
  returning id into made;
  perform private.copy_occurrence_extras(prev, made, t.online_url);
  return made;
end
$$;

revoke all on function private.rrule_moved(text, text, date, date),
  private.insert_occurrence(public.event_series, int, timestamp, timestamptz, uuid) from public, anon, authenticated, service_role;
