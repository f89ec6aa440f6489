-- Calendar subscriptions (decision 0131): what the calendar-feed function serves. Each event
-- carries its RFC 5545 SEQUENCE and when it was cancelled; members have a secret feed token;
-- three functions list a feed's events as its reader may see them.

-- SEQUENCE grows with every change a calendar shows, so subscribed calendars replace their copy.
-- Cancelled events stay in feeds for 30 days after cancelled_at (as STATUS:CANCELLED).
alter table public.events add column ics_sequence int not null default 0;
alter table public.events add column cancelled_at timestamptz;
update public.events set cancelled_at = updated_at where status = 'cancelled';

create function private.event_calendar_revision() returns trigger
language plpgsql as $$
begin
  -- Clients (decision 0096) never set these; the server (procedures, the seed, tests) may.
  if tg_op = 'INSERT' then
    if private.is_client() or new.cancelled_at is null then
      new.ics_sequence := 0;
      new.cancelled_at := case when new.status = 'cancelled' then now() end;
    end if;
    return new;
  end if;
  if private.is_client() or new.cancelled_at is not distinct from old.cancelled_at then
    new.cancelled_at := case when new.status <> 'cancelled' then null
                             when old.status = 'cancelled' then old.cancelled_at else now() end;
  end if;
  new.ics_sequence := old.ics_sequence;
  if (new.title, new.description, new.starts_at, new.ends_at, new.timezone, new.venue_name, new.address,
      new.lat, new.lng, new.is_online, new.status, new.cancel_reason)
     is distinct from
     (old.title, old.description, old.starts_at, old.ends_at, old.timezone, old.venue_name, old.address,
      old.lat, old.lng, old.is_online, old.status, old.cancel_reason) then
    new.ics_sequence := old.ics_sequence + 1;
  end if;
  return new;
end
$$;
create trigger events_calendar_revision before insert or update on public.events
  for each row execute function private.event_calendar_revision();
create index events_cancelled_idx on public.events (cancelled_at) where status = 'cancelled';

-- A member's personal feed token: secret, shown in settings, replaced on demand. Reached only
-- through the functions below (no policy, no grant to the API roles).
create table public.calendar_tokens (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  token text not null unique,
  created_at timestamptz not null default now()
);
alter table public.calendar_tokens enable row level security;
grant all on public.calendar_tokens to service_role;

-- 64 hex digits from two random UUIDs (244 random bits; pgcrypto is not everywhere).
create function private.new_calendar_token() returns text
language sql volatile as $$
  select replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
$$;

create function public.my_calendar_token() returns text
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  result text;
begin
  if me is null then perform private.raise_error('not_signed_in', 'Sign in to do that.', 401); end if;
  insert into public.calendar_tokens (user_id, token) values (me, private.new_calendar_token())
    on conflict (user_id) do nothing;
  select token into result from public.calendar_tokens where user_id = me;
  return result;
end
$$;

-- The old token stops working at once: the next fetch with it is refused.
create function public.regenerate_calendar_token() returns text
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  result text;
begin
  if me is null then perform private.raise_error('not_signed_in', 'Sign in to do that.', 401); end if;
  insert into public.calendar_tokens as t (user_id, token) values (me, private.new_calendar_token())
    on conflict (user_id) do update set token = excluded.token, created_at = now()
    returning token into result;
  return result;
end
$$;

-- Events a feed lists: upcoming, or ended in the last 30 days; cancelled ones for 30 days.
create function private.in_feed_window(e public.events) returns boolean
language sql stable as $$
  select e.ends_at >= now() - interval '30 days'
     and (e.status = 'published' or (e.status = 'cancelled' and e.cancelled_at >= now() - interval '30 days'))
$$;

