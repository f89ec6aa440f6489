-- Decision 0425: the two checkout procedures of 20261129361100 (`start_checkout_locked`, the
-- procedure under the event lock, and the quick `start_checkout`) each carried their own copy of
-- the items loop (the items' shape, the ticket type lookup, the hidden/access-code rule, the
-- per-order limits, the sales window, the pricing, the amount payable) and of the order's writing
-- (answers, order, items, held tickets). A rule changed in one copy only would let the quick path
-- sell what the locked one refuses, or the other way round. Both now call the two functions
-- below; the seat checks, which differ on purpose (a recount under the event lock, a claim on the
-- seat row at the end), stay in each procedure. Error codes and messages are unchanged. One
-- order of checks moves: the items list's own shape (an array of 1 to 20) is now checked with the
-- items, after the promo code, so a request wrong in both says the promo code's error first.

-- The checkout's lines, checked and priced: `lines` is [{id, quantity, discount}] (discount per
-- ticket), with the order's subtotal, discount and seat count; the amount payable is checked too
-- (the currency's minimum, the organizers' payouts ready). `promo` is a usable code or nulls.
create function private.checkout_lines(e public.events, items jsonb, access_code text, promo public.promo_codes,
  out lines jsonb, out subtotal int, out discount int, out seats int)
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  cur public.currencies;
  t public.ticket_types;
  item jsonb;
  q int;
  unit_discount int;
  discounted boolean := false;
  payee public.payment_accounts;
begin
  lines := '[]'; subtotal := 0; discount := 0; seats := 0;
  if jsonb_typeof(items) is distinct from 'array' or jsonb_array_length(items) not between 1 and 20 then
    perform private.raise_error('invalid_items', 'Choose at least one ticket (items: [{ticket_type_id, quantity}]).', 422);
  end if;
  select * into cur from public.currencies c where c.code = e.currency;
  for item in select value from jsonb_array_elements(items) loop
    if jsonb_typeof(item) <> 'object' or private.try_uuid(item ->> 'ticket_type_id') is null
       or jsonb_typeof(item -> 'quantity') <> 'number' or (item ->> 'quantity') !~ '^[0-9]{1,3}$' then
      perform private.raise_error('invalid_items', 'Each item is {ticket_type_id, quantity} with a whole quantity.', 422);
    end if;
    select * into t from public.ticket_types x where x.id = (item ->> 'ticket_type_id')::uuid and x.event_id = e.id;
    if not found or (t.hidden and (t.access_code is null or lower(t.access_code) <> lower(btrim(coalesce(checkout_lines.access_code, ''))))
                     and not private.can_manage_event(e.id)) then
      perform private.raise_error('ticket_type_not_found', 'This ticket type does not exist.', 404, item ->> 'ticket_type_id');
    end if;
    if lines @> jsonb_build_array(jsonb_build_object('id', t.id)) then
      perform private.raise_error('invalid_items', 'List each ticket type once.', 422);
    end if;
    q := (item ->> 'quantity')::int;
    if q not between t.min_per_order and t.max_per_order then
      perform private.raise_error('invalid_quantity', format('Choose between %s and %s tickets of "%s".', t.min_per_order, t.max_per_order, t.name), 422, t.id::text);
    end if;
    if t.sales_start_at is not null and now() < t.sales_start_at then
      perform private.raise_error('sales_not_started', format('Sales of "%s" have not started yet.', t.name), 409,
        jsonb_build_object('ticket_type_id', t.id, 'sales_start_at', private.iso_time(t.sales_start_at))::text);
    end if;
    if now() >= coalesce(t.sales_end_at, e.starts_at) or now() >= e.ends_at then
      perform private.raise_error('sales_ended', format('Sales of "%s" have ended.', t.name), 409, t.id::text);
    end if;
    unit_discount := 0;
    if promo.id is not null and (promo.ticket_type_ids is null or t.id = any (promo.ticket_type_ids)) then
      unit_discount := least(t.price, coalesce(promo.amount_off, round(t.price * promo.percent_off / 100.0)::int));
      if cur.exponent = 3 then
        unit_discount := least(t.price, round(unit_discount / 10.0)::int * 10);
      end if;
      discounted := true;
    end if;
    lines := lines || jsonb_build_array(jsonb_build_object('id', t.id, 'quantity', q, 'discount', unit_discount));
    subtotal := subtotal + t.price * q;
    discount := discount + unit_discount * q;
    seats := seats + q;
  end loop;
  if promo.id is not null and not discounted then
    perform private.raise_error('promo_code_not_applicable', 'This code does not apply to the tickets you chose.', 409);
  end if;
  if subtotal - discount > 0 and cur.minimum is not null and subtotal - discount < cur.minimum then
    perform private.raise_error('amount_too_small',
      format('A payment must be at least %s.', private.format_amount(cur.minimum, cur.code)), 422);
  end if;
  if subtotal - discount > 0 and (private.payment_settings()).connect_enabled then
    payee := private.event_payee(e.id);
    if payee.id is null or not payee.charges_enabled then
      perform private.raise_error('payments_not_ready', 'This event cannot take payments yet: its organizers have not finished connecting Stripe.', 409);
    end if;
  end if;
