-- Decision 0426: the RSVP quick path tells the hosts after its seat claim, with the status the
-- claim gave, instead of from the row's trigger with the guessed status (which had to be deleted
-- and told again when a race for the last seats overturned the guess). The news is one insert per
-- host inside the seat row's lock; hot-rsvp measured it no slower (figures in the decision). The
-- row trigger stays for every other writer of an RSVP (rsvp_locked, approvals, promotions).

-- A member's own RSVP as news to the event's team: the body of the rsvps_host_news trigger, also
-- called by private.rsvp once its claim has decided.
create function private.rsvp_news(e public.events, member uuid, status public.rsvp_status, guests int) returns void
language sql security definer set search_path = '' as $$
  select private.notify(t, case status when 'going' then 'new_rsvp' else 'new_waitlist' end,
    jsonb_build_object('event_id', e.id, 'slug', e.slug, 'title', e.title, 'user_id', member, 'guests', guests))
  from private.event_news_team(e.id, member) t
$$;
revoke all on function private.rsvp_news(public.events, uuid, public.rsvp_status, int) from public, anon, authenticated;

-- As in 20261129311100, quiet while private.rsvp holds its news for after the claim.
create or replace function private.rsvp_host_news() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  e public.events;
begin
  if new.status not in ('going', 'waitlisted') or (tg_op = 'UPDATE' and old.status = new.status)
     or (select auth.uid()) is distinct from new.user_id
     or coalesce(current_setting('gather.rsvp_news_later', true), '') = 'on' then
    return null;
  end if;
  select * into e from public.events x where x.id = new.event_id;
  perform private.rsvp_news(e, new.user_id, new.status, new.guests);
  return null;
end
$$;

-- As in 20261129361200, the hosts told after the claim (private.rsvp_news).
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
  place bigint;
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
  if guess = 'waitlisted' then
    place := s.waitlist_last + 1; -- right unless another RSVP takes it first (then corrected below)
  end if;
  perform set_config('gather.rsvp_news_later', 'on', true); -- the hosts are told after the claim
  insert into public.rsvps as r (event_id, user_id, status, guests, waitlist_position)
  values (e.id, me, guess, rsvp.guests, place)
  on conflict (event_id, user_id) do update
    set status = excluded.status, guests = excluded.guests, waitlist_position = excluded.waitlist_position,
        checked_in_at = null, created_at = now()
    where r.status not in ('going', 'waitlisted', 'pending', 'declined')
  returning r.id into rid;
  if not found then
    -- The same person's other request got in first (a double click): theirs stands.
    perform set_config('gather.rsvp_news_later', '', true);
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
  if final = 'waitlisted' and (final <> guess or place is distinct from s.waitlist_last) then
    update public.rsvps r set status = final, waitlist_position = s.waitlist_last where r.event_id = e.id and r.user_id = me;
  elsif final <> guess then
    update public.rsvps r set status = final, waitlist_position = null where r.event_id = e.id and r.user_id = me;
  end if;
  perform set_config('gather.rsvp_news_later', '', true);
  if final <> 'pending' then
    perform private.rsvp_news(e, me, final, rsvp.guests);
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
