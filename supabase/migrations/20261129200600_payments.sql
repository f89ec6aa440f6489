-- What Stripe tells us, and refunds (issue 31, decisions 0281, 0283). Called by the payment
-- functions with the service role (never by the app): each decides from the order's state as it
-- is, so a webhook delivered twice or out of order changes nothing the second time.

-- Stripe events handled, by id: a redelivery is answered at once and changes nothing.
create table private.stripe_events (
  id text primary key,
  type text not null,
  outcome text,
  received_at timestamptz not null default now()
);
revoke all on private.stripe_events from public, anon, authenticated, service_role;

create function public.stripe_event_seen(event_id text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from private.stripe_events where id = event_id)
$$;

create function public.record_stripe_event(event_id text, event_type text, outcome text) returns boolean
language sql security definer set search_path = '' as $$
  insert into private.stripe_events (id, type, outcome) values (event_id, event_type, outcome)
  on conflict (id) do nothing
  returning true
$$;

-- The Checkout Session the checkout function made for an order.
create function public.attach_checkout_session(order_id uuid, session_id text, url text, destination text default null) returns void
language sql security definer set search_path = '' as $$
  insert into public.order_payments (order_id, checkout_session_id, checkout_url, session_status, destination_account_id)
  values (order_id, session_id, url, 'open', destination)
  on conflict (order_id) do update set checkout_session_id = excluded.checkout_session_id, checkout_url = excluded.checkout_url,
    session_status = 'open', destination_account_id = excluded.destination_account_id
$$;

-- What the function needs to charge an order: its lines, the payee (Connect) and the buyer's address.
create function public.order_for_payment(order_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select private.order_json(o.id) || jsonb_build_object(
    'buyer_email', (select u.email from auth.users u where u.id = o.buyer_id),
    'buyer_locale', (select p.locale from public.profiles p where p.id = o.buyer_id),
    'event', jsonb_build_object('id', e.id, 'slug', e.slug, 'title', e.title),
    'destination', (select a.stripe_account_id from private.event_payee(e.id) a),
    'payment', (select jsonb_build_object('checkout_session_id', p.checkout_session_id, 'checkout_url', p.checkout_url,
                 'session_status', p.session_status, 'payment_intent_id', p.payment_intent_id,
                 'destination_account_id', p.destination_account_id)
                from public.order_payments p where p.order_id = o.id))
  from public.orders o join public.events e on e.id = o.event_id
  where o.id = order_for_payment.order_id
$$;

-- Locks an order's event (first, as every procedure does), then returns the order.
create function private.lock_order(oid uuid) returns public.orders
language plpgsql security definer set search_path = '' as $$
declare
  o public.orders;
begin
  perform 1 from public.events e join public.orders x on x.event_id = e.id where x.id = oid for update of e;
  select * into o from public.orders where id = oid for update;
  return o;
end
$$;

-- A refund the database decides on (late payment without a seat, event cancelled): the whole
-- rest of the order, every ticket still valid given back.
create function private.request_full_refund(oid uuid, why public.refund_reason) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  o public.orders;
  rid uuid;
  open_amount int;
begin
  select * into o from public.orders where id = oid;
  select coalesce(sum(amount), 0) into open_amount from public.order_refunds
    where order_id = oid and status in ('requested', 'pending', 'succeeded');
  if o.amount_total - greatest(open_amount, o.amount_refunded) <= 0 then
    return null;
  end if;
  insert into public.order_refunds (order_id, amount, ticket_ids, reason, status)
  values (oid, o.amount_total - greatest(open_amount, o.amount_refunded),
          array(select id from public.tickets where order_id = oid and status in ('valid', 'held') order by position), why, 'requested')
  returning id into rid;
  return rid;
end
$$;

-- checkout.session.completed / async_payment_succeeded. `payment_status`: Stripe's ('paid',
-- 'unpaid' while a delayed method settles, 'no_payment_required'). Returns {outcome, refund_id?}:
-- paid | processing | late_paid (the hold had lapsed, seats were free) | refund (no seat: a full
-- refund was asked for) | already | waiting | mismatch | unknown_order.
create function public.complete_checkout(order_id uuid, session_id text, payment_status text, amount_total int,
                                         currency text, payment_intent text) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  o public.orders := private.lock_order(complete_checkout.order_id);
  e public.events;
  t record;
  fits boolean := true;
  settled boolean := complete_checkout.payment_status in ('paid', 'no_payment_required');
  live boolean;
  rid uuid;
