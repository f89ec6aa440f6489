-- The guest list's CSV carries each attendee's email address (issue 32, host tools). Attendees
-- are told when they RSVP that the hosts see it (the RSVP box says so). Only for the event's
-- hosts and co-hosts (checkers see names, not addresses), only for people who answered yes,
-- are waitlisted or await approval: not for those who declined or cancelled.
create function public.event_guest_emails(event_id uuid) returns table (user_id uuid, email text)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.assert_full_session();
  if not private.can_manage_event(event_guest_emails.event_id) then
    perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
  end if;
  return query
    select r.user_id, u.email::text
    from public.rsvps r join auth.users u on u.id = r.user_id
    where r.event_id = event_guest_emails.event_id and r.status in ('going', 'waitlisted', 'pending')
    order by r.created_at;
end
$$;

revoke all on function public.event_guest_emails(uuid) from public, anon;
grant execute on function public.event_guest_emails(uuid) to authenticated, service_role;