-- A group's feed, as the caller (anon, for calendar apps) may see it: its public events.
create function public.calendar_group_events(group_slug text) returns setof public.events
language sql stable set search_path = '' as $$
  select e.* from public.events e join public.groups g on g.id = e.group_id
  where g.slug = calendar_group_events.group_slug and e.visibility = 'public' and e.hidden_at is null
    and private.listed_in_discover(e.visibility, e.group_id) and private.in_feed_window(e)
  order by e.starts_at limit 500
$$;

-- Discover's search as a feed (the same filters as search_events), cancelled matches included.
-- Parameters are prefixed: in a SQL function a column of the same name would win.
create function public.calendar_search_events(
  search_query text default null, search_category public.event_category default null, search_online boolean default false,
  search_lat double precision default null, search_lng double precision default null, search_km double precision default null
) returns setof public.events
language sql stable set search_path = '' as $$
  select * from (
    select s.* from public.search_events(search_query, search_category, now() - interval '30 days', null, search_online,
                                         search_lat, search_lng, search_km, false) s
    union all
    select e.* from public.events e
    where e.status = 'cancelled' and e.hidden_at is null and private.in_feed_window(e)
      and private.listed_in_discover(e.visibility, e.group_id)
      and (search_category is null or e.category = search_category)
      and (not search_online or e.is_online)
      and (nullif(trim(search_query), '') is null or e.search @@ websearch_to_tsquery('english', search_query)
           or e.title ilike '%' || replace(replace(trim(search_query), '%', '\%'), '_', '\_') || '%')
      and (search_lat is null or search_lng is null or search_km is null
           or private.distance_km(search_lat, search_lng, e.lat, e.lng) <= search_km)
  ) found
  order by found.starts_at limit 500
$$;

-- A member's own feed by token: events they go to, wait for or asked to join (the last two
-- marked tentative), host, and their groups' events, each only if they may see it. Runs the
-- visibility checks as that member (their claims set for this call), so it shows exactly what
-- the app would show them. Unknown token: `calendar_token_invalid`.
create function public.calendar_personal_events(feed_token text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid;
  saved_claims text := current_setting('request.jwt.claims', true);
  saved_sub text := current_setting('request.jwt.claim.sub', true);
  result jsonb;
begin
  select user_id into uid from public.calendar_tokens where token = feed_token and feed_token is not null;
  if uid is null then
    perform private.raise_error('calendar_token_invalid', 'This calendar link is no longer valid. Copy the new one from your settings.', 404);
  end if;
  perform set_config('request.jwt.claims', jsonb_build_object('sub', uid, 'role', 'authenticated', 'aud', 'authenticated')::text, true);
  perform set_config('request.jwt.claim.sub', uid::text, true);
  select coalesce(jsonb_agg(to_jsonb(x) - 'search' order by x.starts_at), '[]') into result from (
    select e.*, r.status::text as my_status from public.events e
    left join public.rsvps r on r.event_id = e.id and r.user_id = uid
    where private.in_feed_window(e) and private.can_view_event(e.id)
      and (r.status in ('going', 'waitlisted', 'pending')
           or private.event_role(e.id) in ('host', 'cohost')
           or exists (select 1 from public.group_members m where m.group_id = e.group_id and m.user_id = uid and m.status = 'active'))
    order by e.starts_at limit 500
  ) x;
  perform set_config('request.jwt.claims', coalesce(saved_claims, ''), true);
  perform set_config('request.jwt.claim.sub', coalesce(saved_sub, ''), true);
  return result;
end
$$;

revoke all on function public.my_calendar_token(), public.regenerate_calendar_token() from public, anon;
grant execute on function public.my_calendar_token(), public.regenerate_calendar_token() to authenticated, service_role;
grant execute on function public.calendar_group_events(text), public.calendar_personal_events(text),
  public.calendar_search_events(text, public.event_category, boolean, double precision, double precision, double precision)
  to anon, authenticated, service_role;
revoke all on function private.event_calendar_revision(), private.new_calendar_token() from public, anon, authenticated;
