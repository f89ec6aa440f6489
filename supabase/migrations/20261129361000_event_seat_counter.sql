-- Issue 35 item 3, decision 0395: a hot event's RSVPs no longer queue behind its row lock. Every
-- seat-changing procedure held `private.lock_event`'s FOR UPDATE on the event row from its first
-- line to its commit, so a thousand RSVPs ran one whole procedure (validation, answers,
-- notifications, a stats recount) at a time. Now a new RSVP reads the event FOR SHARE (host edits
-- still wait for it, other RSVPs do not), does its validation, answers, row and notifications
-- beside the others, and only at the end claims its seat on one row of its own,
-- private.event_seats, then writes the stats as increments: the serialized part is that row, the
-- stats row and the commit.
--
-- private.event_seats.taken is the seats held as the old recount counted them (RSVPs going with
-- their guests, tickets held or valid, waitlist offers open: private.seats_taken); waitlist_last
-- is the highest waitlist position given; expires_next the earliest time a counted hold or offer
-- lapses by the clock, after which taken may count seats that are free again (a full event then
-- recounts before saying so). Every other seat-changing path keeps its own logic: lock_event,
-- promote_waitlist and offer_ticket_seats also lock the seat row (so nothing claims a seat while
-- they count), and private.refresh_event_stats, which they all end with, recounts the row in the
-- same lock. The table is private: no client role has any grant on it.

create table private.event_seats (
  event_id uuid primary key references public.events (id) on delete cascade,
  taken int not null default 0,
  waitlist_last bigint not null default 0,
  expires_next timestamptz
);
alter table private.event_seats enable row level security;
revoke all on private.event_seats from public, anon, authenticated, service_role;

-- Recounts the seat row (the caller holds its lock): in a statement of its own, so it sees every
-- claim committed before the lock was granted.
create function private.sync_seats(eid uuid) returns private.event_seats
language plpgsql security definer set search_path = '' as $$
declare
  s private.event_seats;
begin
  update private.event_seats set
    taken = private.seats_taken(eid),
    waitlist_last = coalesce((select max(r.waitlist_position) from public.rsvps r where r.event_id = eid), 0),
    expires_next = (select min(x) from (
        select min(k.held_until) as x from public.tickets k
          where k.event_id = eid and k.status = 'held' and k.held_until > now()
        union all
        select min(w.offer_expires_at) from public.ticket_waitlist w
          where w.event_id = eid and w.status = 'offered' and w.offer_expires_at > now()) t)
  where event_id = eid
  returning * into s;
  return s;
end
$$;

-- The event's seat row, locked to the end of the transaction; created (counted) on first use.
create function private.lock_seats(eid uuid) returns private.event_seats
language plpgsql security definer set search_path = '' as $$
declare
  s private.event_seats;
begin
  select * into s from private.event_seats where event_id = eid for update;
  if not found then
    insert into private.event_seats (event_id) select eid where exists (select 1 from public.events where id = eid)
      on conflict (event_id) do nothing;
    select * into s from private.event_seats where event_id = eid for update;
    if found then
      s := private.sync_seats(eid);
    end if;
  end if;
  return s;
end
$$;

revoke all on function private.sync_seats(uuid) from public, anon, authenticated;
revoke all on function private.lock_seats(uuid) from public, anon, authenticated;

-- As in 20261101000600, also locking the seat row: whatever runs under the event lock counts
-- seats with no claim in flight.
create or replace function private.lock_event(eid uuid) returns public.events
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
  perform private.lock_seats(eid);
  return e;
end
$$;

