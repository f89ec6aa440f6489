-- A group's series end with the group (issue 30, decision 0267). Deleting a group deletes its
-- events, but a series whose template names it stayed active, and the hourly job's next date for
-- it broke the foreign key: extend_series_horizons failed as a whole, and no series anywhere got
-- its dates. Migration 20261129110000 ends the series of the group's team as their memberships
-- go; this ends every series of the group, whoever hosts it (a site admin need not be a member).

create function private.end_series_of_deleted_group() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.event_series s set status = 'complete'
  from private.series_templates t
  where t.series_id = s.id and s.status = 'active' and t.fields ->> 'group_id' = old.id::text;
  return old;
end
$$;
create trigger groups_end_series before delete on public.groups
  for each row execute function private.end_series_of_deleted_group();

revoke all on function private.end_series_of_deleted_group() from public, anon, authenticated;
