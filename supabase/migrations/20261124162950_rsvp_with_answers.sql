-- rsvp() takes the answers to the event's questions (decision 0130). One function with a third
-- defaulted argument, not an overload beside rsvp(uuid, int): PostgREST picks a function by its
-- argument names, and two candidates for { event_id, guests } would be ambiguous (PGRST203).
-- Calls without answers work as before; an RSVP already in keeps its answers unless new ones
-- are given. Otherwise unchanged from migration 20261124141023.

drop function public.rsvp(uuid, int);

create function public.rsvp(event_id uuid, guests int default 0, answers jsonb default null) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := (select auth.uid());
  e public.events := private.lock_event(rsvp.event_id);
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
  if rsvp.guests is null or rsvp.guests < 0 or rsvp.guests > e.plus_ones_max then
    perform private.raise_error('too_many_guests', format('You can bring at most %s guests.', e.plus_ones_max), 422);
  end if;
  select * into cur from public.rsvps r where r.event_id = e.id and r.user_id = me;
  select coalesce(sum(1 + r.guests), 0) into used from public.rsvps r
    where r.event_id = e.id and r.status = 'going' and r.user_id <> me;

  if found and cur.status = 'declined' then
    perform private.raise_error('rsvp_declined', 'The hosts declined your request for this event.', 409);
  end if;
  -- A new RSVP answers every required question; one already in only when it sends answers.
  if rsvp.answers is not null or cur.status is null or cur.status not in ('going', 'waitlisted', 'pending') then
    checked := private.checked_answers(e.id, rsvp.answers);
  end if;
  if cur.status in ('going', 'waitlisted', 'pending') then
    -- Already in: only the number of guests (and the answers) change, and it must still fit.
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
  if checked is not null then
    perform private.store_answers(e.id, me, checked);
  end if;
  perform private.refresh_event_stats(e.id);
  return private.rsvp_result(e.id, me);
end
$$;

-- Changes the caller's answers until the event starts, also after RSVPs close. Returns the
-- answers as stored, keyed by question id.
create function public.save_rsvp_answers(event_id uuid, answers jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := (select auth.uid());
  e public.events := private.lock_event(save_rsvp_answers.event_id);
begin
  if private.is_suspended(me) then
    perform private.raise_error('suspended', 'Your account is suspended.', 403);
  end if;
  if e.status = 'cancelled' then perform private.raise_error('event_cancelled', 'This event was cancelled.', 409); end if;
  if now() >= e.starts_at then
    perform private.raise_error('answers_closed', 'Answers can no longer be changed: the event has started.', 409);
  end if;
  if not exists (select 1 from public.rsvps r
                 where r.event_id = e.id and r.user_id = me and r.status in ('going', 'waitlisted', 'pending')) then
    perform private.raise_error('rsvp_not_found', 'You have no RSVP for this event.', 404);
  end if;
  perform private.store_answers(e.id, me, private.checked_answers(e.id, coalesce(save_rsvp_answers.answers, '{}')));
  return coalesce((select jsonb_object_agg(a.question_id, a.value) from public.rsvp_answers a
                   where a.event_id = e.id and a.user_id = me and a.question_id is not null), '{}');
end
$$;

revoke all on function public.rsvp(uuid, int, jsonb), public.save_rsvp_answers(uuid, jsonb) from public, anon;
grant execute on function public.rsvp(uuid, int, jsonb), public.save_rsvp_answers(uuid, jsonb) to authenticated, service_role;
