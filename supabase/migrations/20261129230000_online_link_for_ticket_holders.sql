-- An online event's join link for those holding a paid ticket (issue 31, decision 0290). The link
-- was readable by those going (an RSVP), checkers and hosts (migration 20261101000400), so a buyer
-- of a paid online event could not join it: an event that sells tickets takes no RSVPs. Now a
-- member with a valid ticket of the event reads it too; a refunded or released ticket does not.

create function private.holds_ticket(eid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.tickets t join public.orders o on o.id = t.order_id
                 where t.event_id = eid and t.status = 'valid' and o.buyer_id = (select auth.uid()))
$$;
revoke all on function private.holds_ticket(uuid) from public, anon;
grant execute on function private.holds_ticket(uuid) to authenticated;

create policy "ticket holders see the link" on public.event_online_links for select to authenticated
  using ((select private.holds_ticket(event_id)));