begin
  if o.id is null then
    return jsonb_build_object('outcome', 'unknown_order');
  end if;
  select * into e from public.events where id = o.event_id;
  insert into public.order_payments (order_id, checkout_session_id, session_status, payment_intent_id)
  values (o.id, session_id, 'complete', payment_intent)
  on conflict (order_id) do update set session_status = 'complete',
    payment_intent_id = coalesce(excluded.payment_intent_id, public.order_payments.payment_intent_id);
  if o.status in ('paid', 'refunded', 'partially_refunded') then
    return jsonb_build_object('outcome', 'already');
  end if;
  if complete_checkout.amount_total is distinct from o.amount_total or lower(complete_checkout.currency) <> lower(o.currency) then
    return jsonb_build_object('outcome', 'mismatch');
  end if;
  live := o.status = 'processing' or (o.status = 'pending' and o.expires_at > now());
  if not live then
    -- The hold lapsed (or the order was given up): its seats, if they are free again.
    if e.status = 'cancelled' then
      fits := false;
    else
      for t in select k.ticket_type_id, count(*)::int as n from public.tickets k where k.order_id = o.id group by 1 loop
        fits := fits and private.seats_free(e, (select x from public.ticket_types x where x.id = t.ticket_type_id), t.n, o.buyer_id);
      end loop;
      fits := fits and (e.capacity is null
        or private.seats_taken(e.id, o.buyer_id) + (select count(*) from public.tickets k where k.order_id = o.id)::int <= e.capacity);
    end if;
    if not settled then
      if not fits then
        return jsonb_build_object('outcome', 'waiting');
      end if;
      update public.tickets set status = 'held', held_until = null where order_id = o.id;
      update public.orders set status = 'processing', closed_at = null where id = o.id;
      perform private.refresh_ticket_counts(e.id);
      return jsonb_build_object('outcome', 'processing');
    end if;
    if not fits then
      update public.orders set status = 'paid', paid_at = now(), expires_at = null, closed_at = null where id = o.id;
      update public.tickets set status = 'released', held_until = null where order_id = o.id and status = 'held';
      rid := private.request_full_refund(o.id, 'sold_out');
      perform private.refresh_ticket_counts(e.id);
      return jsonb_build_object('outcome', 'refund', 'refund_id', rid);
    end if;
    update public.tickets set status = 'held', held_until = null where order_id = o.id;
    perform private.fulfil_order(o.id);
    perform private.refresh_ticket_counts(e.id);
    return jsonb_build_object('outcome', 'late_paid');
  end if;
  if not settled then
    update public.tickets set held_until = null where order_id = o.id and status = 'held';
    update public.orders set status = 'processing', expires_at = null where id = o.id;
    perform private.refresh_ticket_counts(e.id);
    return jsonb_build_object('outcome', 'processing');
  end if;
  perform private.fulfil_order(o.id);
  perform private.refresh_ticket_counts(e.id);
  return jsonb_build_object('outcome', 'paid');
end
$$;

-- checkout.session.expired (the session lapsed or we ended it) and async_payment_failed.
create function public.close_checkout(order_id uuid, session_id text, failed boolean default false) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  o public.orders := private.lock_order(close_checkout.order_id);
begin
  if o.id is null then
    return jsonb_build_object('outcome', 'unknown_order');
  end if;
  update public.order_payments p set session_status = case when failed then 'complete' else 'expired' end
    where p.order_id = o.id and p.checkout_session_id = session_id;
  if o.status not in ('pending', 'processing') or (o.status = 'processing' and not failed) then
    return jsonb_build_object('outcome', 'already', 'status', o.status);
  end if;
  perform private.release_order(o.id, case when failed then 'failed' else 'expired' end::public.order_status);
  return jsonb_build_object('outcome', case when failed then 'failed' else 'expired' end);
end
$$;

