-- A ban or a removal closes the member's joined channels (issue 30, decision 0269). Realtime asks
-- the policies on realtime.messages when a private channel is joined: a member banned from a
-- private group kept hearing its channel (`group:<id>`) and the channels of its members-only
-- events, broadcasts and presence, as long as the socket stayed open. When a membership ends or
-- loses its standing, the database says so on the server channel `gather_realtime_recheck`, and
-- Gather's realtime server checks that member's private channels again, as a fresh join, ending
-- those the policies now refuse. Hosted Supabase has no listener for it (a NOTIFY nobody hears):
-- there a joined channel is checked again when the member's token is refreshed, within the JWT
-- expiry (an hour by default).

create function private.recheck_member_channels() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' or new.status is distinct from old.status or new.role is distinct from old.role then
    perform pg_notify('gather_realtime_recheck', json_build_object('user_id', old.user_id)::text);
  end if;
  return null;
end
$$;
create trigger group_members_recheck_channels after update of status, role or delete on public.group_members
  for each row execute function private.recheck_member_channels();

-- Suspension takes the right to broadcast on group and event channels: checked again too.
create function private.recheck_suspended_channels() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform pg_notify('gather_realtime_recheck', json_build_object('user_id', new.id)::text);
  return null;
end
$$;
create trigger profile_private_recheck_channels after update of suspended_at on public.profile_private
  for each row when (old.suspended_at is distinct from new.suspended_at)
  execute function private.recheck_suspended_channels();

revoke all on function private.recheck_member_channels(), private.recheck_suspended_channels() from public, anon, authenticated;
