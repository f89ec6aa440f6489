-- Moderation of content: site admins hide events, hosts and admins hide comments. Hidden things
-- disappear for everyone but the event's hosts and the admins (a hidden comment also stays
-- visible to its author, as before); every hide and restore is in the moderation log.

alter table public.events add column hidden_at timestamptz;

-- As in migration 0400, plus: a hidden event is for its hosts and the admins only.
create or replace function private.can_view_event(eid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.events e
    where e.id = eid and (
      (e.status <> 'draft' and e.visibility <> 'private' and e.hidden_at is null)
      or private.is_admin()
      or private.event_role(e.id) is not null
      or (e.status <> 'draft' and e.hidden_at is null and (
            exists (select 1 from public.rsvps r where r.event_id = e.id and r.user_id = (select auth.uid()))
         or exists (select 1 from public.event_invites i where i.event_id = e.id and i.user_id = (select auth.uid()))))))
$$;

-- As in migration 0500, except that hiding or restoring alone is moderation, not an edit: it
-- is allowed on a cancelled event too, and leaves everything else as it was.
create or replace function private.event_lifecycle() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.hidden_at is distinct from old.hidden_at
     and (to_jsonb(new) - 'hidden_at' - 'search') = (to_jsonb(old) - 'hidden_at' - 'search') then
    return new;
  end if;
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

drop policy "events are visible to those who may see them" on public.events;
create policy "events are visible to those who may see them" on public.events for select to anon, authenticated
  using ((status <> 'draft' and visibility <> 'private' and hidden_at is null)
         or host_id = (select auth.uid()) or (select private.can_view_event(id)));

-- Discovery lists what anyone may find: never a hidden event, not even for its hosts.
create or replace function public.events_near(
  lat double precision, lng double precision, radius_km double precision default 25,
  starts_after timestamptz default now(), starts_before timestamptz default null,
  category public.event_category default null
) returns setof public.events
language sql stable as $$
  select e.* from public.events e
  where e.status = 'published' and e.visibility = 'public' and e.hidden_at is null
    and e.lat between events_near.lat - events_near.radius_km / 111.0 and events_near.lat + events_near.radius_km / 111.0
    and private.distance_km(events_near.lat, events_near.lng, e.lat, e.lng) <= events_near.radius_km
    and e.ends_at >= events_near.starts_after
    and (events_near.starts_before is null or e.starts_at < events_near.starts_before)
    and (events_near.category is null or e.category = events_near.category)
  order by private.distance_km(events_near.lat, events_near.lng, e.lat, e.lng), e.starts_at
$$;

create or replace function public.search_events(
  query text default null, category public.event_category default null,
  starts_after timestamptz default now(), starts_before timestamptz default null,
  online_only boolean default false,
  near_lat double precision default null, near_lng double precision default null, radius_km double precision default null
) returns setof public.events
language sql stable as $$
  select e.* from public.events e
  where e.status = 'published' and e.visibility = 'public' and e.hidden_at is null
    and e.ends_at >= search_events.starts_after
    and (search_events.starts_before is null or e.starts_at < search_events.starts_before)
    and (search_events.category is null or e.category = search_events.category)
    and (not search_events.online_only or e.is_online)
    and (nullif(trim(search_events.query), '') is null
         or e.search @@ websearch_to_tsquery('english', search_events.query)
         or e.title ilike '%' || replace(replace(trim(search_events.query), '%', '\%'), '_', '\_') || '%')
    and (search_events.near_lat is null or search_events.near_lng is null or search_events.radius_km is null
         or private.distance_km(search_events.near_lat, search_events.near_lng, e.lat, e.lng) <= search_events.radius_km)
  order by
    case when nullif(trim(search_events.query), '') is null then 0
         else -ts_rank(e.search, websearch_to_tsquery('english', search_events.query)) end,
    e.starts_at
$$;

-- Every hide and restore is logged, whichever way it was made (hide_content, or a host's
-- direct `update comments set hidden_at`).
create function private.log_hidden_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.log_moderation(
    case when new.hidden_at is null then 'content_restored' else 'content_hidden' end,
    case tg_table_name when 'events' then 'event' else 'comment' end,
    new.id,
    -- A comment names its event; an event is its own.
    jsonb_build_object('event_id', coalesce((to_jsonb(new) ->> 'event_id')::uuid, new.id)));
  return null;
end
$$;
create trigger events_log_hidden after update of hidden_at on public.events
  for each row when (old.hidden_at is distinct from new.hidden_at) execute function private.log_hidden_change();
create trigger comments_log_hidden after update of hidden_at on public.comments
  for each row when (old.hidden_at is distinct from new.hidden_at) execute function private.log_hidden_change();

create function public.hide_content(target_type text, target_id uuid, hidden boolean) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  eid uuid;
begin
  if (select auth.uid()) is null then
    perform private.raise_error('not_signed_in', 'Sign in to do that.', 401);
  end if;
  perform private.assert_active();
  if hidden is null then
    perform private.raise_error('invalid_request', 'Say whether to hide or restore it.');
  end if;
  if hide_content.target_type = 'comment' then
    select c.event_id into eid from public.comments c where c.id = hide_content.target_id for update;
    if not found then
      perform private.raise_error('content_not_found', 'This content does not exist.', 404);
    end if;
    if not private.can_manage_event(eid) then
      perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
    end if;
    update public.comments c set hidden_at = case when hidden then coalesce(c.hidden_at, now()) end
    where c.id = hide_content.target_id;
  elsif hide_content.target_type = 'event' then
    perform private.require_admin();
    update public.events e set hidden_at = case when hidden then coalesce(e.hidden_at, now()) end
    where e.id = hide_content.target_id;
    if not found then
      perform private.raise_error('content_not_found', 'This content does not exist.', 404);
    end if;
  else
    perform private.raise_error('invalid_target', 'Only comments and events can be hidden.');
  end if;
end
$$;

revoke all on function public.hide_content(text, uuid, boolean) from public, anon;
grant execute on function public.hide_content(text, uuid, boolean) to authenticated, service_role;
