-- Co-hosts and checkers are added and removed through these procedures only (by username, with
-- clear errors, a notification for the person added and an entry in the moderation log); the
-- direct table writes of migration 0300 are withdrawn.

drop policy "the host adds co-hosts and checkers" on public.event_hosts;
drop policy "the host removes co-hosts and checkers" on public.event_hosts;
revoke insert, delete on public.event_hosts from authenticated;

-- The event's owner (role 'host') or a site admin; co-hosts manage RSVPs but not the team.
create function private.require_event_owner(eid uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not (private.is_admin() or coalesce(private.event_role(eid) = 'host', false)) then
    perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
  end if;
end
$$;

create function public.add_event_host(event_id uuid, username text, role text) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  e public.events := private.lock_event(add_event_host.event_id);
  who public.profiles;
  existing_role public.host_role;
  wanted public.host_role;
begin
  perform private.assert_active();
  perform private.require_event_owner(e.id);
  if add_event_host.role is null or add_event_host.role not in ('cohost', 'checker') then
    perform private.raise_error('invalid_role', 'Choose co-host or checker.');
  end if;
  wanted := add_event_host.role::public.host_role;
  select * into who from public.profiles p where p.username = lower(trim(coalesce(add_event_host.username, '')));
  if not found then
    perform private.raise_error('user_not_found', 'No member has that username.', 404);
  end if;
  if who.suspended_at is not null then
    perform private.raise_error('user_suspended', 'This member is suspended.', 409);
  end if;
  select h.role into existing_role from public.event_hosts h where h.event_id = e.id and h.user_id = who.id;
  if existing_role = 'host' or existing_role = wanted then
    perform private.raise_error('already_host',
      format('%s is already %s of this event.', who.display_name,
             case existing_role when 'host' then 'the host' when 'cohost' then 'a co-host' else 'a checker' end), 409);
  end if;
  if existing_role is null then
    insert into public.event_hosts (event_id, user_id, role) values (e.id, who.id, wanted);
  else
    update public.event_hosts h set role = wanted where h.event_id = e.id and h.user_id = who.id;
  end if;
  perform private.notify(who.id, 'cohost_added', jsonb_build_object(
    'event_id', e.id, 'slug', e.slug, 'title', e.title, 'role', wanted,
    'from_name', (select display_name from public.profiles where id = (select auth.uid()))));
  perform private.log_moderation(case when existing_role is null then 'host_added' else 'host_role_changed' end,
    'event', e.id, jsonb_build_object('user_id', who.id, 'username', who.username, 'role', wanted));
end
$$;

create function public.remove_event_host(event_id uuid, user_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  e public.events := private.lock_event(remove_event_host.event_id);
  removed public.event_hosts;
begin
  perform private.assert_active();
  -- Co-hosts and checkers may also step down themselves.
  if remove_event_host.user_id is distinct from (select auth.uid()) then
    perform private.require_event_owner(e.id);
  end if;
  select * into removed from public.event_hosts h where h.event_id = e.id and h.user_id = remove_event_host.user_id;
  if not found then
    perform private.raise_error('host_not_found', 'This person is not one of the event''s hosts.', 404);
  end if;
  if removed.role = 'host' then
    perform private.raise_error('cannot_remove_owner', 'The event''s host cannot be removed.', 409);
  end if;
  delete from public.event_hosts h where h.event_id = e.id and h.user_id = removed.user_id;
  perform private.log_moderation('host_removed', 'event', e.id, jsonb_build_object(
    'user_id', removed.user_id, 'username', (select username from public.profiles where id = removed.user_id),
    'role', removed.role));
end
$$;

revoke all on function public.add_event_host(uuid, text, text), public.remove_event_host(uuid, uuid) from public, anon;
grant execute on function public.add_event_host(uuid, text, text), public.remove_event_host(uuid, uuid)
  to authenticated, service_role;
