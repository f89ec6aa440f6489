-- Ticket types (issue 31, decision 0280): what an event sells, each with its price in the event's
-- currency (minor units; 0 = free), its stock, sales window, per-order limits, and optionally
-- hidden until a buyer enters its access code. The event's team writes them through REST; the
-- event capacity still caps every type and the free RSVPs together (see the holds migration).
-- `sold_count` (paid tickets) and `held_count` (seats held by checkouts and waitlist offers) are
-- the database's, refreshed under the event's lock, for pages to show what is left.

create table public.ticket_types (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  name text not null,
  description text not null default '',
  price int not null default 0 constraint ticket_types_price check (price between 0 and 99999999),
  quantity int constraint ticket_types_quantity check (quantity between 1 and 100000),
  sales_start_at timestamptz,
  sales_end_at timestamptz,
  min_per_order int not null default 1,
  max_per_order int not null default 10,
  hidden boolean not null default false,
  access_code text,
  sort_order int not null default 0,
  sold_count int not null default 0,
  held_count int not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint ticket_types_limits check (min_per_order between 1 and 100 and max_per_order between min_per_order and 100),
  constraint ticket_types_window check (sales_end_at is null or sales_start_at is null or sales_end_at > sales_start_at)
);
create index ticket_types_event_idx on public.ticket_types (event_id, sort_order);

create trigger ticket_types_updated_at before update on public.ticket_types
  for each row execute function private.set_updated_at();

-- The catalogue's rules for a ticket type. Security definer: it counts the event's types and reads
-- its currency whoever writes.
create function private.ticket_type_rules() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  e public.events;
  exponent int;
begin
  if tg_op = 'UPDATE' and new.event_id <> old.event_id then
    perform private.raise_error('invalid_ticket_type', 'A ticket type stays with its event.');
  end if;
  select * into e from public.events where id = new.event_id for update;
  if e.status = 'cancelled' then
    perform private.raise_error('event_cancelled', 'This event was cancelled.', 409);
  end if;
  new.name := btrim(coalesce(new.name, ''));
  if char_length(new.name) not between 1 and 80 then
    perform private.raise_error('invalid_ticket_type', 'A ticket type needs a name of 1 to 80 characters.');
  end if;
  new.description := btrim(coalesce(new.description, ''));
  if char_length(new.description) > 2000 then
    perform private.raise_error('invalid_ticket_type', 'A ticket type''s description can be at most 2,000 characters long.');
  end if;
  select c.exponent into exponent from public.currencies c where c.code = e.currency;
  if new.price is null or new.price not between 0 and 99999999 or (exponent = 3 and new.price % 10 <> 0) then
    perform private.raise_error('invalid_price', case when exponent = 3
      then 'Prices in this currency must be multiples of 10 in its smallest unit.'
      else 'A price must be 0 (free) or a positive amount.' end);
  end if;
  if new.quantity is not null and new.quantity not between 1 and 100000 then
    perform private.raise_error('invalid_quantity', 'The quantity must be empty (only the capacity limits it) or 1 to 100,000.');
  end if;
  if new.sales_start_at is not null and new.sales_end_at is not null and new.sales_end_at <= new.sales_start_at then
    perform private.raise_error('invalid_sales_window', 'Sales must end after they start.');
  end if;
  if new.min_per_order is null or new.max_per_order is null or new.min_per_order not between 1 and 100
     or new.max_per_order not between new.min_per_order and 100 then
    perform private.raise_error('invalid_order_limits', 'Tickets per order: a minimum of at least 1 and a maximum of at most 100, not below the minimum.');
  end if;
  new.access_code := nullif(btrim(coalesce(new.access_code, '')), '');
  if not new.hidden then
    new.access_code := null; -- a code only unlocks a hidden type
  elsif new.access_code is not null and char_length(new.access_code) > 40 then
    perform private.raise_error('invalid_ticket_type', 'An access code can be at most 40 characters long.');
  end if;
  if tg_op = 'INSERT' then
    if (select count(*) from public.ticket_types where event_id = new.event_id) >= 20 then
      perform private.raise_error('too_many_ticket_types', 'An event can have at most 20 ticket types.', 409);
    end if;
    if new.sort_order is null or new.sort_order < 1 then
      select coalesce(max(sort_order), 0) + 1 into new.sort_order from public.ticket_types where event_id = new.event_id;
    end if;
    -- Server-owned, whatever a client sent (the grants leave them out; this covers the service role's copies too).
    new.sold_count := 0;
    new.held_count := 0;
  end if;
  return new;
end
$$;
create trigger ticket_types_rules before insert or update on public.ticket_types
  for each row execute function private.ticket_type_rules();

-- A type that was ordered stays (orders name it): hide it instead.
create function private.ticket_type_in_use() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.order_items i where i.ticket_type_id = old.id) then
    perform private.raise_error('ticket_type_in_use', 'Tickets of this type have been ordered: hide it instead.', 409);
  end if;
  return old;
