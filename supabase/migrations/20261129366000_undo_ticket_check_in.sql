-- A paid ticket checked in by mistake at the door can be undone too (issue 32, host tools;
-- decision 0415), as undo_check_in does for free RSVPs: by whoever may check people in, at any
-- time. The ticket is back as not arrived and can be scanned again; checked_in_count follows.
-- Seats are not touched (a check-in never took or gave one).
create function public.undo_ticket_check_in(ticket_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  eid uuid;
  e public.events;
  k public.tickets;
begin
  -- A member with a second factor acts at aal2 (decision on second factors everywhere).
  perform private.assert_full_session(writes => true);
  if (select auth.uid()) is null then
    perform private.raise_error('not_signed_in', 'Sign in to do that.', 401);
  end if;
  eid := (select t.event_id from public.tickets t where t.id = undo_ticket_check_in.ticket_id);
  if eid is null then
    perform private.raise_error('invalid_ticket', 'This ticket code is not valid.', 400);
  end if;
  e := private.lock_event(eid);
  perform private.assert_active();
  -- Roles before the ticket's state, so an outsider learns nothing about it.
  if not private.can_check_in(e.id) then
    perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
  end if;
  select * into k from public.tickets t where t.id = undo_ticket_check_in.ticket_id for update;
  if k.checked_in_at is null then
    perform private.raise_error('not_checked_in', 'This ticket is not checked in.', 409);
  end if;
  update public.tickets t set checked_in_at = null where t.id = k.id;
  perform private.refresh_event_stats(e.id);
  return jsonb_build_object('ticket_id', k.id, 'order_id', k.order_id, 'event_id', e.id, 'checked_in_at', null);
end
$$;

revoke all on function public.undo_ticket_check_in(uuid) from public, anon;
grant execute on function public.undo_ticket_check_in(uuid) to authenticated, service_role;
