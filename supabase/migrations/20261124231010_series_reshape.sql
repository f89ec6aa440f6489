-- "This and following" to another day or another rule (decision 0125). update_series_from no longer
-- refuses a start on another day, and takes `rrule`: the series is split at that date into a new
-- series with the new rule (derived from the old one when only the day moved). The dates already
-- made keep their ids — and RSVPs, comments, tickets — where a new date takes their place: the same
-- day first, then the same week (or month) in order, and the edited date is always the new first.
-- A made date with no new date in its place is cancelled; each member is told once.

create function private.reshape_series_from(e public.events, changes jsonb, new_local timestamp, new_duration interval)
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  s public.event_series;
  k int := e.series_position;
  old_local timestamp := e.starts_at at time zone e.timezone;
  changed_fields jsonb := changes - 'starts_at' - 'ends_at' - 'online_url' - 'rrule';
  rule text;
  p jsonb;
  total int;
  last_start timestamptz;
  rule_k_start timestamptz;
  target uuid;
  o record;
  ev public.events;
  nr public.events;
  prev uuid;
  made_to int := 0;
  before_move jsonb := '{}';
  moved uuid[] := '{}';
  kept int := 0;
  time_changed boolean;
  place_changed boolean;
  vanished uuid[];
  r record;
begin
  select * into s from public.event_series where id = e.series_id for update;
  new_duration := coalesce(new_duration, s.duration);
  if new_local at time zone s.timezone <= now() then
    perform private.invalid_series_change('The following dates can move to a time still ahead, not into the past.');
  end if;
  if exists (select 1 from public.events where series_id = s.id and series_position < k and status <> 'cancelled'
             and starts_at >= new_local at time zone s.timezone) then
    perform private.invalid_series_change('The following dates must start after the date before them.');
  end if;
  if changes ? 'rrule' then
    if jsonb_typeof(changes -> 'rrule') <> 'string' then
      perform private.invalid_rrule('rrule must be text');
    end if;
    rule := changes ->> 'rrule';
  else
    rule := private.rrule_moved(s.rrule, s.timezone, old_local::date, new_local::date);
    if s.count is not null then
      rule := private.rrule_with_end(rule, 'COUNT=' || greatest(s.count - k + 1, 1));
    end if;
  end if;
  p := private.parse_rrule(rule, s.timezone);
  select count(*), max(x.starts_at) into total, last_start from private.series_starts(p, new_local, s.timezone, 53) x;
  if total > 52 or last_start > now() + interval '2 years' then
    perform private.raise_error('series_too_long', 'A series can have at most 52 dates, within two years.');
  end if;

  -- The new part, with the changed template.
  insert into public.event_series (host_id, first_event_id, parent_series_id, rrule, dtstart, duration, timezone,
                                   until_at, count, horizon, generated_count, status, created_by)
  values (s.host_id, e.id, s.id, p ->> 'rule', new_local, new_duration, s.timezone, (p ->> 'until')::timestamptz,
          (p ->> 'count')::int, s.horizon, 0, 'active', (select auth.uid()))
  returning id into target;
  insert into private.series_templates (series_id, fields, online_url)
  select target, t.fields || changed_fields,
         case when changes ? 'online_url' then nullif(changes ->> 'online_url', '') else t.online_url end
  from private.series_templates t where t.series_id = s.id;
  select * into s from public.event_series where id = target;

  -- The old part ends just before this date (as a split at the same time does, decision 0123).
  select x.starts_at into rule_k_start
  from public.event_series os, private.series_starts(private.parse_rrule(os.rrule, os.timezone), os.dtstart, os.timezone, 52) x
  where os.id = e.series_id and x.n = k;
  rule_k_start := least(coalesce(rule_k_start, e.starts_at), e.starts_at);
  update public.event_series set
    rrule = private.rrule_with_end(rrule, 'UNTIL=' || to_char((rule_k_start - interval '1 second') at time zone 'UTC', 'YYYYMMDD"T"HH24MISS"Z"')),
    until_at = rule_k_start - interval '1 second', count = null, generated_count = k - 1,
    status = case when status = 'cancelled' then 'cancelled' else 'complete' end
  where id = e.series_id;

  perform set_config('gather.quiet_event_notices', 'on', true);
  for o in
    with olds as (
      select d0.id, d0.starts_at, (d0.starts_at at time zone s.timezone)::date as d
      from public.events d0
      where d0.series_id = e.series_id and d0.series_position >= k and d0.status <> 'cancelled' and d0.id <> e.id),
    news as (
      select x.n, x.local_start, x.starts_at, x.local_start::date as d
      from private.series_starts(p, new_local, s.timezone, 52) x),
    unit as (select case when p ->> 'freq' = 'WEEKLY' then 'week' else 'month' end as u),
    same_day as (
      select distinct on (nw.n) nw.n, ol.id from news nw join olds ol using (d) where nw.n > 1 order by nw.n, ol.starts_at),
    rest_old as (
      select ol.id, date_trunc(u, ol.d::timestamp) as pk,
             row_number() over (partition by date_trunc(u, ol.d::timestamp) order by ol.starts_at) as rn
      from olds ol, unit where ol.id not in (select id from same_day)),
    rest_new as (
      select nw.n, date_trunc(u, nw.d::timestamp) as pk,
             row_number() over (partition by date_trunc(u, nw.d::timestamp) order by nw.n) as rn
      from news nw, unit where nw.n > 1 and nw.n not in (select n from same_day)),
    pairs as (
      select 1 as n, e.id
      union all select n, id from same_day
      union all select rn_.n, ro.id from rest_new rn_ join rest_old ro using (pk, rn))
    -- Made now: up to the horizon, and up to the last date that takes an old one's place.
    select nw.n, nw.local_start, nw.starts_at, pr.id as old_id
    from news nw left join pairs pr using (n)
    where nw.n <= greatest((select max(n) from pairs),
                           (select max(n) from news where starts_at < greatest(now(), new_local at time zone s.timezone) + s.horizon))
    order by nw.n
  loop
    if o.old_id is null then
      prev := private.insert_occurrence(s, o.n, o.local_start, o.starts_at, coalesce(prev, e.id));
    else
      select * into ev from public.events where id = o.old_id for update;
      nr := jsonb_populate_record(ev, changed_fields);
      update public.events set
        title = nr.title, description = nr.description, category = nr.category, venue_name = nr.venue_name,
        address = nr.address, lat = nr.lat, lng = nr.lng, is_online = nr.is_online, cover_path = nr.cover_path,
        video_url = nr.video_url, video_path = nr.video_path, capacity = nr.capacity,
        waitlist_enabled = nr.waitlist_enabled, requires_approval = nr.requires_approval,
        plus_ones_max = nr.plus_ones_max, visibility = nr.visibility, status = nr.status,
        starts_at = o.starts_at, ends_at = (o.local_start + new_duration) at time zone s.timezone,
        rsvp_closes_at = o.starts_at - (ev.starts_at - coalesce(ev.rsvp_closes_at, ev.starts_at)),
        series_id = target, series_position = o.n
      where id = ev.id
      returning * into nr;
      if changes ? 'online_url' then
        delete from public.event_online_links where event_id = ev.id;
        if nullif(changes ->> 'online_url', '') is not null then
          insert into public.event_online_links (event_id, url) values (ev.id, changes ->> 'online_url');
        end if;
      end if;
      time_changed := (nr.starts_at, nr.ends_at) is distinct from (ev.starts_at, ev.ends_at);
      place_changed := (nr.venue_name, nr.address, nr.lat, nr.lng, nr.is_online)
                       is distinct from (ev.venue_name, ev.address, ev.lat, ev.lng, ev.is_online);
      if time_changed or place_changed then
        moved := moved || ev.id;
        before_move := before_move || jsonb_build_object(ev.id::text, jsonb_build_object(
          'starts_at', ev.starts_at, 'venue_name', ev.venue_name,
          'changed', to_jsonb(array_remove(array[case when time_changed then 'time' end, case when place_changed then 'place' end], null))));
      end if;
      kept := kept + 1;
      prev := ev.id;
    end if;
    made_to := o.n;
  end loop;
  update public.event_series set generated_count = made_to,
    status = case when exists (select 1 from private.series_starts(p, new_local, s.timezone, 52) x where x.n > made_to)
                  then 'active' else 'complete' end
  where id = target;

  -- The made dates with no new date in their place are cancelled (they stay with the old part).
  with gone as (
    update public.events set status = 'cancelled'
    where series_id = e.series_id and series_position >= k and status <> 'cancelled' and starts_at > now()
    returning id)
  select coalesce(array_agg(id), '{}') into vanished from gone;
  perform set_config('gather.quiet_event_notices', '', true);

  -- Each member with an RSVP to a moved or cancelled date is told once: of the first of their
  -- dates that moved (how many moved and were cancelled in the payload), or else of the first
  -- of their dates that was cancelled. Never the member who made the change.
  for r in
    select rv.user_id,
      (array_agg(rv.event_id order by ev2.starts_at) filter (where rv.event_id = any (moved)))[1] as first_moved,
      (array_agg(rv.event_id order by ev2.starts_at) filter (where rv.event_id = any (vanished)))[1] as first_cancelled,
      count(*) filter (where rv.event_id = any (moved)) as n_moved,
      count(*) filter (where rv.event_id = any (vanished)) as n_cancelled
    from public.rsvps rv join public.events ev2 on ev2.id = rv.event_id
    where rv.event_id = any (moved || vanished) and rv.status in ('going', 'waitlisted', 'pending')
      and rv.user_id is distinct from (select auth.uid())
    group by rv.user_id
  loop
    if r.first_moved is not null then
      select * into ev from public.events where id = r.first_moved;
      perform private.notify(r.user_id, 'event_changed', jsonb_build_object(
        'event_id', ev.id, 'slug', ev.slug, 'title', ev.title, 'timezone', ev.timezone,
        'starts_at', ev.starts_at, 'ends_at', ev.ends_at, 'old_starts_at', before_move #> array[ev.id::text, 'starts_at'],
        'venue_name', ev.venue_name, 'address', ev.address,
        'old_venue_name', before_move #> array[ev.id::text, 'venue_name'], 'is_online', ev.is_online,
        'changed', before_move #> array[ev.id::text, 'changed'],
        'series_dates', r.n_moved, 'cancelled_dates', r.n_cancelled));
    else
      select * into ev from public.events where id = r.first_cancelled;
      perform private.notify(r.user_id, 'event_cancelled', jsonb_build_object(
        'event_id', ev.id, 'slug', ev.slug, 'title', ev.title, 'reason', ev.cancel_reason, 'cancelled_dates', r.n_cancelled));
    end if;
  end loop;
  return private.series_summary(target) || jsonb_build_object('updated', kept,
                                                              'cancelled', coalesce(array_length(vanished, 1), 0));
end
$$;

revoke all on function private.reshape_series_from(public.events, jsonb, timestamp, interval) from public, anon, authenticated, service_role;
