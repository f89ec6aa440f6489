-- Checkout holds seats in the database (issue 31, decision 0281). `start_checkout` locks the
-- event row, as every RSVP does (the capacity is shared), counts the seats taken, writes a
-- pending order with one held ticket per seat and commits: the lock lasts one short
-- transaction, and Stripe is called after it, outside any lock. A hold lapses at `expires_at`
-- by itself (a lapsed hold is simply not counted), and the sweep or Stripe's
-- `checkout.session.expired` then closes the order, whichever comes first. A payment that
-- completes after its hold lapsed gets its seats if they are free, else a full refund.

-- Does the order hold its seats (or use its promo code) now?
create function private.order_holds_seats(o public.orders) returns boolean
language sql stable as $$
  select o.status in ('paid', 'partially_refunded', 'processing') or (o.status = 'pending' and o.expires_at > now())
$$;

-- Display counts: each type's sold and held seats, each code's uses. The caller holds the lock.
create function private.refresh_ticket_counts(eid uuid) returns void
language sql security definer set search_path = '' as $$
  update public.ticket_types t set sold_count = x.sold, held_count = x.held
  from (select t2.id,
               (select count(*) from public.tickets k where k.ticket_type_id = t2.id and k.status = 'valid')::int as sold,
               private.type_seats_taken(t2.id) - (select count(*) from public.tickets k where k.ticket_type_id = t2.id and k.status = 'valid')::int as held
        from public.ticket_types t2 where t2.event_id = eid) x
  where t.id = x.id and (t.sold_count, t.held_count) is distinct from (x.sold, x.held);
  update public.promo_codes p set used_count = x.used
  from (select p2.id, (select count(*) from public.orders o where o.promo_code_id = p2.id and private.order_holds_seats(o))::int as used
        from public.promo_codes p2 where p2.event_id = eid) x
  where p.id = x.id and p.used_count <> x.used;
  select private.refresh_event_stats(eid);
$$;

-- Answers to the event's questions asked per order or per ticket (decision 0130's checks).
create function private.checked_answers_per(eid uuid, answers jsonb, per text) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  q public.event_questions;
  v jsonb;
  result jsonb := '{}';
begin
  if answers is not null and jsonb_typeof(answers) not in ('object', 'null') then
    perform private.raise_error('answer_invalid', 'Answers are sent as an object keyed by question id.', 422);
  end if;
  for q in select * from public.event_questions where event_id = eid and asked_per = per order by position, created_at loop
    v := private.answer_value(q, answers -> q.id::text);
    if v is null and q.required then
      perform private.raise_error('answer_required', format('Answer "%s".', q.label), 422, q.id::text);
    end if;
    result := result || jsonb_build_object(q.id::text, v);
  end loop;
  return result;
end
$$;

create function private.store_order_answers(o public.orders, tid uuid, checked jsonb) returns void
language sql security definer set search_path = '' as $$
  insert into public.order_answers (order_id, ticket_id, event_id, question_id, position, kind, label, value)
  select o.id, tid, o.event_id, q.id, q.position, q.kind, q.label, c.value
  from jsonb_each(checked) c join public.event_questions q on q.id = c.key::uuid
  where c.value <> 'null'
$$;

-- The amount in words for an error: "0.50 EUR", "50 JPY".
create function private.format_amount(amount int, currency text) returns text
language sql stable security definer set search_path = '' as $$
  select case c.exponent when 0 then amount::text else to_char(amount / (10 ^ c.exponent)::numeric, 'FM999999990.' || repeat('0', c.exponent)) end
         || ' ' || currency
  from public.currencies c where c.code = currency
$$;

