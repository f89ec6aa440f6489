-- The database's own count refreshes are not edits (issue 31): a ticket type's or promo code's rules
-- (as in 20261129200200) apply to what the team writes, not to sold_count/held_count/used_count
-- moving. Before this, refreshing the counts of a cancelled event (its refunds, its released
-- holds) raised the rules' `event_cancelled` and rolled the cancellation back.

create or replace function private.ticket_type_rules() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  e public.events;
  exponent int;
begin
  -- The database refreshing its counts (sold_count, held_count) is not an edit: no rule applies,
  -- also once the event is cancelled (its refunds and released holds move the counts).
  if tg_op = 'UPDATE' and (new.event_id, new.name, new.description, new.price, new.quantity, new.sales_start_at, new.sales_end_at,
      new.min_per_order, new.max_per_order, new.hidden, new.access_code, new.sort_order)
      is not distinct from (old.event_id, old.name, old.description, old.price, old.quantity, old.sales_start_at, old.sales_end_at,
      old.min_per_order, old.max_per_order, old.hidden, old.access_code, old.sort_order) then
    return new;
  end if;
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

create or replace function private.promo_code_rules() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  exponent int;
begin
  if tg_op = 'UPDATE' and (new.event_id, new.code, new.percent_off, new.amount_off, new.ticket_type_ids, new.max_uses, new.expires_at)
      is not distinct from (old.event_id, old.code, old.percent_off, old.amount_off, old.ticket_type_ids, old.max_uses, old.expires_at) then
    return new; -- used_count refreshed by the database
  end if;
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
