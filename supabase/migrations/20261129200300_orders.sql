-- Orders, their items, one ticket per seat, refunds and answers (issue 31, decision 0280).
-- Everything here is written by procedures and the payment functions only; the API roles read
-- under row-level security: a buyer their own orders, an event's team (hosts, co-hosts, the
-- group's organizers, admins) the event's orders; checkers the tickets they scan. Stripe's ids
-- are in `order_payments`, which only the buyer (and the service role) reads.

create type public.order_status as enum
  ('pending', 'processing', 'paid', 'expired', 'cancelled', 'failed', 'refunded', 'partially_refunded');
create type public.ticket_status as enum ('held', 'valid', 'refunded', 'released');
create type public.refund_status as enum ('requested', 'pending', 'succeeded', 'failed', 'canceled');
create type public.refund_reason as enum ('requested_by_buyer', 'by_host', 'event_cancelled', 'sold_out', 'outside_gather');

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  -- Null once the buyer deleted their account: the order stays in the event's books.
  buyer_id uuid references public.profiles (id) on delete set null,
  status public.order_status not null default 'pending',
  currency text not null references public.currencies (code),
  amount_subtotal int not null default 0,
  amount_discount int not null default 0,
  amount_total int not null default 0,
  -- The platform's fee in this order (Connect's application fee; 0 without Connect).
  amount_fee int not null default 0,
  amount_refunded int not null default 0,
  promo_code_id uuid references public.promo_codes (id) on delete set null,
  promo_code text,
  -- Until when the seats are held while the buyer pays (null once paid or closed).
  expires_at timestamptz,
  paid_at timestamptz,
  closed_at timestamptz,
  waitlist_entry_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint orders_amounts check (amount_subtotal >= 0 and amount_discount between 0 and amount_subtotal
    and amount_total = amount_subtotal - amount_discount and amount_fee between 0 and amount_total
    and amount_refunded between 0 and amount_total)
);
create index orders_event_idx on public.orders (event_id, created_at);
create index orders_buyer_idx on public.orders (buyer_id, created_at desc);
create index orders_pending_idx on public.orders (expires_at) where status = 'pending';
create index orders_promo_idx on public.orders (promo_code_id) where promo_code_id is not null;
create trigger orders_updated_at before update on public.orders for each row execute function private.set_updated_at();

create table public.order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  ticket_type_id uuid not null references public.ticket_types (id),
  -- The type's name and price as they were when ordered.
  name text not null,
  unit_price int not null,
  unit_discount int not null default 0,
  -- What each ticket of this line cost the buyer: unit_price - unit_discount.
  unit_amount int not null,
  quantity int not null constraint order_items_quantity check (quantity between 1 and 100),
  amount_total int not null,
  constraint order_items_amounts check (unit_amount = unit_price - unit_discount and unit_discount between 0 and unit_price
    and amount_total = unit_amount * quantity)
);
create index order_items_order_idx on public.order_items (order_id);
create index order_items_type_idx on public.order_items (ticket_type_id);

-- One ticket per seat. A ticket holds a seat while `held` (until held_until; without a deadline
-- while an asynchronous payment settles) and once `valid`; `refunded` and `released` do not.
create table public.tickets (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  order_item_id uuid not null references public.order_items (id) on delete cascade,
  event_id uuid not null references public.events (id) on delete cascade,
  ticket_type_id uuid not null references public.ticket_types (id),
  position int not null,
  status public.ticket_status not null default 'held',
  held_until timestamptz,
  amount int not null,
  holder_name text not null default '' constraint tickets_holder_name check (char_length(holder_name) <= 120),
  checked_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint tickets_order_position unique (order_id, position)
);
create index tickets_event_seats_idx on public.tickets (event_id) where status in ('held', 'valid');
create index tickets_type_seats_idx on public.tickets (ticket_type_id) where status in ('held', 'valid');
create index tickets_order_idx on public.tickets (order_id);
create trigger tickets_updated_at before update on public.tickets for each row execute function private.set_updated_at();