-- A refund asked for by the buyer (whole tickets, while the event's policy allows) or by the
-- event's team (any tickets, any amount up to what is left). Returns {refund_id, amount, status}.
--   {order_id}: everything left; {order_id, ticket_ids}: those tickets (their price, or `amount`
--   for the team); {order_id, amount} (team): money back, tickets kept.
create function public.request_refund(order_id uuid, ticket_ids uuid[] default null, amount int default null) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := (select auth.uid());
  o public.orders := private.lock_order(request_refund.order_id);
  e public.events;
  team boolean;
  chosen uuid[];
  tickets_amount int;
  left_amount int;
  refund_amount int;
  why public.refund_reason;
  rid uuid;
begin
  if me is null then perform private.raise_error('not_signed_in', 'Sign in to do that.', 401); end if;
  perform private.assert_active();
  team := o.id is not null and private.can_manage_event(o.event_id);
  if o.id is null or not (team or o.buyer_id = me) then
    perform private.raise_error('order_not_found', 'This order does not exist or is not yours.', 404);
  end if;
  select * into e from public.events where id = o.event_id;
  if o.status not in ('paid', 'partially_refunded') then
    perform private.raise_error('not_refundable', 'Only paid orders can be refunded.', 409);
  end if;
  select array_agg(k.id order by k.position) into chosen from public.tickets k
    where k.order_id = o.id and k.status = 'valid'
      and (request_refund.ticket_ids is null or k.id = any (request_refund.ticket_ids))
      and not exists (select 1 from public.order_refunds r where r.order_id = o.id and r.status in ('requested', 'pending', 'succeeded')
                      and k.id = any (r.ticket_ids));
  if request_refund.ticket_ids is not null and coalesce(cardinality(chosen), 0) <> (select count(distinct x) from unnest(request_refund.ticket_ids) x) then
    perform private.raise_error('invalid_refund', 'Choose tickets of this order that are still valid.', 422);
  end if;
  select coalesce(sum(k.amount), 0) into tickets_amount from public.tickets k where k.id = any (coalesce(chosen, '{}'));
  select o.amount_total - greatest(o.amount_refunded, coalesce(sum(r.amount), 0)) into left_amount
    from public.order_refunds r where r.order_id = o.id and r.status in ('requested', 'pending', 'succeeded');
  if not team then
    if request_refund.amount is not null then
      perform private.raise_error('refund_not_allowed', 'Only the event''s team can refund a part of a ticket.', 403);
    end if;
    if e.refund_policy = 'none' or now() > e.starts_at - make_interval(days => e.refund_days_before) then
      perform private.raise_error('refund_not_allowed', 'This event''s refund policy does not allow a refund now.', 403);
    end if;
    why := 'requested_by_buyer';
    refund_amount := tickets_amount;
  else
    why := 'by_host';
    if request_refund.amount is not null and request_refund.ticket_ids is null then
      chosen := '{}'; -- money back, tickets kept
      refund_amount := request_refund.amount;
    elsif request_refund.ticket_ids is null then
      refund_amount := left_amount; -- the whole rest of the order
    else
      refund_amount := coalesce(request_refund.amount, tickets_amount);
    end if;
  end if;
  if o.amount_total = 0 then
    -- A free order: nothing to pay back, the tickets are simply given up.
    update public.tickets set status = 'refunded' where id = any (coalesce(chosen, '{}'));
    if not exists (select 1 from public.tickets k where k.order_id = o.id and k.status = 'valid') then
      update public.orders set status = 'cancelled', closed_at = now() where id = o.id;
    end if;
    perform private.offer_ticket_seats(o.event_id);
    perform private.refresh_ticket_counts(o.event_id);
    return jsonb_build_object('refund_id', null, 'order_id', o.id, 'amount', 0, 'status', 'succeeded');
  end if;
  if refund_amount is null or refund_amount < 1 or refund_amount > left_amount then
    perform private.raise_error('invalid_refund_amount',
      format('A refund can be 0.01 to %s.', private.format_amount(left_amount, o.currency)), 422);
  end if;
  insert into public.order_refunds (order_id, amount, ticket_ids, reason, requested_by)
  values (o.id, refund_amount, coalesce(chosen, '{}'), why, me) returning id into rid;
  return jsonb_build_object('refund_id', rid, 'order_id', o.id, 'amount', refund_amount, 'status', 'requested');
end
$$;

-- Refunds a function should make now (it tries them again later if it fails): each with what
-- Stripe needs. Claiming pushes the next try 2 minutes on, so two sweeps do not race (and if they
-- do, the refund's id is Stripe's idempotency key).
create function public.claim_refunds(refund_ids uuid[] default null, max_count int default 50) returns jsonb
language sql security definer set search_path = '' as $$
  with due as (
    select r.id from public.order_refunds r
    where r.status = 'requested' and (refund_ids is not null and r.id = any (refund_ids)
      -- The database's own refunds at once; any other once its function had 2 minutes (then
      -- longer after each try, at most an hour).
      or refund_ids is null and ((r.attempts = 0 and r.reason in ('event_cancelled', 'sold_out'))
                                 or r.updated_at <= now() - make_interval(mins => least(2 * (r.attempts + 1), 60))))
    order by r.created_at limit max_count for update skip locked
  ), claimed as (
    update public.order_refunds r set attempts = r.attempts + 1 from due where r.id = due.id returning r.*
  )
  select coalesce(jsonb_agg(jsonb_build_object('refund_id', c.id, 'order_id', c.order_id, 'amount', c.amount, 'reason', c.reason,
    'currency', o.currency, 'payment_intent_id', p.payment_intent_id, 'destination_account_id', p.destination_account_id,
    'refund_application_fee', o.amount_fee > 0)), '[]')
  from claimed c join public.orders o on o.id = c.order_id left join public.order_payments p on p.order_id = c.order_id
