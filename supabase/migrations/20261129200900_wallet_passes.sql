-- Wallet passes (issue 31, decision 0285): the `wallet-pass` function builds an Apple Wallet pass
-- or a Google Wallet link for a ticket from its signed code (the code is the buyer's secret: it
-- is what the pass carries anyway). Service role only; a code that is not a valid ticket's gives
-- nothing.
create function public.wallet_ticket(code text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'ticket_id', t.id, 'code', private.ticket_code(t.id), 'holder_name', t.holder_name, 'position', t.position,
    'ticket_type', tt.name, 'order_id', t.order_id, 'amount', t.amount, 'currency', o.currency,
    'event', jsonb_build_object('id', e.id, 'slug', e.slug, 'title', e.title, 'starts_at', e.starts_at, 'ends_at', e.ends_at,
      'timezone', e.timezone, 'venue_name', e.venue_name, 'address', e.address, 'lat', e.lat, 'lng', e.lng,
      'is_online', e.is_online, 'status', e.status),
    'organizer', coalesce((select g.name from public.groups g where g.id = e.group_id),
                          (select p.display_name from public.profiles p where p.id = e.host_id)))
  from public.tickets t
  join public.orders o on o.id = t.order_id
  join public.events e on e.id = t.event_id
  join public.ticket_types tt on tt.id = t.ticket_type_id
  where t.id = private.ticket_rsvp_id(code) and t.status = 'valid'
$$;
revoke all on function public.wallet_ticket(text) from public, anon, authenticated;
grant execute on function public.wallet_ticket(text) to service_role;
