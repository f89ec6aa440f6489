-- Tickets among the RSVPs (issue 31, decision 0281): the event capacity caps the free RSVPs and
-- the tickets together, so the RSVP procedures count the seats tickets and waitlist offers hold
-- (private.ticket_seats_taken) beside the RSVPs going; an event that sells tickets takes no new
-- RSVPs (those made before its ticket types stay and keep counting). Check-in scans a paid
-- ticket as it scans an RSVP (same code format, same signing key: decision 0052), and refuses a
-- refunded one. An event cancelled with paid orders refunds every one and tells every buyer.

-- As in 20261124162950 (with 20261124141023's suspension check), counting ticket seats, and
-- refusing a new RSVP to an event that sells tickets.
create or replace function public.rsvp(event_id uuid, guests int default 0, answers jsonb default null) returns jsonb
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
  used := used + private.ticket_seats_taken(e.id); -- tickets share the capacity (issue 31)

  if found and cur.status = 'declined' then
    perform private.raise_error('rsvp_declined', 'The hosts declined your request for this event.', 409);
  end if;
  -- A new RSVP answers every required question; one already in only when it sends answers.
  if rsvp.answers is not null or cur.status is null or cur.status not in ('going', 'waitlisted', 'pending') then
    checked := private.checked_answers(e.id, rsvp.answers);
  end if;
  if (cur.status is null or cur.status not in ('going', 'waitlisted', 'pending'))
     and exists (select 1 from public.ticket_types t where t.event_id = e.id) then
    perform private.raise_error('tickets_required', 'This event sells tickets: choose yours on the event page.', 409);
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
-- As in 20261124162950's decide_rsvp (via 20261101000600), counting ticket seats.
create or replace function public.decide_rsvp(event_id uuid, user_id uuid, approve boolean) returns jsonb
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
    used := private.seats_taken(e.id);
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

-- As in 20261101000600, counting ticket seats; then freed seats are offered to the ticket
-- waitlist (an event with both lines serves the RSVPs first: they were there first).
create or replace function private.promote_waitlist(eid uuid) returns int
language plpgsql security definer set search_path = '' as $$
declare
  e public.events;
  used int;
  promoted int := 0;
  r record;
begin
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

-- The counters a page shows: spots left now subtracts ticket seats; tickets sold and checked in.
alter table public.event_stats add column ticket_count int not null default 0;

create or replace function private.refresh_event_stats(eid uuid) returns void
language sql security definer set search_path = '' as $$
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
    spots_left = excluded.spots_left, updated_at = now()
$$;

-- Checks in one paid ticket of an event the caller has locked: the RSVPs' window and roles
-- (private.check_in_rsvp), a ticket valid (paid, not refunded), once only.
create function private.check_in_paid_ticket(e public.events, tid uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  k public.tickets;
  buyer public.profiles;
  type_name text;
  stamped timestamptz;
begin
  perform private.assert_active();
  if not private.can_check_in(e.id) then
    perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
  end if;
  if now() < e.starts_at - interval '2 hours' or now() > e.ends_at then
    perform private.raise_error('check_in_closed', 'Check-in opens 2 hours before the start and closes at the end.', 409,
      jsonb_build_object('opens_at', private.iso_time(e.starts_at - interval '2 hours'), 'closes_at', private.iso_time(e.ends_at))::text);
  end if;
  select * into k from public.tickets t where t.id = tid and t.event_id = e.id for update;
  if not found then
    perform private.raise_error('invalid_ticket', 'This ticket code is not valid.', 400);
  end if;
  if k.status = 'refunded' then
    perform private.raise_error('ticket_refunded', 'This ticket was refunded.', 409);
  end if;
  if k.status <> 'valid' then
    perform private.raise_error('ticket_not_paid', 'This ticket was never paid for.', 409);
  end if;
  if k.checked_in_at is not null then
    perform private.raise_error('already_checked_in',
      format('Already checked in at %s (%s).', to_char(k.checked_in_at at time zone e.timezone, 'HH24:MI'), e.timezone), 409,
      private.iso_time(k.checked_in_at));
  end if;
  update public.tickets t set checked_in_at = now() where t.id = k.id returning t.checked_in_at into stamped;
  perform private.refresh_event_stats(e.id);
  select p.* into buyer from public.orders o join public.profiles p on p.id = o.buyer_id where o.id = k.order_id;
  select name into type_name from public.ticket_types where id = k.ticket_type_id;
  return jsonb_build_object('ticket_id', k.id, 'order_id', k.order_id, 'event_id', e.id, 'ticket_type', type_name,
    'holder_name', k.holder_name, 'user_id', buyer.id, 'username', buyer.username, 'display_name', buyer.display_name,
    'guests', 0, 'checked_in_at', stamped);
end
$$;
revoke all on function private.check_in_paid_ticket(public.events, uuid) from public, anon, authenticated;

-- As in 20261101001330, with paid tickets: a code names an RSVP or a ticket, both signed alike.
create or replace function public.check_in_ticket(code text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  rid uuid := private.ticket_rsvp_id(check_in_ticket.code);
  eid uuid;
begin
  if (select auth.uid()) is null then
    perform private.raise_error('not_signed_in', 'Sign in to do that.', 401);
  end if;
  select r.event_id into eid from public.rsvps r where r.id = rid;
  if eid is not null then
    return private.check_in_rsvp(private.lock_event(eid), rid);
  end if;
  select t.event_id into eid from public.tickets t where t.id = rid;
  if rid is null or eid is null then
    perform private.raise_error('invalid_ticket', 'This ticket code is not valid.', 400);
  end if;
  return private.check_in_paid_ticket(private.lock_event(eid), rid);
end
$$;

-- The guest list's button for a paid ticket (the scanner uses check_in_ticket).
create function public.check_in_order_ticket(ticket_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  eid uuid := (select t.event_id from public.tickets t where t.id = check_in_order_ticket.ticket_id);
begin
  if (select auth.uid()) is null then
    perform private.raise_error('not_signed_in', 'Sign in to do that.', 401);
  end if;
  if eid is null then
    perform private.raise_error('invalid_ticket', 'This ticket code is not valid.', 400);
  end if;
  return private.check_in_paid_ticket(private.lock_event(eid), check_in_order_ticket.ticket_id);
end
$$;
revoke all on function public.check_in_order_ticket(uuid) from public, anon;
grant execute on function public.check_in_order_ticket(uuid) to authenticated, service_role;

-- An event cancelled: checkouts in progress end, every paid order is refunded in full (the
-- payments-sweep function, called now through pg_net and every minute after, makes the refunds
-- at Stripe; each buyer gets the refund's email then), a free order's tickets are given up, the
-- ticket waitlist closes, and every buyer without an RSVP is told now, as RSVPs are.
create function private.refund_cancelled_event() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  o public.orders;
  refunds int := 0;
begin
  perform private.release_order(x.id, 'cancelled') from public.orders x where x.event_id = new.id and x.status = 'pending';
  for o in select * from public.orders where event_id = new.id and status in ('paid', 'partially_refunded') loop
    if o.amount_total = 0 then
      update public.tickets set status = 'refunded' where order_id = o.id and status = 'valid';
      update public.orders set status = 'cancelled', closed_at = now() where id = o.id;
    elsif private.request_full_refund(o.id, 'event_cancelled') is not null then
      refunds := refunds + 1;
    end if;
  end loop;
  update public.ticket_waitlist set status = 'left' where event_id = new.id and status in ('waiting', 'offered', 'claimed');
  if not private.event_notices_quiet() then
    perform private.notify(b.buyer_id, 'event_cancelled',
      jsonb_build_object('event_id', new.id, 'slug', new.slug, 'title', new.title, 'reason', new.cancel_reason))
    from (select distinct o2.buyer_id from public.orders o2
          where o2.event_id = new.id and o2.buyer_id is not null and o2.status in ('paid', 'partially_refunded', 'processing', 'refunded', 'cancelled')
            and o2.paid_at is not null
            and not exists (select 1 from public.rsvps r where r.event_id = new.id and r.user_id = o2.buyer_id
                            and r.status in ('going', 'waitlisted', 'pending'))) b;
  end if;
  perform private.refresh_ticket_counts(new.id);
  if refunds > 0 then
    perform private.call_function('payments-sweep', jsonb_build_object('event_id', new.id));
  end if;
  return null;
end
$$;
create trigger events_refund_on_cancel after update of status on public.events
  for each row when (new.status = 'cancelled' and old.status is distinct from 'cancelled')
  execute function private.refund_cancelled_event();
revoke all on function private.refund_cancelled_event() from public, anon, authenticated;