-- As in 20261129200700, recounting the seat row in the same lock first.
create or replace function private.refresh_event_stats(eid uuid) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform private.lock_seats(eid);
  perform private.sync_seats(eid);
  insert into public.event_stats as s (event_id, going_count, guest_count, waitlist_count, pending_count, checked_in_count,
                                       ticket_count, spots_left, updated_at)
  select e.id,
         count(r.*) filter (where r.status = 'going'),
         coalesce(sum(r.guests) filter (where r.status = 'going'), 0),
         count(r.*) filter (where r.status = 'waitlisted'),
         count(r.*) filter (where r.status = 'pending'),
         count(r.*) filter (where r.checked_in_at is not null)
           + (select count(*) from public.tickets k where k.event_id = e.id and k.status = 'valid' and k.checked_in_at is not null),
         (select count(*) from public.tickets k where k.event_id = e.id and k.status = 'valid'),
         case when e.capacity is null then null
              else greatest(e.capacity - coalesce(sum(1 + r.guests) filter (where r.status = 'going'), 0)
                            - private.ticket_seats_taken(e.id), 0) end,
         now()
  from public.events e left join public.rsvps r on r.event_id = e.id
  where e.id = eid
  group by e.id, e.capacity
  on conflict (event_id) do update set
    going_count = excluded.going_count, guest_count = excluded.guest_count,
    waitlist_count = excluded.waitlist_count, pending_count = excluded.pending_count,
    checked_in_count = excluded.checked_in_count, ticket_count = excluded.ticket_count,
    spots_left = excluded.spots_left, updated_at = now();
end
$$;

-- As in 20261129200700, locking the seat row first (it also runs from triggers and the payment
-- sweep, without lock_event).
create or replace function private.promote_waitlist(eid uuid) returns int
language plpgsql security definer set search_path = '' as $$
declare
  e public.events;
  used int;
  promoted int := 0;
  r record;
begin
  perform private.lock_seats(eid);
  select * into e from public.events where id = eid;
  used := private.seats_taken(eid);
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
  perform private.offer_ticket_seats(eid);
  perform private.refresh_ticket_counts(eid);
  return promoted;
end
$$;

-- As in 20261129200500, locking the seat row first, for the same reason.
create or replace function private.offer_ticket_seats(eid uuid) returns int
language plpgsql security definer set search_path = '' as $$
declare
  e public.events;
  t public.ticket_types;
  w public.ticket_waitlist;
  offered int := 0;
begin
  perform private.lock_seats(eid);
  select * into e from public.events where id = eid;
  if e.status <> 'published' or now() >= e.starts_at then
    return 0;
  end if;
  for w in select * from public.ticket_waitlist where event_id = eid and status = 'waiting' order by position loop
    select * into t from public.ticket_types where id = w.ticket_type_id;
    if t.sales_end_at is not null and now() >= t.sales_end_at then
      continue;
    end if;
    if not private.seats_free(e, t, w.quantity) then
      continue;
    end if;
    update public.ticket_waitlist set status = 'offered', offered_at = now(),
      offer_expires_at = least(now() + make_interval(hours => e.ticket_offer_hours), e.starts_at)
    where id = w.id;
    offered := offered + 1;
    perform private.notify(w.user_id, 'ticket_offer', jsonb_build_object(
      'event_id', e.id, 'slug', e.slug, 'title', e.title, 'ticket_type_id', t.id, 'ticket_type', t.name,
      'quantity', w.quantity, 'offer_expires_at', least(now() + make_interval(hours => e.ticket_offer_hours), e.starts_at),
      'timezone', e.timezone));
  end loop;
  return offered;
end
$$;

-- The RSVP procedure of 20261129200700 under the event lock, unchanged: an RSVP that changes one
-- already in (guests, answers), and every case the quick path below leaves to it.
create function private.rsvp_locked(event_id uuid, guests int default 0, answers jsonb default null)
returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := (select auth.uid());
  e public.events := private.lock_event(rsvp_locked.event_id);
  cur public.rsvps;
  used int;
  next_status public.rsvp_status;
  place bigint;
  checked jsonb;
