-- Events' row-level security asked per row (issue 35 item 1, decision 0350). The select policy's
-- fast path covered events outside groups only; every group event called
-- private.can_view_event(id) as a per-row subplan (~2 ms on PostgreSQL), before the query's own
-- filters, so an anonymous list of group events paid it on every row it scanned.
--
-- The policy now says the same thing on the row's own columns and on sets of ids computed once
-- per statement (hashed subplans, decision 0108's pattern):
--   1. a published (or cancelled) public or unlisted event, not hidden, outside a group or in an
--      open group (public and not withheld), is everyone's: no function call per row;
--   2. its host sees it;
--   3. only for a signed-in caller (or an admin), the other ways in of can_view_event, each as a
--      set: the admins, the event's own team (event_hosts), the team of its group, the groups the
--      caller is an active member of, and a private event's RSVP or invitation.
-- can_view_event itself stays (procedures, triggers and other tables' policies ask about one
-- event). supabase/tests/events-visibility-sets.test.ts holds the new policy equal to the old
-- expression, role by role, over a seeded population of events.

-- Groups whose content is everyone's: public, and not withheld (private.group_content_open for
-- a caller who is not a member, without group_withheld).
create function private.open_group_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select g.id from public.groups g
  where g.visibility = 'public' and g.id not in (select private.withheld_group_ids())
$$;

-- Groups the caller is an active member of, whatever the role (private.is_group_member as a set).
create function private.my_group_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select m.group_id from public.group_members m where m.user_id = (select auth.uid()) and m.status = 'active'
$$;

-- Groups whose events the caller runs through their group role (organizers, co-organizers and
-- event organizers): the group half of private.event_role.
create function private.my_team_group_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select m.group_id from public.group_members m
  where m.user_id = (select auth.uid()) and m.status = 'active' and m.role <> 'member'
$$;

-- Events the caller is on the team of (host, co-host or checker): the event half of event_role.
create function private.my_team_event_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select h.event_id from public.event_hosts h where h.user_id = (select auth.uid())
$$;

-- Events a private event's door opens to the caller by: an RSVP of theirs (any status), an
-- invitation to their account, an email invitation to their confirmed address.
create function private.my_invited_event_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select r.event_id from public.rsvps r where r.user_id = (select auth.uid())
  union
  select i.event_id from public.event_invites i where i.user_id = (select auth.uid())
  union
  select v.event_id from public.invitations v
  where v.event_id is not null and v.via = 'email' and v.email = (select private.my_verified_email())
$$;

grant execute on function private.open_group_ids(), private.my_group_ids(), private.my_team_group_ids(),
  private.my_team_event_ids(), private.my_invited_event_ids() to anon, authenticated, service_role;

alter policy "events are visible to those who may see them" on public.events
  using (
    (status <> 'draft' and visibility in ('public', 'unlisted') and hidden_at is null
     and (group_id is null or group_id in (select private.open_group_ids())))
    or host_id = (select auth.uid())
    or (select private.is_admin())
    or ((select auth.uid()) is not null and (
          id in (select private.my_team_event_ids())
          or group_id in (select private.my_team_group_ids())
          or (status <> 'draft' and hidden_at is null
              and (group_id is null or group_id not in (select private.withheld_group_ids()))
              and ((visibility <> 'private' and group_id in (select private.my_group_ids()))
                   or (visibility = 'private' and id in (select private.my_invited_event_ids())))))));
