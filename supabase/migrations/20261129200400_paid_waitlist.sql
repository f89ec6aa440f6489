-- The waitlist of a sold-out ticket type (issue 31, decision 0282). Free events keep the RSVP
-- waitlist and its instant promotion; a ticket costs money, so here a freed seat becomes an
-- OFFER: the next person in line may buy it until `offer_expires_at` (the event's
-- `ticket_offer_hours` from the offer), and the seat is kept for them meanwhile. An offer not
-- taken up lapses and passes to the next. States: waiting → offered → claimed (checking out) →
-- purchased; offered → lapsed; waiting/offered → left. A claimed offer whose checkout lapses goes
-- back to offered while its deadline lasts.

create type public.ticket_waitlist_status as enum ('waiting', 'offered', 'claimed', 'purchased', 'lapsed', 'left');

create table public.ticket_waitlist (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  ticket_type_id uuid not null references public.ticket_types (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  quantity int not null default 1 constraint ticket_waitlist_quantity check (quantity between 1 and 100),
  position bigint not null,
  status public.ticket_waitlist_status not null default 'waiting',
  offered_at timestamptz,
  offer_expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index ticket_waitlist_one_active on public.ticket_waitlist (event_id, user_id)
  where status in ('waiting', 'offered', 'claimed');
create index ticket_waitlist_line_idx on public.ticket_waitlist (event_id, position) where status = 'waiting';
create index ticket_waitlist_offers_idx on public.ticket_waitlist (offer_expires_at) where status = 'offered';
create trigger ticket_waitlist_updated_at before update on public.ticket_waitlist
  for each row execute function private.set_updated_at();

alter table public.orders add constraint orders_waitlist_entry_fkey
  foreign key (waitlist_entry_id) references public.ticket_waitlist (id) on delete set null;

alter table public.ticket_waitlist enable row level security;
create policy "members see their place in line" on public.ticket_waitlist for select to authenticated
  using (user_id = (select auth.uid()));
create policy "the team sees the line" on public.ticket_waitlist for select to authenticated
  using ((select private.can_manage_event(event_id)));
grant select on public.ticket_waitlist to authenticated;
grant all on public.ticket_waitlist to service_role;
alter publication supabase_realtime add table public.ticket_waitlist;

-- Seats a ticket type has left for `uid` (others' live holds, sold tickets and live offers
-- counted; the member's own live offer is theirs), or null when only the capacity limits it.
create function private.type_seats_taken(tid uuid, uid uuid default null) returns int
language sql stable security definer set search_path = '' as $$
  select (select count(*) from public.tickets t
          where t.ticket_type_id = tid and t.status in ('held', 'valid')
            and (t.status = 'valid' or t.held_until is null or t.held_until > now()))::int
       + coalesce((select sum(w.quantity) from public.ticket_waitlist w
                   where w.ticket_type_id = tid and w.status = 'offered' and w.offer_expires_at > now()
                     and w.user_id is distinct from uid), 0)::int
$$;

-- Seats of the event held by tickets and live offers (not the RSVPs), the member's own offer aside.
create function private.ticket_seats_taken(eid uuid, uid uuid default null) returns int
language sql stable security definer set search_path = '' as $$
  select (select count(*) from public.tickets t
          where t.event_id = eid and t.status in ('held', 'valid')
            and (t.status = 'valid' or t.held_until is null or t.held_until > now()))::int
       + coalesce((select sum(w.quantity) from public.ticket_waitlist w
                   where w.event_id = eid and w.status = 'offered' and w.offer_expires_at > now()
                     and w.user_id is distinct from uid), 0)::int
$$;

-- Every seat of the event that is taken: RSVPs going (with their guests), tickets, live offers.
create function private.seats_taken(eid uuid, uid uuid default null) returns int
language sql stable security definer set search_path = '' as $$
  select coalesce((select sum(1 + r.guests) from public.rsvps r where r.event_id = eid and r.status = 'going'), 0)::int
       + private.ticket_seats_taken(eid, uid)
$$;

-- Seats free for `quantity` tickets of type `t` (for `uid`: their own offer is theirs).
create function private.seats_free(e public.events, t public.ticket_types, quantity int, uid uuid default null) returns boolean
language sql stable security definer set search_path = '' as $$
  select (t.quantity is null or private.type_seats_taken(t.id, uid) + quantity <= t.quantity)
     and (e.capacity is null or private.seats_taken(e.id, uid) + quantity <= e.capacity)
$$;

-- Offers freed seats to the line, first come first served among those that fit; each told once.
-- The caller holds the event's lock.
create function private.offer_ticket_seats(eid uuid) returns int
language plpgsql security definer set search_path = '' as $$
declare
  e public.events;
  t public.ticket_types;
  w public.ticket_waitlist;
  offered int := 0;
begin
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

-- Joins the line for a sold-out ticket type. Returns the member's entry with their place.
create function public.join_ticket_waitlist(ticket_type_id uuid, quantity int default 1) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := (select auth.uid());
  t public.ticket_types;
  e public.events;
  w public.ticket_waitlist;
begin
  select * into t from public.ticket_types x where x.id = join_ticket_waitlist.ticket_type_id;
  if not found then
    perform private.raise_error('ticket_type_not_found', 'This ticket type does not exist.', 404);
  end if;
  e := private.lock_event(t.event_id);
  perform private.assert_active();
  if t.hidden and not private.can_manage_event(e.id) then
    perform private.raise_error('ticket_type_not_found', 'This ticket type does not exist.', 404);
  end if;
  if e.status <> 'published' then
    perform private.raise_error(case when e.status = 'cancelled' then 'event_cancelled' else 'event_not_published' end,
      case when e.status = 'cancelled' then 'This event was cancelled.' else 'This event isn''t published yet.' end, 409);
  end if;
  if not e.waitlist_enabled then
    perform private.raise_error('waitlist_closed', 'This event has no waitlist.', 409);
  end if;
  if join_ticket_waitlist.quantity is null or join_ticket_waitlist.quantity not between t.min_per_order and t.max_per_order then
    perform private.raise_error('invalid_quantity', format('Choose between %s and %s tickets of "%s".', t.min_per_order, t.max_per_order, t.name), 422);
  end if;
  select * into w from public.ticket_waitlist x where x.event_id = e.id and x.user_id = me and x.status in ('waiting', 'offered', 'claimed');
  if found then
    return private.waitlist_entry(w.id);
  end if;
  if private.seats_free(e, t, join_ticket_waitlist.quantity, me) then
    perform private.raise_error('tickets_available', 'Tickets are still available: buy them instead.', 409);
  end if;
  insert into public.ticket_waitlist (event_id, ticket_type_id, user_id, quantity, position)
  values (e.id, t.id, me, join_ticket_waitlist.quantity,
          (select coalesce(max(x.position), 0) + 1 from public.ticket_waitlist x where x.event_id = e.id))
  returning * into w;
  return private.waitlist_entry(w.id);
end
$$;

-- Leaves the line (an open offer passes to the next at once).
create function public.leave_ticket_waitlist(event_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := (select auth.uid());
  e public.events := private.lock_event(leave_ticket_waitlist.event_id);
  w public.ticket_waitlist;
begin
  update public.ticket_waitlist x set status = 'left'
    where x.event_id = e.id and x.user_id = me and x.status in ('waiting', 'offered')
    returning * into w;
  if not found then
    perform private.raise_error('not_on_waitlist', 'You are not on this event''s waitlist.', 404);
  end if;
  perform private.offer_ticket_seats(e.id);
  perform private.refresh_ticket_counts(e.id);
  return private.waitlist_entry(w.id);
end
$$;

-- An entry as its member sees it: status, place in line (among those waiting), offer deadline.
create function private.waitlist_entry(wid uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('id', w.id, 'event_id', w.event_id, 'ticket_type_id', w.ticket_type_id, 'quantity', w.quantity,
    'status', w.status, 'offer_expires_at', w.offer_expires_at,
    'position', case when w.status = 'waiting' then (select count(*) from public.ticket_waitlist x
      where x.event_id = w.event_id and x.status = 'waiting' and x.position <= w.position) end)
  from public.ticket_waitlist w where w.id = wid
$$;

revoke all on function public.join_ticket_waitlist(uuid, int), public.leave_ticket_waitlist(uuid) from public, anon;
grant execute on function public.join_ticket_waitlist(uuid, int), public.leave_ticket_waitlist(uuid) to authenticated, service_role;
revoke all on function private.offer_ticket_seats(uuid), private.waitlist_entry(uuid), private.seats_free(public.events, public.ticket_types, int, uuid),
  private.type_seats_taken(uuid, uuid), private.ticket_seats_taken(uuid, uuid), private.seats_taken(uuid, uuid)
  from public, anon, authenticated;