begin
  if private.is_suspended(me) then
    perform private.raise_error('suspended', 'Your account is suspended.', 403);
  end if;
  if e.status = 'draft' then perform private.raise_error('event_not_published', 'This event isn''t published yet.', 409); end if;
  if e.status = 'cancelled' then perform private.raise_error('event_cancelled', 'This event was cancelled.', 409); end if;
  if now() >= coalesce(e.rsvp_closes_at, e.starts_at) then
    perform private.raise_error('rsvp_closed', 'RSVPs for this event are closed.', 409);
  end if;
  if rsvp_locked.guests is null or rsvp_locked.guests < 0 or rsvp_locked.guests > e.plus_ones_max then
    perform private.raise_error('too_many_guests', format('You can bring at most %s guests.', e.plus_ones_max), 422);
  end if;
  select * into cur from public.rsvps r where r.event_id = e.id and r.user_id = me;
  select coalesce(sum(1 + r.guests), 0) into used from public.rsvps r
    where r.event_id = e.id and r.status = 'going' and r.user_id <> me;
  used := used + private.ticket_seats_taken(e.id); -- tickets share the capacity (issue 31)

  if found and cur.status = 'declined' then
    perform private.raise_error('rsvp_declined', 'The hosts declined your request for this event.', 409);
  end if;
  -- A new RSVP answers every required question; one already in only when it sends answers.
  if rsvp_locked.answers is not null or cur.status is null or cur.status not in ('going', 'waitlisted', 'pending') then
    checked := private.checked_answers(e.id, rsvp_locked.answers);
  end if;
  if (cur.status is null or cur.status not in ('going', 'waitlisted', 'pending'))
     and exists (select 1 from public.ticket_types t where t.event_id = e.id) then
    perform private.raise_error('tickets_required', 'This event sells tickets: choose yours on the event page.', 409);
  end if;
  if cur.status in ('going', 'waitlisted', 'pending') then
    -- Already in: only the number of guests (and the answers) change, and it must still fit.
    if cur.status = 'going' and e.capacity is not null and used + 1 + rsvp_locked.guests > e.capacity then
      perform private.raise_error('event_full', 'This event is full.', 409);
    end if;
    update public.rsvps r set guests = rsvp_locked.guests where r.event_id = e.id and r.user_id = me;
  else
    if e.requires_approval then
      next_status := 'pending';
    elsif e.capacity is null or used + 1 + rsvp_locked.guests <= e.capacity then
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
    values (e.id, me, next_status, rsvp_locked.guests, place)
    on conflict (event_id, user_id) do update
      set status = excluded.status, guests = excluded.guests, waitlist_position = excluded.waitlist_position,
          checked_in_at = null, created_at = now();
    if next_status = 'pending' then
      perform private.notify(h.user_id, 'rsvp_requested', jsonb_build_object('event_id', e.id, 'slug', e.slug, 'title', e.title, 'user_id', me))
      from public.event_hosts h where h.event_id = e.id and h.role in ('host', 'cohost');
    end if;
  end if;
  if checked is not null then
    perform private.store_answers(e.id, me, checked);
  end if;
  perform private.refresh_event_stats(e.id);
  return private.rsvp_result(e.id, me);
end
$$;
revoke all on function private.rsvp_locked(uuid, int, jsonb) from public, anon, authenticated;

-- A new RSVP (or one after a cancellation) to an event without tickets: validated, answered,
-- written and announced beside the others under a shared lock on the event row, then its seat
-- claimed on the seat row and the stats moved by increments, as the last statements. The status
-- the row is written with is a guess from the counter as read; the claim decides, and a guess
-- the claim overturns (a race for the last seats) is corrected, with the host's news about it.
-- Anything else goes to private.rsvp_locked, as before.
create or replace function private.rsvp(event_id uuid, guests int default 0, answers jsonb default null) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := (select auth.uid());
  e public.events;
  cur public.rsvps;
  s private.event_seats;
  seats int;
  guess public.rsvp_status;
  final public.rsvp_status;
  checked jsonb;
  rid uuid;
  st public.event_stats;
