-- The only way RSVP state changes. Each call locks the event row, so concurrent calls on one
-- event run one after another: capacity is never exceeded, and the waitlist is promoted first
-- come, first served, exactly once.

-- Promotes the earliest waitlisted RSVPs that fit in the spots left; tells each of them.
create function private.promote_waitlist(eid uuid) returns int
language plpgsql security definer set search_path = '' as $$
declare
  e public.events;
  used int;
  promoted int := 0;
  r record;
begin
  select * into e from public.events where id = eid;
  select coalesce(sum(1 + guests), 0) into used from public.rsvps where event_id = eid and status = 'going';
  for r in
    select user_id, guests from public.rsvps
    where event_id = eid and status = 'waitlisted' order by waitlist_position
  loop
    if e.capacity is not null and used + 1 + r.guests > e.capacity then
      continue;
    end if;
    update public.rsvps set status = 'going', waitlist_position = null where event_id = eid and user_id = r.user_id;
    used := used + 1 + r.guests;
    promoted := promoted + 1;
    perform private.notify(r.user_id, 'rsvp_promoted', jsonb_build_object('event_id', e.id, 'slug', e.slug, 'title', e.title));
  end loop;
  return promoted;
end
$$;

create trigger events_after_change after insert or update on public.events
  for each row execute function private.after_event_change();

-- Locks and returns an event the caller may see, or raises the catalogue's error.
create function private.lock_event(eid uuid) returns public.events
language plpgsql security definer set search_path = '' as $$
declare
  e public.events;
begin
  if (select auth.uid()) is null then
    perform private.raise_error('not_signed_in', 'Sign in to do that.', 401);
  end if;
  select * into e from public.events where id = eid for update;
  if not found or not private.can_view_event(eid) then
    perform private.raise_error('event_not_found', 'This event does not exist or is not visible to you.', 404);
  end if;
  return e;
end
$$;

create function private.waitlist_place(eid uuid, uid uuid) returns bigint
language sql stable security definer set search_path = '' as $$
  select count(*) from public.rsvps w
  where w.event_id = eid and w.status = 'waitlisted'
    and w.waitlist_position <= (select waitlist_position from public.rsvps where event_id = eid and user_id = uid)
$$;

create function private.rsvp_result(eid uuid, uid uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'event_id', r.event_id, 'user_id', r.user_id, 'status', r.status, 'guests', r.guests,
    'waitlist_position', case when r.status = 'waitlisted' then private.waitlist_place(eid, uid) end,
    'spots_left', s.spots_left)
  from public.rsvps r left join public.event_stats s on s.event_id = r.event_id
  where r.event_id = eid and r.user_id = uid
$$;

create function public.rsvp(event_id uuid, guests int default 0) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := (select auth.uid());
  e public.events := private.lock_event(rsvp.event_id);
  cur public.rsvps;
  used int;
  next_status public.rsvp_status;
  place bigint;
begin
  if exists (select 1 from public.profiles where id = me and suspended_at is not null) then
    perform private.raise_error('suspended', 'Your account is suspended.', 403);
  end if;
  if e.status = 'draft' then perform private.raise_error('event_not_published', 'This event isn''t published yet.', 409); end if;
  if e.status = 'cancelled' then perform private.raise_error('event_cancelled', 'This event was cancelled.', 409); end if;
  if now() >= coalesce(e.rsvp_closes_at, e.starts_at) then
    perform private.raise_error('rsvp_closed', 'RSVPs for this event are closed.', 409);
  end if;
  if rsvp.guests is null or rsvp.guests < 0 or rsvp.guests > e.plus_ones_max then
    perform private.raise_error('too_many_guests', format('You can bring at most %s guests.', e.plus_ones_max), 422);
  end if;
  select * into cur from public.rsvps r where r.event_id = e.id and r.user_id = me;
  select coalesce(sum(1 + r.guests), 0) into used from public.rsvps r
    where r.event_id = e.id and r.status = 'going' and r.user_id <> me;

  if found and cur.status = 'declined' then
    perform private.raise_error('rsvp_declined', 'The hosts declined your request for this event.', 409);
  end if;
  if cur.status in ('going', 'waitlisted', 'pending') then
    -- Already in: only the number of guests changes, and it must still fit.
    if cur.status = 'going' and e.capacity is not null and used + 1 + rsvp.guests > e.capacity then
      perform private.raise_error('event_full', 'This event is full.', 409);
    end if;
    update public.rsvps r set guests = rsvp.guests where r.event_id = e.id and r.user_id = me;
  else
    if e.requires_approval then
      next_status := 'pending';
    elsif e.capacity is null or used + 1 + rsvp.guests <= e.capacity then
      next_status := 'going';
    elsif e.waitlist_enabled then
      next_status := 'waitlisted';
    else
      perform private.raise_error('event_full', 'This event is full.', 409);
    end if;
    if next_status = 'waitlisted' then
      select coalesce(max(r.waitlist_position), 0) + 1 into place from public.rsvps r where r.event_id = e.id;
    end if;
    insert into public.rsvps as r (event_id, user_id, status, guests, waitlist_position)
    values (e.id, me, next_status, rsvp.guests, place)
    on conflict (event_id, user_id) do update
      set status = excluded.status, guests = excluded.guests, waitlist_position = excluded.waitlist_position,
          checked_in_at = null, created_at = now();
    if next_status = 'pending' then
      perform private.notify(h.user_id, 'rsvp_requested', jsonb_build_object('event_id', e.id, 'slug', e.slug, 'title', e.title, 'user_id', me))
      from public.event_hosts h where h.event_id = e.id and h.role in ('host', 'cohost');
    end if;
  end if;
  perform private.refresh_event_stats(e.id);
  return private.rsvp_result(e.id, me);