end
$$;
create trigger ticket_types_in_use before delete on public.ticket_types
  for each row execute function private.ticket_type_in_use();

alter table public.ticket_types enable row level security;
create policy "ticket types follow the event, hidden ones for the team" on public.ticket_types for select to anon, authenticated
  using ((not hidden and (select private.can_view_event(event_id))) or (select private.can_manage_event(event_id)));
create policy "the team adds ticket types" on public.ticket_types for insert to authenticated
  with check ((select private.can_manage_event(event_id)));
create policy "the team edits ticket types" on public.ticket_types for update to authenticated
  using ((select private.can_manage_event(event_id))) with check ((select private.can_manage_event(event_id)));
create policy "the team removes ticket types" on public.ticket_types for delete to authenticated
  using ((select private.can_manage_event(event_id)));

grant select on public.ticket_types to anon, authenticated;
grant insert (event_id, name, description, price, quantity, sales_start_at, sales_end_at, min_per_order, max_per_order,
              hidden, access_code, sort_order), delete on public.ticket_types to authenticated;
grant update (name, description, price, quantity, sales_start_at, sales_end_at, min_per_order, max_per_order,
              hidden, access_code, sort_order) on public.ticket_types to authenticated;
grant all on public.ticket_types to service_role;
alter publication supabase_realtime add table public.ticket_types;

-- The hidden types an access code unlocks, for whoever may see the event (the event page asks
-- with the code a buyer typed; case and surrounding spaces do not matter).
create function public.unlock_ticket_types(event_id uuid, access_code text) returns setof public.ticket_types
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
begin
  if not private.can_view_event(unlock_ticket_types.event_id) then
    perform private.raise_error('event_not_found', 'This event does not exist or is not visible to you.', 404);
  end if;
  return query select * from public.ticket_types t
    where t.event_id = unlock_ticket_types.event_id and t.hidden and t.access_code is not null
      and lower(t.access_code) = lower(btrim(coalesce(unlock_ticket_types.access_code, '')))
    order by t.sort_order;
end
$$;
revoke all on function public.unlock_ticket_types(uuid, text) from public;
grant execute on function public.unlock_ticket_types(uuid, text) to anon, authenticated, service_role;
revoke all on function private.ticket_type_rules(), private.ticket_type_in_use() from public, anon, authenticated;

