-- A member's own RSVP with their true place in the waitlist (other people's rows are hidden
-- by row-level security, so the client cannot count them itself).
create function public.my_rsvp(event_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select private.rsvp_result(my_rsvp.event_id, (select auth.uid()))
  where private.can_view_event(my_rsvp.event_id)
$$;
revoke all on function public.my_rsvp(uuid) from public, anon;
grant execute on function public.my_rsvp(uuid) to authenticated, service_role;
