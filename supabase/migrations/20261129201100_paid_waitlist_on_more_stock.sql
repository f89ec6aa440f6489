-- A type's quantity raised (or made unlimited) frees seats for its waitlist (decision 0282): they
-- are offered at once, as when a ticket is refunded. The rules trigger has locked the event row.
create function private.offer_raised_stock() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.offer_ticket_seats(new.event_id);
  perform private.refresh_ticket_counts(new.event_id);
  return null;
end
$$;
create trigger ticket_types_more_stock after update of quantity on public.ticket_types
  for each row when (new.quantity is null and old.quantity is not null or new.quantity > old.quantity)
  execute function private.offer_raised_stock();
revoke all on function private.offer_raised_stock() from public, anon, authenticated;