begin
  select * into cur from public.rsvps r where r.event_id = rsvp.event_id and r.user_id = me;
  if me is null or cur.status in ('going', 'waitlisted', 'pending', 'declined') then
    return private.rsvp_locked(rsvp.event_id, rsvp.guests, rsvp.answers);
  end if;
  -- From here on no lock_event: taking it after this shared lock could deadlock with another RSVP.
  select * into e from public.events x where x.id = rsvp.event_id for share;
  if not found or not private.can_view_event(e.id) then
    perform private.raise_error('event_not_found', 'This event does not exist or is not visible to you.', 404);
  end if;
  if private.is_suspended(me) then
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
  checked := private.checked_answers(e.id, rsvp.answers);
  if exists (select 1 from public.ticket_types t where t.event_id = e.id) then
    perform private.raise_error('tickets_required', 'This event sells tickets: choose yours on the event page.', 409);
  end if;
  seats := 1 + rsvp.guests;

  select * into s from private.event_seats x where x.event_id = e.id;
  if not found then
    s := private.lock_seats(e.id); -- the event's first: count its seats (held to the commit)
  end if;
  guess := case when e.requires_approval then 'pending'
                when e.capacity is null or s.taken + seats <= e.capacity or not e.waitlist_enabled then 'going'
                else 'waitlisted' end;
  insert into public.rsvps as r (event_id, user_id, status, guests, waitlist_position)
  values (e.id, me, guess, rsvp.guests, null)
  on conflict (event_id, user_id) do update
    set status = excluded.status, guests = excluded.guests, waitlist_position = null,
        checked_in_at = null, created_at = now()
    where r.status not in ('going', 'waitlisted', 'pending', 'declined')
  returning r.id into rid;
  if not found then
    -- The same person's other request got in first (a double click): theirs stands.
    return private.rsvp_result(e.id, me);
  end if;
  if guess = 'pending' then
    perform private.notify(h.user_id, 'rsvp_requested', jsonb_build_object('event_id', e.id, 'slug', e.slug, 'title', e.title, 'user_id', me))
    from public.event_hosts h where h.event_id = e.id and h.role in ('host', 'cohost');
  end if;
  if checked is not null then
    perform private.store_answers(e.id, me, checked);
  end if;

  -- The serialized part: the seat row, the stats row, the commit.
  select * into s from private.event_seats x where x.event_id = e.id for update;
  final := guess;
  if guess <> 'pending' then
    if e.capacity is not null and s.taken + seats > e.capacity and s.expires_next <= now() then
      s := private.sync_seats(e.id); -- a hold or offer lapsed by the clock: count what is really held
    end if;
    if e.capacity is null or s.taken + seats <= e.capacity then
      final := 'going';
      update private.event_seats x set taken = x.taken + seats where x.event_id = e.id returning * into s;
    elsif e.waitlist_enabled then
      final := 'waitlisted';
      update private.event_seats x set waitlist_last = x.waitlist_last + 1 where x.event_id = e.id returning * into s;
    else
      perform private.raise_error('event_full', 'This event is full.', 409);
    end if;
  end if;
  if final <> guess then
    -- The guess's news to the hosts was wrong: the status change below sends the right one.
    delete from public.notifications n
    where n.kind = case guess when 'going' then 'new_rsvp' else 'new_waitlist' end and n.created_at = now()
      and n.payload ->> 'event_id' = e.id::text and n.payload ->> 'user_id' = me::text;
  end if;
  if final = 'waitlisted' then
    update public.rsvps r set status = final, waitlist_position = s.waitlist_last where r.event_id = e.id and r.user_id = me;
  elsif final <> guess then
    update public.rsvps r set status = final where r.event_id = e.id and r.user_id = me;
  end if;
  update public.event_stats x set
    going_count = x.going_count + (final = 'going')::int,
    guest_count = x.guest_count + case when final = 'going' then rsvp.guests else 0 end,
    waitlist_count = x.waitlist_count + (final = 'waitlisted')::int,
    pending_count = x.pending_count + (final = 'pending')::int,
    spots_left = case when e.capacity is null then null else greatest(e.capacity - s.taken, 0) end,
    updated_at = now()
  where x.event_id = e.id
  returning x.* into st;
  if not found then
    perform private.refresh_event_stats(e.id);
    return private.rsvp_result(e.id, me);
  end if;
  -- private.rsvp_result's answer, from what is known here: the newest in line is at the end of it.
  return jsonb_build_object('rsvp_id', rid, 'event_id', e.id, 'user_id', me, 'status', final, 'guests', rsvp.guests,
    'waitlist_position', case when final = 'waitlisted' then st.waitlist_count end, 'spots_left', st.spots_left);
