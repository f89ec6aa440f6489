-- Discover's cards say what a ticket costs (issue 31): "Free", "From €5" or "Sold out", as Luma
-- and Eventbrite do. Two computed fields of an event, selected by name with the card's columns
-- (search_event_series and search_events keep their signatures and rows):
--   price_from        the lowest price (minor units of events.currency) a visitor can pay now:
--                     0 for an event without ticket types (a free RSVP); else the cheapest type
--                     that is not hidden (access-code types stay secret), in its sales window,
--                     with tickets left, while the event has seats; null when none is.
--   tickets_sold_out  a paid event whose visible types on sale have no ticket left, or whose
--                     capacity is taken.
-- Security definer so that a visitor's card of a paid event with only hidden types is not taken
-- for a free one (row-level security hides those types from them); it answers only for an event
-- the caller may see, and says nothing of hidden types but that they exist.

create function private.card_price(eid uuid, out price_from int, out sold_out boolean)
language sql stable security definer set search_path = '' as $$
  with types as (
    select t.price, t.hidden,
           (t.sales_start_at is null or t.sales_start_at <= now()) and (t.sales_end_at is null or t.sales_end_at > now()) as in_window,
           (t.quantity is null or t.sold_count + t.held_count < t.quantity) as left_some
    from public.ticket_types t where t.event_id = eid
  ), seats as (
    select coalesce((select s.spots_left from public.event_stats s where s.event_id = eid), 1) > 0 as free_seats
  )
  select case when not exists (select 1 from types) then 0
              else (select min(t.price) from types t, seats s where not t.hidden and t.in_window and t.left_some and s.free_seats) end,
         exists (select 1 from types) and (
           not (select free_seats from seats)
           or (exists (select 1 from types where not hidden and in_window)
               and not exists (select 1 from types where not hidden and in_window and left_some)))
  where private.can_view_event(eid)
$$;

create function public.price_from(e public.events) returns int
language sql stable as $$ select (private.card_price(e.id)).price_from $$;

create function public.tickets_sold_out(e public.events) returns boolean
language sql stable as $$ select coalesce((private.card_price(e.id)).sold_out, false) $$;

revoke all on function private.card_price(uuid) from public;
grant execute on function private.card_price(uuid) to anon, authenticated, service_role;
grant execute on function public.price_from(public.events) to anon, authenticated, service_role;
grant execute on function public.tickets_sold_out(public.events) to anon, authenticated, service_role;