end
$$;
revoke all on function private.checkout_lines(public.events, jsonb, text, public.promo_codes) from public, anon, authenticated;

-- The pending order for checked lines: its answers, the order, its items and one held ticket per
-- seat (nothing claimed on the seat row: each procedure does that its own way).
create function private.checkout_order(e public.events, lines jsonb, subtotal int, discount int, promo public.promo_codes,
  offer_id uuid, answers jsonb, ticket_answers jsonb) returns public.orders
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := (select auth.uid());
  settings public.payment_settings := private.payment_settings();
  cur public.currencies;
  t public.ticket_types;
  item jsonb;
  q int;
  o public.orders;
  oi public.order_items;
  seat int := 0;
  tid uuid;
  checked jsonb;
  holder text;
begin
  checked := private.checked_answers_per(e.id, checkout_order.answers, 'order');
  if checkout_order.ticket_answers is not null and jsonb_typeof(checkout_order.ticket_answers) not in ('array', 'null') then
    perform private.raise_error('answer_invalid', 'Ticket answers are sent as a list, one object per ticket.', 422);
  end if;
  select coalesce(nullif(display_name, ''), '') into holder from public.profiles where id = me;
  select * into cur from public.currencies c where c.code = e.currency;

  insert into public.orders (event_id, buyer_id, currency, amount_subtotal, amount_discount, amount_total, amount_fee,
                             promo_code_id, promo_code, expires_at, waitlist_entry_id)
  values (e.id, me, e.currency, checkout_order.subtotal, checkout_order.discount, checkout_order.subtotal - checkout_order.discount,
          case when settings.connect_enabled then
            case when cur.exponent = 3 then (round((checkout_order.subtotal - checkout_order.discount) * settings.platform_fee_bps / 100000.0) * 10)::int
                 else round((checkout_order.subtotal - checkout_order.discount) * settings.platform_fee_bps / 10000.0)::int end
          else 0 end,
          promo.id, promo.code, now() + make_interval(mins => settings.hold_minutes), offer_id)
  returning * into o;
  perform private.store_order_answers(o, null, checked);

  for item in select value from jsonb_array_elements(lines) loop
    select * into t from public.ticket_types where id = (item ->> 'id')::uuid;
    q := (item ->> 'quantity')::int;
    insert into public.order_items (order_id, ticket_type_id, name, unit_price, unit_discount, unit_amount, quantity, amount_total)
    values (o.id, t.id, t.name, t.price, (item ->> 'discount')::int, t.price - (item ->> 'discount')::int, q,
            (t.price - (item ->> 'discount')::int) * q)
    returning * into oi;
    for i in 1..q loop
      seat := seat + 1;
      insert into public.tickets (order_id, order_item_id, event_id, ticket_type_id, position, status, held_until, amount, holder_name)
      values (o.id, oi.id, e.id, t.id, seat, 'held', o.expires_at, oi.unit_amount, holder)
      returning id into tid;
      perform private.store_order_answers(o, tid,
        private.checked_answers_per(e.id, checkout_order.ticket_answers -> (seat - 1), 'ticket'));
    end loop;
  end loop;
  return o;
