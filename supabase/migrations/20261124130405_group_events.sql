-- Events that belong to a group (decision 0102): `events.group_id`, visibility `members`, the
-- group's team running its events, and who may see and RSVP to them.

alter table public.events add column group_id uuid references public.groups (id) on delete cascade;
create index events_group_idx on public.events (group_id, starts_at) where group_id is not null;
-- The editor sets the group like any other field; the trigger below decides whether it may.
grant insert (group_id), update (group_id) on public.events to authenticated;

-- Who the caller is to an event: their own role in event_hosts, or the one their group role
-- gives them on the group's events (organizers and co-organizers as the host, event organizers
-- as co-hosts), whichever is higher (host < cohost < checker in the enum's order).
create or replace function private.event_role(eid uuid) returns public.host_role
language sql stable security definer set search_path = '' as $$
  select min(r) from (
    select h.role as r from public.event_hosts h where h.event_id = eid and h.user_id = (select auth.uid())
    union all
    select case m.role when 'event_organizer' then 'cohost' else 'host' end::public.host_role
    from public.events e
    join public.group_members m on m.group_id = e.group_id
    where e.id = eid and m.user_id = (select auth.uid()) and m.status = 'active' and m.role <> 'member'
  ) roles
$$;

-- Whether the caller's group is open to them: a public group's content is everyone's, a
-- private group's its members'. Withheld groups take their events with them.
create function private.group_content_open(gid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.groups g where g.id = gid and (g.visibility = 'public' or private.is_group_member(g.id)))
$$;

-- As in migration 1350, plus groups: a members-only event, and any event of a private group,
-- is for the group's members; a withheld group's events for their team and the admins only.
-- An RSVP or an invitation opens a private event, as before, and only a private one (a member
-- who left keeps a cancelled RSVP row, which must not keep the door open).
create or replace function private.can_view_event(eid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.events e
    where e.id = eid and (
      private.is_admin()
      or private.event_role(e.id) is not null
      or (e.status <> 'draft' and e.hidden_at is null
          and (e.group_id is null or not private.group_withheld(e.group_id))
          and (
            (e.visibility in ('public', 'unlisted') and (e.group_id is null or private.group_content_open(e.group_id)))
            or (e.visibility = 'members' and e.group_id is not null and private.is_group_member(e.group_id))
            or (e.visibility = 'private' and (
                  exists (select 1 from public.rsvps r where r.event_id = e.id and r.user_id = (select auth.uid()))
               or exists (select 1 from public.event_invites i where i.event_id = e.id and i.user_id = (select auth.uid()))))))))
$$;

-- The fast path is for events outside groups only; every other row asks can_view_event.
drop policy "events are visible to those who may see them" on public.events;
create policy "events are visible to those who may see them" on public.events for select to anon, authenticated
  using ((status <> 'draft' and visibility in ('public', 'unlisted') and hidden_at is null and group_id is null)
         or host_id = (select auth.uid()) or (select private.can_view_event(id)));

-- A group event is added by the group's organizers, co-organizers and event organizers (or an
-- admin); a members-only event needs a group.
create function private.check_event_group() returns trigger
language plpgsql as $$
begin
  if new.visibility = 'members' and new.group_id is null then
    perform private.raise_error('members_needs_group', 'A members-only event must belong to a group.');
  end if;
  if new.group_id is not null and (tg_op = 'INSERT' or new.group_id is distinct from old.group_id)
     and (select auth.uid()) is not null then
    if not private.can_see_group(new.group_id) then
      perform private.raise_error('group_not_found', 'This group does not exist or is not visible to you.', 404);
    end if;
    if not (private.is_admin() or coalesce(private.group_role(new.group_id) in ('organizer', 'co_organizer', 'event_organizer'), false)) then
      perform private.raise_error('not_group_event_organizer', 'Only the group''s organizers and event organizers can add events to it.', 403);
    end if;
  end if;
  return new;
end
$$;
create trigger events_group before insert or update of group_id, visibility on public.events
  for each row execute function private.check_event_group();

-- Whoever the path (rsvp, an approval, a promotion), a banned member holds no place at the
-- group's events and a members-only event takes members only (its team aside).
create function private.check_rsvp_group() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  e public.events;
begin
  if new.status not in ('going', 'waitlisted', 'pending')
     or (tg_op = 'UPDATE' and old.status in ('going', 'waitlisted', 'pending')) then
    return new;
  end if;
  select * into e from public.events where id = new.event_id;
  if e.group_id is null then
    return new;
  end if;
  if exists (select 1 from public.group_members m where m.group_id = e.group_id and m.user_id = new.user_id and m.status = 'banned') then
    perform private.raise_error('banned_from_group', 'You can''t RSVP to this group''s events.', 403);
  end if;
  if e.visibility = 'members'
     and not exists (select 1 from public.group_members m where m.group_id = e.group_id and m.user_id = new.user_id and m.status = 'active')
     and not exists (select 1 from public.event_hosts h where h.event_id = e.id and h.user_id = new.user_id) then
    perform private.raise_error('members_only', 'This event is for the group''s members. Join the group to RSVP.', 403);
  end if;
  return new;
end
$$;
create trigger rsvps_group before insert or update of status on public.rsvps
  for each row execute function private.check_rsvp_group();

-- The caller's effective role on an event ('host', 'cohost', 'checker' or null), group roles
-- included, for screens that show team tools.
create function public.my_event_role(event_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select private.event_role(my_event_role.event_id)::text where private.can_view_event(my_event_role.event_id)
$$;

-- For an event page the caller may not open: the group it belongs to, so the page can say
-- "for members of X" and offer to join. Nothing about the event itself; null when there is
-- nothing to say (no such event, not a group's, already visible, or a withheld group).
create function public.event_group_gate(event_slug text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('group_id', g.id, 'slug', g.slug, 'name', g.name, 'logo_path', g.logo_path,
                            'visibility', g.visibility, 'join_policy', g.join_policy,
                            'my_status', (select m.status from public.group_members m where m.group_id = g.id and m.user_id = (select auth.uid())))
  from public.events e join public.groups g on g.id = e.group_id
  where e.slug = event_group_gate.event_slug and e.status <> 'draft' and e.hidden_at is null and e.visibility <> 'private'
    and not private.group_withheld(g.id) and not private.can_view_event(e.id)
$$;

revoke all on function public.my_event_role(uuid) from public, anon;
grant execute on function public.my_event_role(uuid) to authenticated, service_role;
grant execute on function public.event_group_gate(text) to anon, authenticated, service_role;
revoke all on function private.check_rsvp_group() from public, anon, authenticated;