$$;

-- A refund Stripe made (or is making: 'pending') or refused ('failed'). Idempotent: the tickets
-- go back and the order's totals move once.
create function public.apply_refund(refund_id uuid, stripe_refund_id text, status text) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  r public.order_refunds;
  o public.orders;
  e public.events;
begin
  -- Stripe's other states (requires_action) are on their way: pending.
  status := case when status in ('succeeded', 'pending', 'failed', 'canceled') then status else 'pending' end;
  select * into r from public.order_refunds x where x.id = apply_refund.refund_id;
  if not found then
    return jsonb_build_object('outcome', 'unknown_refund');
  end if;
  o := private.lock_order(r.order_id);
  select * into r from public.order_refunds x where x.id = apply_refund.refund_id for update;
  if stripe_refund_id is not null then
    insert into private.stripe_refunds (refund_id, stripe_refund_id) values (r.id, stripe_refund_id) on conflict do nothing;
  end if;
  if apply_refund.status = 'failed' or apply_refund.status = 'canceled' then
    if r.status = 'requested' then
      update public.order_refunds x set status = apply_refund.status::public.refund_status where x.id = r.id;
    end if;
    return jsonb_build_object('outcome', 'failed');
  end if;
  if r.status <> 'requested' then
    if r.status = 'pending' and apply_refund.status = 'succeeded' then
      update public.order_refunds x set status = 'succeeded' where x.id = r.id;
    end if;
    return jsonb_build_object('outcome', 'already');
  end if;
  update public.order_refunds x set status = apply_refund.status::public.refund_status where x.id = r.id;
  update public.tickets set status = 'refunded', held_until = null where id = any (r.ticket_ids) and status in ('valid', 'held');
  update public.orders set amount_refunded = least(amount_total, amount_refunded + r.amount) where id = o.id returning * into o;
  update public.orders set status = case when o.amount_refunded >= o.amount_total then 'refunded' else 'partially_refunded' end::public.order_status
    where id = o.id;
  select * into e from public.events where id = o.event_id;
  if o.buyer_id is not null then
    perform private.notify(o.buyer_id, 'order_refunded', jsonb_build_object(
      'order_id', o.id, 'event_id', e.id, 'slug', e.slug, 'title', e.title, 'amount', r.amount, 'currency', o.currency,
      'exponent', (select c.exponent from public.currencies c where c.code = o.currency),
      'tickets', cardinality(r.ticket_ids), 'reason', r.reason, 'fully', o.amount_refunded >= o.amount_total,
      'cancel_reason', e.cancel_reason));
  end if;
  perform private.offer_ticket_seats(e.id);
  perform private.refresh_ticket_counts(e.id);
  return jsonb_build_object('outcome', 'applied', 'order_status', (select status from public.orders where id = o.id));
end
$$;