end
$$;
revoke all on function private.checkout_order(public.events, jsonb, int, int, public.promo_codes, uuid, jsonb, jsonb)
  from public, anon, authenticated;

-- As in 20261129361100, the lines and the order from the functions above.
create or replace function private.start_checkout_locked(event_id uuid, items jsonb, promo_code text default null, answers jsonb default null,
  ticket_answers jsonb default null, access_code text default null)
returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := (select auth.uid());
  e public.events := private.lock_event(start_checkout_locked.event_id);
  p public.promo_codes;
  t public.ticket_types;
  item jsonb;
  wanted jsonb;
  total_quantity int;
  offer public.ticket_waitlist;
  subtotal int;
  discount int;
  o public.orders;
begin
  perform private.assert_active();
  if e.status = 'draft' then perform private.raise_error('event_not_published', 'This event isn''t published yet.', 409); end if;
  if e.status = 'cancelled' then perform private.raise_error('event_cancelled', 'This event was cancelled.', 409); end if;

  -- Give up the buyer's earlier checkout for this event: its seats count for nobody now.
  perform private.release_order(x.id, 'cancelled')
    from public.orders x where x.event_id = e.id and x.buyer_id = me and x.status = 'pending';

  select * into offer from public.ticket_waitlist w
    where w.event_id = e.id and w.user_id = me and w.status = 'offered' and w.offer_expires_at > now();

  if nullif(btrim(coalesce(start_checkout_locked.promo_code, '')), '') is not null then
    p := private.usable_promo_code(e.id, start_checkout_locked.promo_code);
  end if;
  select l.lines, l.subtotal, l.discount, l.seats into wanted, subtotal, discount, total_quantity
    from private.checkout_lines(e, start_checkout_locked.items, start_checkout_locked.access_code, p) l;

  -- Seats: each type's stock, then the event's capacity (RSVPs and tickets together).
  for item in select value from jsonb_array_elements(wanted) loop
    select * into t from public.ticket_types where id = (item ->> 'id')::uuid;
    if t.quantity is not null and private.type_seats_taken(t.id, me) + (item ->> 'quantity')::int > t.quantity then
      perform private.raise_error('sold_out', format('Sold out: not enough "%s" tickets left.', t.name), 409,
        jsonb_build_object('ticket_type_id', t.id, 'left', greatest(t.quantity - private.type_seats_taken(t.id, me), 0))::text);
    end if;
  end loop;
  if e.capacity is not null and private.seats_taken(e.id, me) + total_quantity > e.capacity then
    perform private.raise_error('sold_out', 'Sold out: not enough tickets left.', 409,
      jsonb_build_object('ticket_type_id', null, 'left', greatest(e.capacity - private.seats_taken(e.id, me), 0))::text);
  end if;

  o := private.checkout_order(e, wanted, subtotal, discount, p, offer.id, start_checkout_locked.answers, start_checkout_locked.ticket_answers);
  if offer.id is not null then
    update public.ticket_waitlist set status = 'claimed' where id = offer.id;
  end if;
  if o.amount_total = 0 then
    perform private.fulfil_order(o.id);
  end if;
  perform private.refresh_ticket_counts(e.id);
  return private.order_json(o.id);
end
$$;

-- As in 20261129361100, the lines and the order from the functions above; the seat checks moved
-- to the end as there.
create or replace function private.start_checkout(event_id uuid, items jsonb, promo_code text default null, answers jsonb default null,
  ticket_answers jsonb default null, access_code text default null)
returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := (select auth.uid());
  e public.events;
  s private.event_seats;
  taken_after int;
  no_promo public.promo_codes; -- codes go to start_checkout_locked
  t public.ticket_types;
  item jsonb;
  wanted jsonb;
  total_quantity int;
  subtotal int;
  discount int;
  o public.orders;