end
$$;

create function public.cancel_rsvp(event_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := (select auth.uid());
  e public.events := private.lock_event(cancel_rsvp.event_id);
  cur public.rsvps;
begin
  if e.status = 'cancelled' then perform private.raise_error('event_cancelled', 'This event was cancelled.', 409); end if;
  select * into cur from public.rsvps r where r.event_id = e.id and r.user_id = me;
  if not found or cur.status not in ('going', 'waitlisted', 'pending') then
    perform private.raise_error('rsvp_not_found', 'You have no RSVP for this event.', 404);
  end if;
  update public.rsvps r set status = 'cancelled', waitlist_position = null, checked_in_at = null
    where r.event_id = e.id and r.user_id = me;
  if cur.status = 'going' then
    perform private.promote_waitlist(e.id);
  end if;
  perform private.refresh_event_stats(e.id);
  return private.rsvp_result(e.id, me);
end
$$;

create function public.decide_rsvp(event_id uuid, user_id uuid, approve boolean) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  e public.events := private.lock_event(decide_rsvp.event_id);
  cur public.rsvps;
  used int;
begin
  if not private.can_manage_event(e.id) then
    perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
  end if;
  if e.status = 'cancelled' then perform private.raise_error('event_cancelled', 'This event was cancelled.', 409); end if;
  select * into cur from public.rsvps r where r.event_id = e.id and r.user_id = decide_rsvp.user_id;
  if not found or cur.status <> 'pending' then
    perform private.raise_error('rsvp_not_pending', 'There is no pending request from this person.', 409);
  end if;
  if approve then
    select coalesce(sum(1 + r.guests), 0) into used from public.rsvps r where r.event_id = e.id and r.status = 'going';
    if e.capacity is not null and used + 1 + cur.guests > e.capacity then
      perform private.raise_error('event_full', 'This event is full.', 409);
    end if;
  end if;
  update public.rsvps r set status = case when approve then 'going' else 'declined' end::public.rsvp_status
    where r.event_id = e.id and r.user_id = decide_rsvp.user_id;
  perform private.notify(decide_rsvp.user_id, case when approve then 'rsvp_approved' else 'rsvp_declined' end,
    jsonb_build_object('event_id', e.id, 'slug', e.slug, 'title', e.title));
  perform private.refresh_event_stats(e.id);
  return private.rsvp_result(e.id, decide_rsvp.user_id);
end
$$;

create function public.check_in(event_id uuid, user_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  e public.events := private.lock_event(check_in.event_id);
  cur public.rsvps;
begin
  if not private.can_check_in(e.id) then
    perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
  end if;
  if now() < e.starts_at - interval '2 hours' or now() > e.ends_at then
    perform private.raise_error('check_in_closed', 'Check-in opens 2 hours before the start and closes at the end.', 409);
  end if;
  select * into cur from public.rsvps r where r.event_id = e.id and r.user_id = check_in.user_id for update;
  if not found or cur.status <> 'going' then
    perform private.raise_error('not_going', 'This person is not on the guest list.', 404);
  end if;
  if cur.checked_in_at is not null then
    perform private.raise_error('already_checked_in',
      format('Already checked in at %s.', to_char(cur.checked_in_at at time zone e.timezone, 'HH24:MI')), 409,
      cur.checked_in_at::text);
  end if;
  update public.rsvps r set checked_in_at = now() where r.event_id = e.id and r.user_id = check_in.user_id;
  perform private.refresh_event_stats(e.id);
  return jsonb_build_object('event_id', e.id, 'user_id', check_in.user_id,
    'checked_in_at', (select checked_in_at from public.rsvps r where r.event_id = e.id and r.user_id = check_in.user_id));
end
$$;

revoke all on function public.rsvp(uuid, int), public.cancel_rsvp(uuid), public.decide_rsvp(uuid, uuid, boolean),
  public.check_in(uuid, uuid) from public, anon;
grant execute on function public.rsvp(uuid, int), public.cancel_rsvp(uuid), public.decide_rsvp(uuid, uuid, boolean),
  public.check_in(uuid, uuid) to authenticated, service_role;
revoke all on function private.promote_waitlist(uuid), private.refresh_event_stats(uuid), private.notify(uuid, text, jsonb)
  from public, anon, authenticated;
