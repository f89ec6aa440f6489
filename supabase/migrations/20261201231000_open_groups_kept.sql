-- The events' policy lets anyone read a public event of an open group (public, not hidden, no
-- suspended organizer; decision 0350). It asked private.open_group_ids() for that set in every
-- statement, and a read of events with their counts asked twice (event_stats' policy reads the
-- event through the events' policy): each call ran the rule over every group and returned its
-- rows through a PL/pgSQL result set, ~0.2-0.3 ms at 1,000 groups, in an anonymous group page
-- read of ~2.5 ms (issue 35 item 1, decision 0457).
--
-- The set is now kept in a table, changed by the few writes that can change it (a group's
-- visibility or hiding, an organizer joining, leaving or changing role, an account's suspension),
-- and the policy reads the table. open_group_ids() reads it too, for Discover's functions.

create table private.open_groups (
  group_id uuid primary key references public.groups (id) on delete cascade
);
alter table private.open_groups enable row level security;
-- The events' policy reads it as the caller. Which groups are public and not withheld is what
-- public.groups already tells anyone (withheld groups are not listed there at all).
create policy "open groups are everyone's to know" on private.open_groups for select to anon, authenticated using (true);
grant select on private.open_groups to anon, authenticated, service_role;

-- The rule of 20261129350400's open_group_ids for one group: public, and not withheld (hidden, or
-- a suspended organizer: private.group_withheld), written to the table. The group's row is locked
-- first, so two writes that each change one half of the rule (an organizer's suspension, the
-- group's visibility) apply it one after the other, the second seeing the first's result.
create function private.refresh_open_group(gid uuid) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform 1 from public.groups g where g.id = gid for no key update;
  if exists (select 1 from public.groups g where g.id = gid and g.visibility = 'public') and not private.group_withheld(gid) then
    insert into private.open_groups (group_id) values (gid) on conflict do nothing;
  else
    delete from private.open_groups o where o.group_id = gid;
  end if;
end
$$;
revoke all on function private.refresh_open_group(uuid) from public, anon, authenticated;

create function private.groups_refresh_open() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.refresh_open_group(new.id);
  return null;
end
$$;
create trigger groups_refresh_open after insert or update of visibility, hidden_at on public.groups
  for each row execute function private.groups_refresh_open();

-- Only an organizer's membership counts (a suspended organizer withholds the group).
create function private.group_members_refresh_open() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op <> 'INSERT' and old.role = 'organizer' then
    perform private.refresh_open_group(old.group_id);
  end if;
  if tg_op <> 'DELETE' and new.role = 'organizer' and (tg_op = 'INSERT' or new.group_id <> old.group_id or old.role <> 'organizer') then
    perform private.refresh_open_group(new.group_id);
  end if;
  return null;
end
$$;
create trigger group_members_refresh_open after insert or delete or update of group_id, user_id, role, status on public.group_members
  for each row execute function private.group_members_refresh_open();

create function private.profile_private_refresh_open() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  gid uuid;
begin
  -- In the groups' order, so that two suspensions at once lock them in the same order.
  for gid in select m.group_id from public.group_members m where m.user_id = new.id and m.role = 'organizer' order by m.group_id loop
    perform private.refresh_open_group(gid);
  end loop;
  return null;
end
$$;
-- Suspension and its lifting only: a new account organizes nothing yet, and a deleted one's
-- memberships go with it (the group_members trigger above).
create trigger profile_private_refresh_open after update of suspended_at on public.profile_private
  for each row when (old.suspended_at is distinct from new.suspended_at)
  execute function private.profile_private_refresh_open();

insert into private.open_groups (group_id) select private.open_group_ids();

create or replace function private.open_group_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select o.group_id from private.open_groups o
$$;

alter policy "events are visible to those who may see them" on public.events
  using (
    (status <> 'draft' and visibility in ('public', 'unlisted') and hidden_at is null
     and (group_id is null or group_id in (select o.group_id from private.open_groups o)))
    or host_id = (select auth.uid())
    or (select private.is_admin())
    or ((select auth.uid()) is not null and (
          id in (select private.my_team_event_ids())
          or group_id in (select private.my_team_group_ids())
          or (status <> 'draft' and hidden_at is null
              and (group_id is null or group_id not in (select private.withheld_group_ids()))
              and ((visibility <> 'private' and group_id in (select private.my_group_ids()))
                   or (visibility = 'private' and id in (select private.my_invited_event_ids())))))));
