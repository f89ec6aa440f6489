-- Suspension. A suspended member keeps reading but writes nothing: every table the API roles
-- may write refuses an insert or update made on their behalf (directly, or through a
-- procedure running as its owner), and the storage buckets refuse their uploads. Signing in is
-- refused by Auth, through `auth.users.banned_until` (decision 0051).

create function private.caller_suspended() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.profiles where id = (select auth.uid()) and suspended_at is not null)
$$;

create function private.assert_active() returns void
language plpgsql stable as $$
begin
  if private.caller_suspended() then
    perform private.raise_error('suspended', 'Your account is suspended.', 403);
  end if;
end
$$;

-- Keyed to the caller (auth.uid()), not to the role: security definer procedures run as their
-- owner, yet act for the member who called them. The service role and jobs have no caller.
create function private.refuse_suspended_writer() returns trigger
language plpgsql as $$
begin
  perform private.assert_active();
  return new;
end
$$;

create trigger profiles_refuse_suspended before insert or update on public.profiles
  for each row execute function private.refuse_suspended_writer();
create trigger notification_preferences_refuse_suspended before insert or update on public.notification_preferences
  for each row execute function private.refuse_suspended_writer();
create trigger notifications_refuse_suspended before insert or update on public.notifications
  for each row execute function private.refuse_suspended_writer();
create trigger events_refuse_suspended before insert or update on public.events
  for each row execute function private.refuse_suspended_writer();
create trigger event_hosts_refuse_suspended before insert or update on public.event_hosts
  for each row execute function private.refuse_suspended_writer();
create trigger event_invites_refuse_suspended before insert or update on public.event_invites
  for each row execute function private.refuse_suspended_writer();
create trigger event_online_links_refuse_suspended before insert or update on public.event_online_links
  for each row execute function private.refuse_suspended_writer();
create trigger rsvps_refuse_suspended before insert or update on public.rsvps
  for each row execute function private.refuse_suspended_writer();
create trigger comments_refuse_suspended before insert or update on public.comments
  for each row execute function private.refuse_suspended_writer();
create trigger reports_refuse_suspended before insert or update on public.reports
  for each row execute function private.refuse_suspended_writer();

-- Storage is written through policies only (its tables belong to the platform), so there the
-- rule is a restrictive policy, which every permissive one must also satisfy.
create policy "suspended members upload nothing" on storage.objects as restrictive for insert to authenticated
  with check (not (select private.caller_suspended()));
create policy "suspended members replace nothing" on storage.objects as restrictive for update to authenticated
  using (not (select private.caller_suspended())) with check (not (select private.caller_suspended()));
create policy "suspended members remove nothing" on storage.objects as restrictive for delete to authenticated
  using (not (select private.caller_suspended()));

-- Suspension goes through this procedure only, so that it is logged and takes effect in Auth.
revoke update (suspended_at) on public.profiles from authenticated;

create function public.suspend_user(user_id uuid, suspended boolean, reason text default null) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  target public.profiles;
  why text := nullif(trim(coalesce(suspend_user.reason, '')), '');
begin
  perform private.assert_active();
  perform private.require_admin();
  if suspend_user.user_id = (select auth.uid()) then
    perform private.raise_error('cannot_suspend_self', 'You cannot suspend yourself.', 409);
  end if;
  select * into target from public.profiles p where p.id = suspend_user.user_id for update;
  if not found then
    perform private.raise_error('user_not_found', 'This member does not exist.', 404);
  end if;
  if char_length(why) > 1000 then
    perform private.raise_error('invalid_reason', 'The reason can be at most 1,000 characters long.');
  end if;
  if suspended is null then
    perform private.raise_error('invalid_request', 'Say whether to suspend or restore the member.');
  end if;
  if suspended = (target.suspended_at is not null) then
    return; -- already so: nothing to change or log
  end if;
  if suspended then
    update public.profiles p set suspended_at = now() where p.id = target.id;
    -- GoTrue's own ban: a far-future date (Go cannot read 'infinity'), as ban_duration '876000h' sets.
    update auth.users u set banned_until = now() + interval '100 years', updated_at = now() where u.id = target.id;
    -- Signed out everywhere: sessions go, and their refresh tokens with them (on delete cascade).
    update auth.refresh_tokens t set revoked = true, updated_at = now() where t.user_id = target.id::text and t.revoked is not true;
    delete from auth.sessions s where s.user_id = target.id;
    delete from auth.flow_state f where f.user_id = target.id;
  else
    update public.profiles p set suspended_at = null where p.id = target.id;
    update auth.users u set banned_until = null, updated_at = now() where u.id = target.id;
  end if;
  perform private.log_moderation(case when suspended then 'user_suspended' else 'user_restored' end, 'user', target.id,
    jsonb_build_object('username', target.username, 'reason', why));
end
$$;

revoke all on function public.suspend_user(uuid, boolean, text) from public, anon;
grant execute on function public.suspend_user(uuid, boolean, text) to authenticated, service_role;