begin
  if (select auth.uid()) is null
     or nullif(btrim(coalesce(start_checkout.promo_code, '')), '') is not null
     or exists (select 1 from public.orders x where x.event_id = start_checkout.event_id and x.buyer_id = me and x.status = 'pending')
     or exists (select 1 from public.ticket_waitlist w where w.event_id = start_checkout.event_id and w.user_id = me and w.status = 'offered') then
    return private.start_checkout_locked(start_checkout.event_id, items, start_checkout.promo_code, start_checkout.answers,
                                         start_checkout.ticket_answers, start_checkout.access_code);
  end if;
  -- From here on no lock_event: taking it after this shared lock could deadlock with another buyer.
  select * into e from public.events x where x.id = start_checkout.event_id for share;
  if not found or not private.can_view_event(e.id) then
    perform private.raise_error('event_not_found', 'This event does not exist or is not visible to you.', 404);
  end if;
  if not exists (select 1 from private.event_seats x where x.event_id = e.id) then
    perform private.lock_seats(e.id); -- the event's first: count its seats (held to the commit)
  end if;
  perform private.assert_active();
  if e.status = 'draft' then perform private.raise_error('event_not_published', 'This event isn''t published yet.', 409); end if;
  if e.status = 'cancelled' then perform private.raise_error('event_cancelled', 'This event was cancelled.', 409); end if;
  select l.lines, l.subtotal, l.discount, l.seats into wanted, subtotal, discount, total_quantity
    from private.checkout_lines(e, start_checkout.items, start_checkout.access_code, no_promo) l;

  -- Sold out as the counter reads now: said before writing anything (the legacy order of checks
  -- only where a type's stock could say it first).
  select * into s from private.event_seats x where x.event_id = e.id;
  if e.capacity is not null and s.taken + total_quantity > e.capacity and not private.seats_lapsed(e.id)
     and not exists (select 1 from public.ticket_types x where x.event_id = e.id and x.quantity is not null) then
    perform private.raise_error('sold_out', 'Sold out: not enough tickets left.', 409,
      jsonb_build_object('ticket_type_id', null, 'left', greatest(e.capacity - s.taken, 0))::text);
  end if;

  o := private.checkout_order(e, wanted, subtotal, discount, no_promo, null, start_checkout.answers, start_checkout.ticket_answers);

  -- The serialized part: each limited type's stock (recounted in the seat row's lock, this
  -- order's held tickets among them), the seat row (the event's capacity, counted), the counts,
  -- the commit.
  select * into s from private.event_seats x where x.event_id = e.id for update;
  for item in select value from jsonb_array_elements(wanted) loop
    select * into t from public.ticket_types where id = (item ->> 'id')::uuid;
    if t.quantity is not null and private.type_seats_taken(t.id, me) > t.quantity then
      perform private.raise_error('sold_out', format('Sold out: not enough "%s" tickets left.', t.name), 409,
        jsonb_build_object('ticket_type_id', t.id,
                           'left', greatest(t.quantity - private.type_seats_taken(t.id, me) + (item ->> 'quantity')::int, 0))::text);
    end if;
  end loop;
  if e.capacity is not null and s.taken + total_quantity > e.capacity and private.seats_lapsed(e.id) then
    s := private.sync_seats(e.id); -- a hold or offer lapsed by the clock: count what is really held
    s.taken := s.taken - total_quantity; -- the recount has this order's tickets in it already
  end if;
  if e.capacity is not null and s.taken + total_quantity > e.capacity then
    perform private.raise_error('sold_out', 'Sold out: not enough tickets left.', 409,
      jsonb_build_object('ticket_type_id', null, 'left', greatest(e.capacity - s.taken, 0))::text);
  end if;
  update private.event_seats x set taken = s.taken + total_quantity -- s: the row as locked (or just recounted)
    where x.event_id = e.id returning x.taken into taken_after;
  if o.amount_total = 0 then
    perform private.fulfil_order(o.id);
    perform private.refresh_ticket_counts(e.id);
    return private.order_json(o.id);
  end if;
  update public.ticket_types t set held_count = t.held_count + (w.value ->> 'quantity')::int
    from jsonb_array_elements(wanted) w where t.id = (w.value ->> 'id')::uuid;
  update public.event_stats x
    set spots_left = case when e.capacity is null then null else greatest(e.capacity - taken_after, 0) end, updated_at = now()
    where x.event_id = e.id;
  if not found then
    perform private.refresh_event_stats(e.id);
  end if;
  return private.order_json(o.id);
end
$$;
