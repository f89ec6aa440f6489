-- Groups' row-level security asked per row (issue 15's follow-up; decision 0108). The policies
-- on group_members, group_stats, group_manager_stats, group_announcements and groups called the
-- per-group checks (can_view_group_content, can_see_group, can_manage_group) with a column as
-- argument, so Postgres ran them once per row: listing the newest 12 members of a 2,000-member
-- group filtered all 2,000 rows at ~2 ms each (4.5 s on PostgreSQL 15). The same rules are now
-- sets of group ids, computed once per statement (a hashed subplan) and probed per row.
-- The per-group functions stay: procedures and triggers ask about one group at a time.
-- supabase/tests/group-visibility-sets.test.ts holds each set equal to its per-group check.

-- Groups the caller runs: organizer or co-organizer; every group for a site admin.
create function private.managed_group_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select id from public.groups where (select private.is_admin())
  union
  select group_id from public.group_members
  where user_id = (select auth.uid()) and status = 'active' and role in ('organizer', 'co_organizer')
$$;

-- Groups withheld from the public: hidden by an admin, or with a suspended organizer (0105).
create function private.withheld_group_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select id from public.groups where hidden_at is not null
  union
  select m.group_id from public.group_members m join public.profile_private p on p.id = m.user_id
  where m.role = 'organizer' and m.status = 'active' and p.suspended_at is not null
$$;

-- private.can_see_group as a set: every group not withheld, and those the caller runs.
create function private.seeable_group_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select id from public.groups where id not in (select private.withheld_group_ids())
  union
  select private.managed_group_ids()
$$;

-- private.can_view_group_content as a set: public groups not withheld, groups the caller is an
-- active member of (not withheld), and those the caller runs.
create function private.content_group_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select g.id from public.groups g
  where g.id not in (select private.withheld_group_ids())
    and (g.visibility = 'public'
         or g.id in (select group_id from public.group_members where user_id = (select auth.uid()) and status = 'active'))
  union
  select private.managed_group_ids()
$$;

grant execute on function private.managed_group_ids(), private.withheld_group_ids(),
  private.seeable_group_ids(), private.content_group_ids() to anon, authenticated, service_role;

alter policy "groups are public unless withheld" on public.groups
  using (id not in (select private.withheld_group_ids()) or id in (select private.managed_group_ids()));
alter policy "organizers edit their groups" on public.groups
  using (id in (select private.managed_group_ids())) with check (id in (select private.managed_group_ids()));
alter policy "members are listed with the group" on public.group_members
  using (status = 'active' and (group_id in (select private.content_group_ids())
                                or (role in ('organizer', 'co_organizer') and group_id in (select private.seeable_group_ids()))));
alter policy "organizers see requests and bans" on public.group_members
  using (status <> 'active' and group_id in (select private.managed_group_ids()));
alter policy "member counts follow the group" on public.group_stats
  using (group_id in (select private.seeable_group_ids()));
alter policy "organizers see request counts" on public.group_manager_stats
  using (group_id in (select private.managed_group_ids()));
alter policy "announcements follow the group's content" on public.group_announcements
  using (group_id in (select private.content_group_ids()));
