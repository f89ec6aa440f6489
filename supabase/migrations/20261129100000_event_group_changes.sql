-- Changing an event's group is its owner's act, or its group's organizers' (issue 30, decision
-- 0266). events_group (migration 20261124130405) checks the side the event goes to: the caller
-- may add events to that group. Nothing checked the side it leaves: a co-host who organizes a
-- group of their own (anyone may create one) could move the event there and be its host through
-- that group (private.event_role), add co-hosts and checkers, and shut the first group's
-- organizers out. This trigger checks that side: the caller must be the event's host as it stands
-- (its owner, or an organizer or co-organizer of the group it belongs to), or a site admin.
-- Trigger names fire in order: events_from_group runs before events_group.

create function private.check_event_group_change() returns trigger
language plpgsql set search_path = '' as $$
begin
  -- The service role, the seed and the scheduled jobs act as no one (auth.uid() is null).
  if (select auth.uid()) is null or new.group_id is not distinct from old.group_id then
    return new;
  end if;
  -- A BEFORE trigger: the stored row still has the old group, so event_role answers for it.
  if not (private.is_admin() or coalesce(private.event_role(old.id) = 'host', false)) then
    perform private.raise_error('cannot_change_group',
      'Only the event''s host or its group''s organizers can move it to another group.', 403);
  end if;
  return new;
end
$$;
create trigger events_from_group before update of group_id on public.events
  for each row execute function private.check_event_group_change();

revoke all on function private.check_event_group_change() from public, anon, authenticated;
