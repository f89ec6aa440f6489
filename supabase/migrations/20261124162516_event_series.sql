-- Repeating events (decisions 0120-0123). A series is an RFC 5545 RRULE anchored at its first
-- event's wall-clock start in the event's zone; each occurrence is a real event
-- (`events.series_id`, `events.series_position`) with its own RSVPs, comments and check-in.
-- Occurrences are made in SQL, in the caller's transaction, only up to a horizon (8 weeks past
-- today or the first date); an hourly job makes the rest as the horizon moves.

create table public.event_series (
  id uuid primary key default gen_random_uuid(),
  host_id uuid not null references public.profiles (id) on delete cascade,
  -- The event the series was made from (or, after a split, the first of the new part).
  first_event_id uuid references public.events (id) on delete set null,
  -- The series this one was split from ("this and following").
  parent_series_id uuid references public.event_series (id) on delete set null,
  rrule text not null,
  -- Wall-clock start and length of an occurrence in `timezone`: 19:00 stays 19:00 across DST.
  dtstart timestamp not null,
  duration interval not null,
  timezone text not null,
  until_at timestamptz,
  count int constraint event_series_count check (count between 2 and 52),
  horizon interval not null default interval '8 weeks',
  -- Occurrences 1..generated_count have been made (or skipped for being past).
  generated_count int not null default 1,
  status text not null default 'active' constraint event_series_status check (status in ('active', 'complete', 'cancelled')),
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index event_series_active_idx on public.event_series (id) where status = 'active';
create trigger event_series_updated_at before update on public.event_series
  for each row execute function private.set_updated_at();

alter table public.events
  add column series_id uuid references public.event_series (id) on delete set null,
  add column series_position int;
create index events_series_idx on public.events (series_id, series_position) where series_id is not null;

-- What each new occurrence copies: the event's fields as they were when the series was made
-- (or changed with "this and following"). Private: the online link is in here.
create table private.series_templates (
  series_id uuid primary key references public.event_series (id) on delete cascade,
  fields jsonb not null,
  online_url text
);
revoke all on private.series_templates from public, anon, authenticated, service_role;

-- A series is visible to whoever may see one of its events; it is written by procedures only.
alter table public.event_series enable row level security;
create policy "series are visible with their events" on public.event_series for select to anon, authenticated
  using (exists (select 1 from public.events e where e.series_id = event_series.id and (select private.can_view_event(e.id))));
grant select on public.event_series to anon, authenticated;
grant all on public.event_series to service_role;

-- series_id and series_position are the database's: a client's insert cannot set them (update
-- grants never included them).
create function private.event_series_owned() returns trigger
language plpgsql as $$
begin
  if private.is_client() then
    new.series_id := null;
    new.series_position := null;
  end if;
  return new;
end
$$;
create trigger events_series_owned before insert on public.events
  for each row execute function private.event_series_owned();

-- The group's members heard of the series when its first event was published; the dates made
-- after it must not each alert them again. Triggers fire in name order, so this one runs before
-- events_group_alerts and marks the members as told (decision 0122).
create function private.quiet_series_alerts() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.group_alerts_sent (event_id, user_id)
  select new.id, m.user_id from public.group_members m
  where m.group_id = new.group_id and m.status = 'active'
  on conflict do nothing;
  return null;
end
$$;
create trigger events_a_series_quiet_alerts after insert on public.events
  for each row when (new.series_id is not null and new.series_position > 1 and new.group_id is not null)
  execute function private.quiet_series_alerts();

-- The extras an occurrence takes from the one before it: the team (co-hosts, checkers) and the
-- online link. Registration questions add themselves here (create or replace) when they exist.
create function private.copy_occurrence_extras(src uuid, dst uuid, online_url text) returns void
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.event_hosts (event_id, user_id, role)
  select dst, h.user_id, h.role from public.event_hosts h where h.event_id = src and h.role <> 'host'
  on conflict do nothing;
  if online_url is not null then
    insert into public.event_online_links (event_id, url) values (dst, online_url)
    on conflict (event_id) do update set url = excluded.url;
  end if;
end
$$;

-- Makes the occurrences of one series that start before its horizon: `at` (now, for the job)
-- or the first date if later, plus the series' horizon. Past dates are skipped, not made.
create function private.extend_series(sid uuid, at timestamptz default now()) returns int
language plpgsql security definer set search_path = '' as $$
declare
  s public.event_series;
  t private.series_templates;
  f public.events;
  o record;
  prev uuid;
  made uuid;
  n_made int := 0;
begin
  select * into s from public.event_series where id = sid for update;
  if not found or s.status <> 'active' then
    return 0;
  end if;
  select * into t from private.series_templates where series_id = sid;
  f := jsonb_populate_record(null::public.events, t.fields);
  for o in
    select x.n, x.local_start, x.starts_at
    from private.series_starts(private.parse_rrule(s.rrule, s.timezone), s.dtstart, s.timezone, 52) x
    where x.n > s.generated_count
      and x.starts_at < greatest(at, s.dtstart at time zone s.timezone) + s.horizon
    order by x.n
  loop
    if o.starts_at > now() then
      select id into prev from public.events where series_id = sid order by series_position desc limit 1;
      insert into public.events (host_id, title, description, category, starts_at, ends_at, timezone, venue_name,
        address, lat, lng, is_online, cover_path, video_url, video_path, capacity, waitlist_enabled,
        requires_approval, plus_ones_max, rsvp_closes_at, visibility, status, group_id, series_id, series_position)
      values (s.host_id, f.title, f.description, f.category, o.starts_at,
        (o.local_start + s.duration) at time zone s.timezone, s.timezone, f.venue_name, f.address, f.lat, f.lng,
        f.is_online, f.cover_path, f.video_url, f.video_path, f.capacity, f.waitlist_enabled, f.requires_approval,
        f.plus_ones_max, o.starts_at - coalesce((t.fields ->> 'rsvp_closes_before')::interval, interval '0'),
        f.visibility, f.status, f.group_id, sid, o.n)
      returning id into made;
      perform private.copy_occurrence_extras(prev, made, t.online_url);
      n_made := n_made + 1;
    end if;
    s.generated_count := o.n;
  end loop;
  update public.event_series set generated_count = s.generated_count,
    status = case when exists (
      select 1 from private.series_starts(private.parse_rrule(s.rrule, s.timezone), s.dtstart, s.timezone, 52) x
      where x.n > s.generated_count) then 'active' else 'complete' end
  where id = sid;
  return n_made;
end
$$;

-- The scheduled job: every active series made up to its horizon. Service role only; `at` lets
-- tests move the clock forward.
create function public.extend_series_horizons(at timestamptz default now()) returns int
language plpgsql security definer set search_path = '' as $$
declare
  sid uuid;
  total int := 0;
begin
  for sid in select id from public.event_series where status = 'active' order by created_at loop
    total := total + private.extend_series(sid, at);
  end loop;
  return total;
end
$$;

revoke all on function private.extend_series(uuid, timestamptz), private.copy_occurrence_extras(uuid, uuid, text),
  private.quiet_series_alerts(), private.event_series_owned() from public, anon, authenticated, service_role;
revoke all on function public.extend_series_horizons(timestamptz) from public, anon, authenticated;
grant execute on function public.extend_series_horizons(timestamptz) to service_role;

select cron.schedule('gather-extend-series', '11 * * * *', 'select public.extend_series_horizons()');
