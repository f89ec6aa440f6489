-- A group's series end when their host leaves the group's team (issue 30, decision 0267). The
-- hourly job (private.extend_series) makes a series' dates as its host, in the group its template
-- names, whoever the host has become to that group: a banned event organizer went on hosting a
-- members-only series, 8 dates then 25, each with its guest list and answers. When a member stops
-- being one who may add events to the group (banned, removed, left, or made a plain member), the
-- series they host in it end: no date is made after the ones already made, which stay (their
-- RSVPs with them) in the hands of the group's organizers, who run every event of the group and
-- may cancel them. Rejoining does not restart a series; its host or the organizers start another.

create function private.end_series_of_former_team() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if old.status = 'active' and old.role in ('organizer', 'co_organizer', 'event_organizer')
     and (tg_op = 'DELETE' or new.status <> 'active' or new.role = 'member') then
    update public.event_series s set status = 'complete'
    from private.series_templates t
    where t.series_id = s.id and s.status = 'active' and s.host_id = old.user_id
      and t.fields ->> 'group_id' = old.group_id::text;
  end if;
  return null;
end
$$;
create trigger group_members_end_series after update of status, role or delete on public.group_members
  for each row execute function private.end_series_of_former_team();

revoke all on function private.end_series_of_former_team() from public, anon, authenticated;

-- Series already left running by a host who is no longer on their group's team (site admins, who
-- may add events to any group, aside).
update public.event_series s set status = 'complete'
from private.series_templates t
where t.series_id = s.id and s.status = 'active' and t.fields ->> 'group_id' is not null
  and not exists (
    select 1 from public.group_members m
    where m.group_id = (t.fields ->> 'group_id')::uuid and m.user_id = s.host_id and m.status = 'active'
      and m.role in ('organizer', 'co_organizer', 'event_organizer'))
  and not exists (select 1 from auth.users u where u.id = s.host_id and u.raw_app_meta_data ->> 'role' = 'admin');