-- What one order looks like to its buyer (and the team): the order, its lines and tickets.
create function private.order_json(oid uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'order_id', o.id, 'event_id', o.event_id, 'status', o.status, 'currency', o.currency, 'exponent', c.exponent,
    'amount_subtotal', o.amount_subtotal, 'amount_discount', o.amount_discount, 'amount_total', o.amount_total,
    'amount_fee', o.amount_fee, 'amount_refunded', o.amount_refunded, 'promo_code', o.promo_code,
    'expires_at', o.expires_at, 'paid_at', o.paid_at, 'created_at', o.created_at,
    'items', coalesce((select jsonb_agg(jsonb_build_object('ticket_type_id', i.ticket_type_id, 'name', i.name,
        'unit_price', i.unit_price, 'unit_discount', i.unit_discount, 'unit_amount', i.unit_amount,
        'quantity', i.quantity, 'amount_total', i.amount_total) order by i.name)
      from public.order_items i where i.order_id = o.id), '[]'),
    'tickets', coalesce((select jsonb_agg(jsonb_build_object('id', t.id, 'ticket_type_id', t.ticket_type_id, 'position', t.position,
        'status', t.status, 'holder_name', t.holder_name, 'amount', t.amount, 'checked_in_at', t.checked_in_at) order by t.position)
      from public.tickets t where t.order_id = o.id), '[]'))
  from public.orders o join public.currencies c on c.code = o.currency
  where o.id = oid
$$;

