-- The bell marks notifications read: some (by id) or, with no ids, all of the caller's.
-- Returns how many changed.
create function public.mark_notifications_read(ids uuid[] default null) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  changed int;
begin
  if me is null then
    perform private.raise_error('not_signed_in', 'Sign in to do that.', 401);
  end if;
  perform private.assert_active();
  update public.notifications n set read_at = now()
  where n.user_id = me and n.read_at is null and (mark_notifications_read.ids is null or n.id = any (mark_notifications_read.ids));
  get diagnostics changed = row_count;
  return changed;
end
$$;

revoke all on function public.mark_notifications_read(uuid[]) from public, anon;
grant execute on function public.mark_notifications_read(uuid[]) to authenticated, service_role;