-- charge.refunded: the refunds Stripe lists for the payment (the webhook fetches them). Ours
-- (metadata.refund_id) are applied; one made elsewhere (the Dashboard) is recorded as such, and
-- when the charge is refunded in full every ticket is given back.
create function public.record_charge_refunds(payment_intent text, amount_refunded int, refunds jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  oid uuid := (select p.order_id from public.order_payments p where p.payment_intent_id = record_charge_refunds.payment_intent);
  o public.orders;
  x jsonb;
  rid uuid;
  applied int := 0;
begin
  if oid is null then
    return jsonb_build_object('outcome', 'unknown_payment');
  end if;
  -- Under the order's lock: two deliveries of one refund made elsewhere record it once.
  o := private.lock_order(oid);
  for x in select value from jsonb_array_elements(refunds) loop
    rid := private.try_uuid(x #>> '{metadata,refund_id}');
    if rid is null or not exists (select 1 from public.order_refunds r where r.id = rid and r.order_id = oid) then
      rid := (select s.refund_id from private.stripe_refunds s where s.stripe_refund_id = x ->> 'id');
    end if;
    if rid is null then
      select * into o from public.orders where id = oid;
      insert into public.order_refunds (order_id, amount, ticket_ids, reason)
      values (oid, least((x ->> 'amount')::int, o.amount_total - o.amount_refunded),
              case when record_charge_refunds.amount_refunded >= o.amount_total
                then array(select id from public.tickets where order_id = oid and status = 'valid') else '{}' end,
              'outside_gather')
      returning id into rid;
    end if;
    if (public.apply_refund(rid, x ->> 'id', coalesce(x ->> 'status', 'succeeded')) ->> 'outcome') = 'applied' then
      applied := applied + 1;
    end if;
  end loop;
  return jsonb_build_object('outcome', 'recorded', 'applied', applied);
end
$$;

-- The sweep (every minute, and at once when an event is cancelled): pending orders whose hold
-- lapsed are closed, offers past their deadline pass on. Returns the Stripe sessions to end
-- (orders closed while their session was open) and how many of each it closed.
create function public.sweep_payments() returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  x record;
  expired int := 0;
  lapsed int := 0;
  n int;
begin
  for x in select id from public.orders where status = 'pending' and expires_at <= now() order by expires_at limit 500 loop
    perform private.lock_order(x.id);
    perform private.release_order(x.id, 'expired');
    expired := expired + 1;
  end loop;
  for x in select distinct event_id from public.ticket_waitlist where status = 'offered' and offer_expires_at <= now() loop
    perform 1 from public.events where id = x.event_id for update;
    update public.ticket_waitlist set status = 'lapsed' where event_id = x.event_id and status = 'offered' and offer_expires_at <= now();
    get diagnostics n = row_count;
    lapsed := lapsed + n;
    perform private.offer_ticket_seats(x.event_id);
    perform private.refresh_ticket_counts(x.event_id);
  end loop;
  return jsonb_build_object('expired', expired, 'lapsed', lapsed,
    'sessions', coalesce((select jsonb_agg(jsonb_build_object('order_id', p.order_id, 'checkout_session_id', p.checkout_session_id,
        'destination_account_id', p.destination_account_id))
      from public.order_payments p join public.orders o on o.id = p.order_id
      where p.session_status = 'open' and o.status in ('expired', 'cancelled', 'failed')), '[]'));
end
$$;

-- A session the sweep ended at Stripe (or found already over).
create function public.mark_session_closed(order_id uuid, session_status text) returns void
language sql security definer set search_path = '' as $$
  update public.order_payments p set session_status = mark_session_closed.session_status where p.order_id = mark_session_closed.order_id
$$;

revoke all on function public.stripe_event_seen(text), public.record_stripe_event(text, text, text),
  public.attach_checkout_session(uuid, text, text, text), public.order_for_payment(uuid),
  public.complete_checkout(uuid, text, text, int, text, text), public.close_checkout(uuid, text, boolean),
  public.claim_refunds(uuid[], int), public.apply_refund(uuid, text, text), public.record_charge_refunds(text, int, jsonb),
  public.sweep_payments(), public.mark_session_closed(uuid, text)
  from public, anon, authenticated;
grant execute on function public.stripe_event_seen(text), public.record_stripe_event(text, text, text),
  public.attach_checkout_session(uuid, text, text, text), public.order_for_payment(uuid),
  public.complete_checkout(uuid, text, text, int, text, text), public.close_checkout(uuid, text, boolean),
  public.claim_refunds(uuid[], int), public.apply_refund(uuid, text, text), public.record_charge_refunds(text, int, jsonb),
  public.sweep_payments(), public.mark_session_closed(uuid, text)
  to service_role;
revoke all on function public.request_refund(uuid, uuid[], int) from public, anon;
grant execute on function public.request_refund(uuid, uuid[], int) to authenticated, service_role;
revoke all on function private.lock_order(uuid), private.request_full_refund(uuid, public.refund_reason) from public, anon, authenticated;

-- Every minute the sweep function closes lapsed holds at Stripe and retries refunds.
select cron.schedule('gather-payments-sweep', '* * * * *', $$select private.call_function('payments-sweep')$$);
