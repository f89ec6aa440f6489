-- A Discover card's price without asking can_view_event of a public event (issue 35 item 2,
-- decision 0431). private.card_price asked private.can_view_event(eid) for every card, twice
-- (its price_from and tickets_sold_out fields, decision 0326): 2–5 ms a card on PostgreSQL, as
-- can_view_event asks is_admin, event_role, group_withheld and group_content_open, each a
-- function planned per call.
--
-- The events' select policy already says on the row's own columns which events are everyone's
-- (migration 20261129350000, its first line): not a draft, not hidden, public or unlisted, and
-- outside a group or in a public group that is not withheld. can_view_event is true for every such
-- event (its third branch), so the answer is the same: the row is read by primary key here (not
-- taken from the caller, who could pass any columns to price_from) and can_view_event is asked
-- only of the others. "Withheld" is private.withheld_group_ids' rule for one group: hidden, or
-- an active organizer suspended. Same signature and answer as 20261129325000's.
create or replace function private.card_price(eid uuid, out price_from int, out sold_out boolean)
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
  where (select case
                  -- A CASE, so can_view_event is not asked when the row's columns already answer.
                  when e.status <> 'draft' and e.hidden_at is null and e.visibility in ('public', 'unlisted')
                       and (e.group_id is null or exists (
                         select 1 from public.groups g
                         where g.id = e.group_id and g.visibility = 'public' and g.hidden_at is null
                           and not exists (select 1 from public.group_members m join public.profile_private p on p.id = m.user_id
                                           where m.group_id = g.id and m.role = 'organizer' and m.status = 'active'
                                             and p.suspended_at is not null)))
                    then true
                  else private.can_view_event(e.id)
                end
         from public.events e where e.id = eid)
$$;