-- A paid order: its tickets valid, its waitlist offer used, the receipt on its way.
create function private.fulfil_order(oid uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  o public.orders;
  e public.events;
begin
  update public.tickets set status = 'valid', held_until = null where order_id = oid and status = 'held';
  update public.orders set status = 'paid', paid_at = coalesce(paid_at, now()), expires_at = null
    where id = oid returning * into o;
  update public.ticket_waitlist set status = 'purchased' where id = o.waitlist_entry_id and status in ('claimed', 'offered', 'lapsed');
  select * into e from public.events where id = o.event_id;
  if o.buyer_id is not null then
    perform private.notify(o.buyer_id, 'order_paid', private.order_json(o.id) || jsonb_build_object(
      'slug', e.slug, 'title', e.title, 'starts_at', e.starts_at, 'timezone', e.timezone,
      'venue_name', e.venue_name, 'address', e.address, 'is_online', e.is_online));
  end if;
end
$$;

-- A pending (or settling) order that will not be paid: its seats go back, its waitlist offer
-- returns to its member while the deadline lasts, and the next in line may get an offer.
create function private.release_order(oid uuid, next_status public.order_status) returns void
language plpgsql security definer set search_path = '' as $$
declare
  o public.orders;
begin
  update public.orders set status = next_status, closed_at = now()
    where id = oid and status in ('pending', 'processing') returning * into o;
  if not found then
    return;
  end if;
  update public.tickets set status = 'released', held_until = null where order_id = oid and status = 'held';
  update public.ticket_waitlist set status = case when offer_expires_at > now() then 'offered' else 'lapsed' end::public.ticket_waitlist_status
    where id = o.waitlist_entry_id and status = 'claimed';
  perform private.offer_ticket_seats(o.event_id);
  perform private.refresh_ticket_counts(o.event_id);
end
$$;

-- Starts a checkout for the caller: checks the items, prices them (promo code applied per
-- ticket), answers the questions, holds one seat per ticket for the hold time and returns the
-- order. A free order (total 0) is paid at once. The buyer's earlier pending order for the
-- event is given up (one checkout per buyer and event).
--   items: [{"ticket_type_id": uuid, "quantity": int}, …]
--   answers: {question id: value} for questions asked per order;
--   ticket_answers: [{question id: value}, …], one per ticket in the order's seat order;
--   access_code: unlocks hidden types.
create function public.start_checkout(event_id uuid, items jsonb, promo_code text default null, answers jsonb default null,
                                      ticket_answers jsonb default null, access_code text default null) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := (select auth.uid());
  e public.events := private.lock_event(start_checkout.event_id);
  settings public.payment_settings := private.payment_settings();
  cur public.currencies;
  p public.promo_codes;
  t public.ticket_types;
  item jsonb;
  wanted jsonb := '[]';
  q int;
  total_quantity int := 0;
  offer public.ticket_waitlist;
  unit_discount int;
  subtotal int := 0;
  discount int := 0;
  discounted boolean := false;
  o public.orders;
  oi public.order_items;
  seat int := 0;
  tid uuid;
  checked jsonb;
  holder text;
  payee public.payment_accounts;
begin
  perform private.assert_active();
  if e.status = 'draft' then perform private.raise_error('event_not_published', 'This event isn''t published yet.', 409); end if;
  if e.status = 'cancelled' then perform private.raise_error('event_cancelled', 'This event was cancelled.', 409); end if;
  if jsonb_typeof(items) is distinct from 'array' or jsonb_array_length(items) not between 1 and 20 then
    perform private.raise_error('invalid_items', 'Choose at least one ticket (items: [{ticket_type_id, quantity}]).', 422);
  end if;
  select * into cur from public.currencies c where c.code = e.currency;

  -- Give up the buyer's earlier checkout for this event: its seats count for nobody now.
  perform private.release_order(x.id, 'cancelled')
    from public.orders x where x.event_id = e.id and x.buyer_id = me and x.status = 'pending';

  select * into offer from public.ticket_waitlist w
    where w.event_id = e.id and w.user_id = me and w.status = 'offered' and w.offer_expires_at > now();

  if nullif(btrim(coalesce(start_checkout.promo_code, '')), '') is not null then
    p := private.usable_promo_code(e.id, start_checkout.promo_code);
  end if;

  for item in select value from jsonb_array_elements(items) loop
    if jsonb_typeof(item) <> 'object' or private.try_uuid(item ->> 'ticket_type_id') is null
       or jsonb_typeof(item -> 'quantity') <> 'number' or (item ->> 'quantity') !~ '^[0-9]{1,3}$' then
      perform private.raise_error('invalid_items', 'Each item is {ticket_type_id, quantity} with a whole quantity.', 422);
    end if;
    select * into t from public.ticket_types x where x.id = (item ->> 'ticket_type_id')::uuid and x.event_id = e.id;
    if not found or (t.hidden and (t.access_code is null or lower(t.access_code) <> lower(btrim(coalesce(start_checkout.access_code, ''))))
                     and not private.can_manage_event(e.id)) then
      perform private.raise_error('ticket_type_not_found', 'This ticket type does not exist.', 404, item ->> 'ticket_type_id');
    end if;
    if wanted @> jsonb_build_array(jsonb_build_object('id', t.id)) then
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
    if p.id is not null and (p.ticket_type_ids is null or t.id = any (p.ticket_type_ids)) then
      unit_discount := least(t.price, coalesce(p.amount_off, round(t.price * p.percent_off / 100.0)::int));
      if cur.exponent = 3 then
        unit_discount := least(t.price, round(unit_discount / 10.0)::int * 10);
      end if;
      discounted := true;
    end if;
    wanted := wanted || jsonb_build_array(jsonb_build_object('id', t.id, 'quantity', q, 'discount', unit_discount));
    subtotal := subtotal + t.price * q;
    discount := discount + unit_discount * q;
    total_quantity := total_quantity + q;
  end loop;
  if p.id is not null and not discounted then
    perform private.raise_error('promo_code_not_applicable', 'This code does not apply to the tickets you chose.', 409);
  end if;
  if subtotal - discount > 0 and cur.minimum is not null and subtotal - discount < cur.minimum then
    perform private.raise_error('amount_too_small',
      format('A payment must be at least %s.', private.format_amount(cur.minimum, cur.code)), 422);
  end if;
  if subtotal - discount > 0 and settings.connect_enabled then
    payee := private.event_payee(e.id);
    if payee.id is null or not payee.charges_enabled then
      perform private.raise_error('payments_not_ready', 'This event cannot take payments yet: its organizers have not finished connecting Stripe.', 409);
    end if;
  end if;

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

  checked := private.checked_answers_per(e.id, start_checkout.answers, 'order');
  if start_checkout.ticket_answers is not null and jsonb_typeof(start_checkout.ticket_answers) not in ('array', 'null') then
    perform private.raise_error('answer_invalid', 'Ticket answers are sent as a list, one object per ticket.', 422);
  end if;
  select coalesce(nullif(display_name, ''), '') into holder from public.profiles where id = me;

  insert into public.orders (event_id, buyer_id, currency, amount_subtotal, amount_discount, amount_total, amount_fee,
                             promo_code_id, promo_code, expires_at, waitlist_entry_id)
  values (e.id, me, e.currency, subtotal, discount, subtotal - discount,
          case when settings.connect_enabled then
            case when cur.exponent = 3 then (round((subtotal - discount) * settings.platform_fee_bps / 100000.0) * 10)::int
                 else round((subtotal - discount) * settings.platform_fee_bps / 10000.0)::int end
          else 0 end,
          p.id, p.code, now() + make_interval(mins => settings.hold_minutes), offer.id)
  returning * into o;
  perform private.store_order_answers(o, null, checked);

  for item in select value from jsonb_array_elements(wanted) loop
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
        private.checked_answers_per(e.id, start_checkout.ticket_answers -> (seat - 1), 'ticket'));
    end loop;
  end loop;

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