-- Promo codes: percent or a fixed amount off each ticket (minor units of the event's currency),
-- for some of the event's types or all (`ticket_type_ids` null), at most `max_uses` orders,
-- until `expires_at`. The team's alone to read and write; buyers type a code at checkout.
-- `used_count` (orders paid or holding seats with it) is the database's.
create table public.promo_codes (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  code text not null,
  percent_off int constraint promo_codes_percent check (percent_off between 1 and 100),
  amount_off int constraint promo_codes_amount check (amount_off between 1 and 99999999),
  ticket_type_ids uuid[],
  max_uses int constraint promo_codes_max_uses check (max_uses >= 1),
  used_count int not null default 0,
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint promo_codes_one_discount check (num_nonnulls(percent_off, amount_off) = 1)
);
create unique index promo_codes_event_code_key on public.promo_codes (event_id, lower(code));

create trigger promo_codes_updated_at before update on public.promo_codes
  for each row execute function private.set_updated_at();

create function private.promo_code_rules() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  exponent int;
begin
  if tg_op = 'UPDATE' and new.event_id <> old.event_id then
    perform private.raise_error('invalid_promo_code', 'A promo code stays with its event.');
  end if;
  new.code := btrim(coalesce(new.code, ''));
  if new.code !~ '^[A-Za-z0-9_-]{1,40}$' then
    perform private.raise_error('invalid_promo_code', 'A promo code is 1 to 40 letters, digits, - or _.');
  end if;
  if exists (select 1 from public.promo_codes p where p.event_id = new.event_id and lower(p.code) = lower(new.code) and p.id <> new.id) then
    perform private.raise_error('promo_code_taken', 'This event already has that promo code.', 409);
  end if;
  if num_nonnulls(new.percent_off, new.amount_off) <> 1 or new.percent_off not between 1 and 100 or new.amount_off < 1 then
    perform private.raise_error('invalid_promo_code', 'A promo code takes off a percentage (1 to 100) or an amount, not both.');
  end if;
  select c.exponent into exponent from public.events e join public.currencies c on c.code = e.currency where e.id = new.event_id;
  if exponent = 3 and new.amount_off % 10 <> 0 then
    perform private.raise_error('invalid_price', 'Prices in this currency must be multiples of 10 in its smallest unit.');
  end if;
  if cardinality(new.ticket_type_ids) = 0 then
    new.ticket_type_ids := null;
  end if;
  if exists (select 1 from unnest(new.ticket_type_ids) x
             where not exists (select 1 from public.ticket_types t where t.id = x and t.event_id = new.event_id)) then
    perform private.raise_error('invalid_promo_code', 'A promo code applies to ticket types of its own event.');
  end if;
  if tg_op = 'INSERT' then
    new.used_count := 0;
  end if;
  return new;
end
$$;
create trigger promo_codes_rules before insert or update on public.promo_codes
  for each row execute function private.promo_code_rules();

alter table public.promo_codes enable row level security;
create policy "the team reads promo codes" on public.promo_codes for select to authenticated
  using ((select private.can_manage_event(event_id)));
create policy "the team adds promo codes" on public.promo_codes for insert to authenticated
  with check ((select private.can_manage_event(event_id)));
create policy "the team edits promo codes" on public.promo_codes for update to authenticated
  using ((select private.can_manage_event(event_id))) with check ((select private.can_manage_event(event_id)));
create policy "the team removes promo codes" on public.promo_codes for delete to authenticated
  using ((select private.can_manage_event(event_id)));
grant select, delete on public.promo_codes to authenticated;
grant insert (event_id, code, percent_off, amount_off, ticket_type_ids, max_uses, expires_at) on public.promo_codes to authenticated;
grant update (code, percent_off, amount_off, ticket_type_ids, max_uses, expires_at) on public.promo_codes to authenticated;
grant all on public.promo_codes to service_role;
revoke all on function private.promo_code_rules() from public, anon, authenticated;

-- A usable code of the event, or the catalogue's error: invalid_promo_code, promo_code_expired,
-- promo_code_used_up. Checkout applies it under the event's lock; this answers the buyer's
-- "Apply" first. Uses left are counted live (orders paid or holding seats with it).
create function private.usable_promo_code(eid uuid, typed text) returns public.promo_codes
language plpgsql stable security definer set search_path = '' as $$
declare
  p public.promo_codes;
begin
  select * into p from public.promo_codes where event_id = eid and lower(code) = lower(btrim(coalesce(typed, '')));
  if not found then
    perform private.raise_error('invalid_promo_code', 'This code is not valid for this event.', 404);
  end if;
  if p.expires_at is not null and p.expires_at <= now() then
    perform private.raise_error('promo_code_expired', 'This code has expired.', 409);
  end if;
  if p.max_uses is not null and (select count(*) from public.orders o where o.promo_code_id = p.id and private.order_holds_seats(o)) >= p.max_uses then
    perform private.raise_error('promo_code_used_up', 'This code has been used as often as it may be.', 409);
  end if;
  return p;
end
$$;
revoke all on function private.usable_promo_code(uuid, text) from public, anon, authenticated;

create function public.check_promo_code(event_id uuid, code text) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
declare
  p public.promo_codes;
begin
  if not private.can_view_event(check_promo_code.event_id) then
    perform private.raise_error('event_not_found', 'This event does not exist or is not visible to you.', 404);
  end if;
  p := private.usable_promo_code(check_promo_code.event_id, check_promo_code.code);
  return jsonb_build_object('code', p.code, 'percent_off', p.percent_off, 'amount_off', p.amount_off,
    'ticket_type_ids', to_jsonb(p.ticket_type_ids), 'expires_at', p.expires_at);
end
$$;
revoke all on function public.check_promo_code(uuid, text) from public;
grant execute on function public.check_promo_code(uuid, text) to anon, authenticated, service_role;