-- Stripe's ids for an order: the buyer's to see, nobody else's.
create table public.order_payments (
  order_id uuid primary key references public.orders (id) on delete cascade,
  checkout_session_id text unique,
  checkout_url text,
  session_status text constraint order_payments_session_status check (session_status in ('open', 'complete', 'expired')),
  payment_intent_id text unique,
  -- Connect: the connected account the charge went to (destination charge).
  destination_account_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger order_payments_updated_at before update on public.order_payments for each row execute function private.set_updated_at();

-- Refunds: asked for (by the buyer within the policy, by the team at any time, by the database
-- when an event is cancelled or a late payment finds no seat), then made at Stripe by a function.
create table public.order_refunds (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  amount int not null constraint order_refunds_amount check (amount >= 1),
  -- The tickets this refund gives back (they stop holding seats once it is made); empty: money only.
  ticket_ids uuid[] not null default '{}',
  reason public.refund_reason not null,
  requested_by uuid references public.profiles (id) on delete set null,
  status public.refund_status not null default 'requested',
  attempts int not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index order_refunds_order_idx on public.order_refunds (order_id);
create index order_refunds_open_idx on public.order_refunds (created_at) where status = 'requested';
create trigger order_refunds_updated_at before update on public.order_refunds for each row execute function private.set_updated_at();

-- Stripe's refund ids: the functions' only.
create table private.stripe_refunds (
  refund_id uuid primary key references public.order_refunds (id) on delete cascade,
  stripe_refund_id text not null unique
);
revoke all on private.stripe_refunds from public, anon, authenticated, service_role;

-- Registration questions are asked once per order or once per ticket (decision 0130's questions).
alter table public.event_questions add column asked_per text not null default 'order'
  constraint event_questions_asked_per check (asked_per in ('order', 'ticket'));
grant insert (asked_per), update (asked_per) on public.event_questions to authenticated;

-- Answers given at checkout, the same shape as rsvp_answers: the question's words kept.
create table public.order_answers (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  ticket_id uuid references public.tickets (id) on delete cascade,
  event_id uuid not null references public.events (id) on delete cascade,
  question_id uuid references public.event_questions (id) on delete set null,
  position int not null,
  kind public.question_kind not null,
  label text not null,
  value jsonb not null,
  created_at timestamptz not null default now(),
  constraint order_answers_one_per_question unique nulls not distinct (order_id, ticket_id, question_id)
);
create index order_answers_order_idx on public.order_answers (order_id);

-- Who may read what.
create function private.is_buyer(oid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.orders o where o.id = oid and o.buyer_id = (select auth.uid()))
$$;

alter table public.orders enable row level security;
alter table public.order_items enable row level security;
alter table public.tickets enable row level security;
alter table public.order_payments enable row level security;
alter table public.order_refunds enable row level security;
alter table public.order_answers enable row level security;

create policy "buyers see their orders" on public.orders for select to authenticated
  using (buyer_id = (select auth.uid()));
create policy "the team sees the event's orders" on public.orders for select to authenticated
  using ((select private.can_manage_event(event_id)));

create policy "buyers and the team see order items" on public.order_items for select to authenticated
  using ((select private.is_buyer(order_id)) or exists (
    select 1 from public.orders o where o.id = order_id and (select private.can_manage_event(o.event_id))));

create policy "buyers see their tickets" on public.tickets for select to authenticated
  using ((select private.is_buyer(order_id)));
create policy "the team and checkers see the event's tickets" on public.tickets for select to authenticated
  using ((select private.can_check_in(event_id)));
-- The buyer names each ticket's holder, until the event ends.
create policy "buyers name their tickets' holders" on public.tickets for update to authenticated
  using ((select private.is_buyer(order_id)) and status in ('held', 'valid'))
  with check ((select private.is_buyer(order_id)));

create policy "buyers see their payment" on public.order_payments for select to authenticated
  using ((select private.is_buyer(order_id)));

create policy "buyers and the team see refunds" on public.order_refunds for select to authenticated
  using ((select private.is_buyer(order_id)) or exists (
    select 1 from public.orders o where o.id = order_id and (select private.can_manage_event(o.event_id))));

create policy "buyers and the team read answers" on public.order_answers for select to authenticated
  using ((select private.is_buyer(order_id)) or (select private.can_check_in(event_id)));

grant select on public.orders, public.order_items, public.tickets, public.order_payments, public.order_refunds,
  public.order_answers to authenticated;
-- Anon may ask (a page may embed them) and, having no policy, gets nothing.
grant select on public.orders, public.order_items, public.tickets, public.order_refunds to anon;
grant update (holder_name) on public.tickets to authenticated;
grant all on public.orders, public.order_items, public.tickets, public.order_payments, public.order_refunds,
  public.order_answers to service_role;
alter publication supabase_realtime add table public.orders, public.tickets;

-- A holder's name: trimmed, at most 120 characters; only the name changes, until the event ends.
create function private.ticket_holder_rules() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.holder_name := btrim(coalesce(new.holder_name, ''));
  if char_length(new.holder_name) > 120 then
    perform private.raise_error('invalid_holder_name', 'A name can be at most 120 characters long.');
  end if;
  if new.holder_name is distinct from old.holder_name and (select ends_at from public.events where id = new.event_id) < now() then
    perform private.raise_error('event_ended', 'This event has ended.', 409);
  end if;
  return new;
end
$$;
create trigger tickets_holder_rules before update of holder_name on public.tickets
  for each row execute function private.ticket_holder_rules();
revoke all on function private.ticket_holder_rules() from public, anon, authenticated;

-- An event with orders that moved money is not deleted (its books stay): cancel it instead.
create function private.event_has_orders() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.orders o where o.event_id = old.id
             and o.status in ('pending', 'processing', 'paid', 'refunded', 'partially_refunded')) then
    perform private.raise_error('event_has_orders', 'Tickets were sold for this event: cancel it instead.', 409);
  end if;
  return old;
end
$$;
create trigger events_keep_orders before delete on public.events
  for each row execute function private.event_has_orders();
revoke all on function private.event_has_orders(), private.is_buyer(uuid) from public, anon;
grant execute on function private.is_buyer(uuid) to authenticated;
