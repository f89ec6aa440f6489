-- A check-in tapped by mistake at the door can be undone by whoever may check people in
-- (issue 32, host tools). The guest is back on the list as not arrived; the event's counts
-- follow. Free RSVPs; a paid ticket's check-in stays as it is.
create function public.undo_check_in(event_id uuid, user_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  e public.events;
  cur public.rsvps;
begin
  -- A member with a second factor acts at aal2 (decision on second factors everywhere).
  perform private.assert_full_session(writes => true);
  e := private.lock_event(undo_check_in.event_id);
  perform private.assert_active();
  if not private.can_check_in(e.id) then
    perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
  end if;
  select * into cur from public.rsvps r where r.event_id = e.id and r.user_id = undo_check_in.user_id for update;
  if not found or cur.status <> 'going' then
    perform private.raise_error('not_going', 'This person is not on the guest list.', 404);
  end if;
  if cur.checked_in_at is null then
    perform private.raise_error('not_checked_in', 'This person is not checked in.', 409);
  end if;
  update public.rsvps r set checked_in_at = null where r.id = cur.id;
  perform private.refresh_event_stats(e.id);
  return jsonb_build_object('rsvp_id', cur.id, 'event_id', e.id, 'user_id', cur.user_id, 'checked_in_at', null);
end
$$;

revoke all on function public.undo_check_in(uuid, uuid) from public, anon;
grant execute on function public.undo_check_in(uuid, uuid) to authenticated, service_role;