-- The buyer gives up a checkout (Checkout's "back" link): the seats go back at once; the sweep
-- expires the Stripe session.
create function public.cancel_checkout(order_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  o public.orders;
begin
  select * into o from public.orders x where x.id = cancel_checkout.order_id and x.buyer_id = (select auth.uid());
  if not found then
    perform private.raise_error('order_not_found', 'This order does not exist or is not yours.', 404);
  end if;
  perform 1 from public.events where id = o.event_id for update;
  perform private.release_order(o.id, 'cancelled');
  return private.order_json(o.id);
end
$$;

-- One order with its lines and tickets (ticket codes for the buyer), for its buyer and the team.
create function public.order_details(order_id uuid) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
declare
  o public.orders;
  e public.events;
  buyer boolean;
begin
  select * into o from public.orders x where x.id = order_details.order_id;
  buyer := found and o.buyer_id = (select auth.uid());
  if not found or not (buyer or private.can_manage_event(o.event_id)) then
    perform private.raise_error('order_not_found', 'This order does not exist or is not yours.', 404);
  end if;
  select * into e from public.events where id = o.event_id;
  return private.order_json(o.id) || jsonb_build_object(
    'event', jsonb_build_object('id', e.id, 'slug', e.slug, 'title', e.title, 'starts_at', e.starts_at, 'ends_at', e.ends_at,
      'timezone', e.timezone, 'venue_name', e.venue_name, 'address', e.address, 'status', e.status,
      'refund_policy', e.refund_policy, 'refund_days_before', e.refund_days_before),
    'refundable_until', case when e.refund_policy = 'until' then e.starts_at - make_interval(days => e.refund_days_before) end,
    'tickets', coalesce((select jsonb_agg(jsonb_build_object('id', t.id, 'ticket_type_id', t.ticket_type_id, 'name', i.name,
        'position', t.position, 'status', t.status, 'holder_name', t.holder_name, 'amount', t.amount,
        'checked_in_at', t.checked_in_at, 'code', case when buyer and t.status = 'valid' then private.ticket_code(t.id) end)
        order by t.position)
      from public.tickets t join public.order_items i on i.id = t.order_item_id where t.order_id = o.id), '[]'),
    'refunds', coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'amount', r.amount, 'status', r.status, 'reason', r.reason,
        'ticket_ids', to_jsonb(r.ticket_ids), 'created_at', r.created_at) order by r.created_at)
      from public.order_refunds r where r.order_id = o.id), '[]'));
end
$$;

revoke all on function public.start_checkout(uuid, jsonb, text, jsonb, jsonb, text), public.cancel_checkout(uuid),
  public.order_details(uuid) from public, anon;
grant execute on function public.start_checkout(uuid, jsonb, text, jsonb, jsonb, text), public.cancel_checkout(uuid),
  public.order_details(uuid) to authenticated, service_role;
revoke all on function private.refresh_ticket_counts(uuid), private.checked_answers_per(uuid, jsonb, text),
  private.store_order_answers(public.orders, uuid, jsonb), private.order_json(uuid), private.fulfil_order(uuid),
  private.release_order(uuid, public.order_status) from public, anon, authenticated;