end
$$;

-- The cancel procedure of 20261101000600 under the event lock, unchanged: a cancellation that
-- gives a seat to the waitlist, and every case the quick path below leaves to it.
create function private.cancel_rsvp_locked(event_id uuid)
returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := (select auth.uid());
  e public.events := private.lock_event(cancel_rsvp_locked.event_id);
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
revoke all on function private.cancel_rsvp_locked(uuid) from public, anon, authenticated;

-- A cancellation of an event without tickets: the row changed beside the others under a shared
-- lock on the event row, then, as the last statements, the seat given back on the seat row and
-- the stats moved by decrements; when a waitlist can use the seat, it is promoted there, in the
-- seat row's lock, and the stats recounted. Anything else goes to private.cancel_rsvp_locked.
create or replace function private.cancel_rsvp(event_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := (select auth.uid());
  e public.events;
  cur public.rsvps;
  s private.event_seats;
begin
  select * into cur from public.rsvps r where r.event_id = cancel_rsvp.event_id and r.user_id = me;
  if me is null or cur.status is null or cur.status not in ('going', 'waitlisted', 'pending')
     or exists (select 1 from public.ticket_types t where t.event_id = cancel_rsvp.event_id) then
    return private.cancel_rsvp_locked(cancel_rsvp.event_id);
  end if;
  select * into e from public.events x where x.id = cancel_rsvp.event_id for share;
  if not found or not private.can_view_event(e.id) then
    perform private.raise_error('event_not_found', 'This event does not exist or is not visible to you.', 404);
  end if;
  if e.status = 'cancelled' then perform private.raise_error('event_cancelled', 'This event was cancelled.', 409); end if;
  if not exists (select 1 from private.event_seats x where x.event_id = e.id) then
    perform private.lock_seats(e.id); -- counted before this cancellation changes anything
  end if;
  -- The row as it is now (another request may have changed it since it was read above).
  select * into cur from public.rsvps r where r.event_id = e.id and r.user_id = me for update;
  if not found or cur.status not in ('going', 'waitlisted', 'pending') then
    perform private.raise_error('rsvp_not_found', 'You have no RSVP for this event.', 404);
  end if;
  update public.rsvps r set status = 'cancelled', waitlist_position = null, checked_in_at = null
    where r.event_id = e.id and r.user_id = me;

  -- The serialized part.
  select * into s from private.event_seats x where x.event_id = e.id for update;
  if cur.status = 'going' and e.capacity is not null
     and exists (select 1 from public.rsvps w where w.event_id = e.id and w.status = 'waitlisted') then
    perform private.promote_waitlist(e.id);
    perform private.refresh_event_stats(e.id);
    return private.rsvp_result(e.id, me);
  end if;
  if cur.status = 'going' then
    update private.event_seats x set taken = x.taken - 1 - cur.guests where x.event_id = e.id returning * into s;
  elsif cur.status = 'waitlisted' then
    update private.event_seats x
      set waitlist_last = coalesce((select max(r.waitlist_position) from public.rsvps r where r.event_id = e.id), 0)
      where x.event_id = e.id;
  end if;
  update public.event_stats x set
    going_count = x.going_count - (cur.status = 'going')::int,
    guest_count = x.guest_count - case when cur.status = 'going' then cur.guests else 0 end,
    waitlist_count = x.waitlist_count - (cur.status = 'waitlisted')::int,
    pending_count = x.pending_count - (cur.status = 'pending')::int,
    checked_in_count = x.checked_in_count - (cur.checked_in_at is not null)::int,
    spots_left = case when e.capacity is null then null else greatest(e.capacity - s.taken, 0) end,
    updated_at = now()
  where x.event_id = e.id;
  if not found then
    perform private.refresh_event_stats(e.id);
  end if;
  return private.rsvp_result(e.id, me);
end
$$;
