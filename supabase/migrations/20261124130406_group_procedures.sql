-- Memberships change through these procedures only (decision 0100): joining and leaving,
-- requests, roles, removal and bans, handing over the group, deleting it. Each locks the group
-- row first, so concurrent calls on one group run one after another. Errors in the product's
-- words (decision 0106).

-- Locks and returns a group the caller may see, or raises the catalogue's error.
create function private.lock_group(gid uuid) returns public.groups
language plpgsql security definer set search_path = '' as $$
declare
  g public.groups;
begin
  if (select auth.uid()) is null then
    perform private.raise_error('not_signed_in', 'Sign in to do that.', 401);
  end if;
  select * into g from public.groups where id = gid for no key update;
  if not found or not private.can_see_group(gid) then
    perform private.raise_error('group_not_found', 'This group does not exist or is not visible to you.', 404);
  end if;
  return g;
end
$$;

create function private.require_group_manager(gid uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.can_manage_group(gid) then
    perform private.raise_error('not_group_manager', 'Only the group''s organizers and co-organizers can do that.', 403);
  end if;
end
$$;

create function private.require_group_organizer(gid uuid) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.is_group_organizer(gid) then
    perform private.raise_error('not_group_organizer', 'Only an organizer of the group can do that.', 403);
  end if;
end
$$;

-- What a notification about a group carries, so the bell and the email can name it.
create function private.group_payload(g public.groups) returns jsonb
language sql stable as $$
  select jsonb_build_object('group_id', g.id, 'group_slug', g.slug, 'group_name', g.name)
$$;

create function private.caller_name() returns text
language sql stable security definer set search_path = '' as $$
  select display_name from public.profiles where id = (select auth.uid())
$$;

-- Cancels a member's RSVPs to the group's upcoming events when they leave, are removed or are
-- banned: those for members only (and every event of a private group), or all of them for a
-- ban. Each event is locked and its waitlist moves up, as cancel_rsvp does.
create function private.cancel_group_rsvps(gid uuid, uid uuid, every_event boolean) returns int
language plpgsql security definer set search_path = '' as $$
declare
  eid uuid;
  was public.rsvp_status;
  n int := 0;
begin
  for eid in
    select e.id from public.events e join public.groups g on g.id = e.group_id
    where e.group_id = gid and e.status = 'published' and e.ends_at > now()
      and (every_event or e.visibility = 'members' or g.visibility = 'private')
      and exists (select 1 from public.rsvps r where r.event_id = e.id and r.user_id = uid and r.status in ('going', 'waitlisted', 'pending'))
    order by e.id
  loop
    perform 1 from public.events where id = eid for update;
    select status into was from public.rsvps where event_id = eid and user_id = uid;
    if was not in ('going', 'waitlisted', 'pending') then
      continue;
    end if;
    update public.rsvps set status = 'cancelled', waitlist_position = null, checked_in_at = null
    where event_id = eid and user_id = uid;
    if was = 'going' then
      perform private.promote_waitlist(eid);
    end if;
    perform private.refresh_event_stats(eid);
    n := n + 1;
  end loop;
  return n;
end
$$;

-- Join an open group, or ask to join one that needs approval. Returns the membership status,
-- 'active' or 'pending'; calling again changes nothing and says where one stands.
create function public.join_group(group_id uuid) returns text
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  g public.groups := private.lock_group(join_group.group_id);
  me uuid := (select auth.uid());
  cur public.group_members;
  next_status public.group_member_status;
begin
  perform private.assert_active();
  select * into cur from public.group_members m where m.group_id = g.id and m.user_id = me;
  if found then
    if cur.status = 'banned' then
      perform private.raise_error('banned_from_group', 'You can''t join this group.', 403);
    end if;
    return cur.status::text;
  end if;
  next_status := case g.join_policy when 'approval' then 'pending' else 'active' end;
  insert into public.group_members (group_id, user_id, status, joined_at)
  values (g.id, me, next_status, case when next_status = 'active' then now() end);
  if next_status = 'pending' then
    insert into public.notifications (user_id, kind, payload)
    select m.user_id, 'group_join_requested', private.group_payload(g) || jsonb_build_object('user_id', me)
    from public.group_members m
    where m.group_id = g.id and m.status = 'active' and m.role in ('organizer', 'co_organizer');
  end if;
  return next_status::text;
end
$$;

-- Leave a group, or withdraw a request. Upcoming RSVPs to its members-only events go too.
create function public.leave_group(group_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := (select auth.uid());
  g public.groups;
  cur public.group_members;
begin
  if me is null then
    perform private.raise_error('not_signed_in', 'Sign in to do that.', 401);
  end if;
  perform private.assert_active();
  -- Leaving is allowed even from a group an admin has hidden.
  select * into g from public.groups x where x.id = leave_group.group_id for no key update;
  select * into cur from public.group_members m where m.group_id = g.id and m.user_id = me;
  if g.id is null or cur.user_id is null or cur.status = 'banned' then
    perform private.raise_error('not_group_member', 'You''re not a member of this group.', 404);
  end if;
  delete from public.group_members m where m.group_id = g.id and m.user_id = me;
  if cur.status = 'active' then
    perform private.cancel_group_rsvps(g.id, me, false);
  end if;
end
$$;

-- Accept or decline a request to join. Returns 'active' or 'declined'; the person is told.
create function public.decide_group_member(group_id uuid, user_id uuid, approve boolean) returns text
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  g public.groups := private.lock_group(decide_group_member.group_id);
  cur public.group_members;
begin
  perform private.assert_active();
  perform private.require_group_manager(g.id);
  if approve is null then
    perform private.raise_error('invalid_request', 'Say whether to accept or decline the request.');
  end if;
  select * into cur from public.group_members m where m.group_id = g.id and m.user_id = decide_group_member.user_id;
  if not found or cur.status <> 'pending' then
    perform private.raise_error('request_not_pending', 'There is no pending request from this person.', 409);
  end if;
  if approve then
    update public.group_members m set status = 'active', joined_at = now()
    where m.group_id = g.id and m.user_id = cur.user_id;
  else
    delete from public.group_members m where m.group_id = g.id and m.user_id = cur.user_id;
  end if;
  perform private.notify(cur.user_id, case when approve then 'group_join_approved' else 'group_join_declined' end, private.group_payload(g));
  return case when approve then 'active' else 'declined' end;
end
$$;

-- Give an active member a role. Organizers and co-organizers manage roles; only an organizer
-- makes or unmakes an organizer, and the last organizer stays one.
create function public.set_group_member_role(group_id uuid, user_id uuid, role text) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  g public.groups := private.lock_group(set_group_member_role.group_id);
  cur public.group_members;
  wanted public.group_role;
begin
  perform private.assert_active();
  perform private.require_group_manager(g.id);
  if set_group_member_role.role is null
     or set_group_member_role.role not in ('organizer', 'co_organizer', 'event_organizer', 'member') then
    perform private.raise_error('invalid_group_role', 'Choose organizer, co-organizer, event organizer or member.');
  end if;
  wanted := set_group_member_role.role::public.group_role;
  select * into cur from public.group_members m
  where m.group_id = g.id and m.user_id = set_group_member_role.user_id and m.status = 'active';
  if not found then
    perform private.raise_error('member_not_found', 'This person is not a member of the group.', 404);
  end if;
  if (wanted = 'organizer' or cur.role = 'organizer') then
    perform private.require_group_organizer(g.id);
  end if;
  if cur.role = wanted then
    return;
  end if;
  update public.group_members m set role = wanted where m.group_id = g.id and m.user_id = cur.user_id;
  if cur.user_id is distinct from (select auth.uid()) then
    perform private.notify(cur.user_id, 'group_role_changed',
      private.group_payload(g) || jsonb_build_object('role', wanted, 'from_name', private.caller_name()));
  end if;
  perform private.log_moderation('group_role_changed', 'group', g.id, jsonb_build_object(
    'user_id', cur.user_id, 'username', (select username from public.profiles where id = cur.user_id),
    'from', cur.role, 'to', wanted));
end
$$;

-- Hand the group to another member: they become an organizer, the caller a co-organizer.
create function public.transfer_group(group_id uuid, user_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  g public.groups := private.lock_group(transfer_group.group_id);
  me uuid := (select auth.uid());
begin
  perform private.assert_active();
  perform private.require_group_organizer(g.id);
  if transfer_group.user_id = me then
    perform private.raise_error('invalid_request', 'Choose another member to hand the group to.');
  end if;
  if not exists (select 1 from public.group_members m where m.group_id = g.id and m.user_id = transfer_group.user_id and m.status = 'active') then
    perform private.raise_error('member_not_found', 'This person is not a member of the group.', 404);
  end if;
  perform public.set_group_member_role(g.id, transfer_group.user_id, 'organizer');
  if private.group_role(g.id) = 'organizer' then
    perform public.set_group_member_role(g.id, me, 'co_organizer');
  end if;
end
$$;

-- Remove an active member (they may join again; a ban keeps them out).
create function public.remove_group_member(group_id uuid, user_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  g public.groups := private.lock_group(remove_group_member.group_id);
  cur public.group_members;
begin
  perform private.assert_active();
  perform private.require_group_manager(g.id);
  if remove_group_member.user_id = (select auth.uid()) then
    perform private.raise_error('cannot_remove_self', 'To leave the group, use Leave group.', 409);
  end if;
  select * into cur from public.group_members m
  where m.group_id = g.id and m.user_id = remove_group_member.user_id and m.status = 'active';
  if not found then
    perform private.raise_error('member_not_found', 'This person is not a member of the group.', 404);
  end if;
  if cur.role = 'organizer' then
    perform private.require_group_organizer(g.id);
  end if;
  delete from public.group_members m where m.group_id = g.id and m.user_id = cur.user_id;
  perform private.cancel_group_rsvps(g.id, cur.user_id, false);
  perform private.log_moderation('group_member_removed', 'group', g.id, jsonb_build_object(
    'user_id', cur.user_id, 'username', (select username from public.profiles where id = cur.user_id), 'role', cur.role));
end
$$;

-- Ban someone (a member, a requester, or anyone, before they join), or lift a ban. A banned
-- person cannot join, ask to join, or RSVP to the group's events; their upcoming RSVPs go.
create function public.ban_group_member(group_id uuid, user_id uuid, banned boolean, reason text default null) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  g public.groups := private.lock_group(ban_group_member.group_id);
  who public.profiles;
  cur public.group_members;
  why text := nullif(trim(coalesce(ban_group_member.reason, '')), '');
begin
  perform private.assert_active();
  perform private.require_group_manager(g.id);
  if banned is null then
    perform private.raise_error('invalid_request', 'Say whether to ban the person or lift the ban.');
  end if;
  if ban_group_member.user_id = (select auth.uid()) then
    perform private.raise_error('cannot_remove_self', 'To leave the group, use Leave group.', 409);
  end if;
  if char_length(why) > 1000 then
    perform private.raise_error('invalid_reason', 'The reason can be at most 1,000 characters long.');
  end if;
  select * into who from public.profiles p where p.id = ban_group_member.user_id;
  if not found then
    perform private.raise_error('user_not_found', 'This member does not exist.', 404);
  end if;
  select * into cur from public.group_members m where m.group_id = g.id and m.user_id = who.id;
  if banned then
    if cur.status = 'banned' then
      return;
    end if;
    if cur.role = 'organizer' then
      perform private.require_group_organizer(g.id);
    end if;
    insert into public.group_members as m (group_id, user_id, status, banned_at)
    values (g.id, who.id, 'banned', now())
    on conflict (group_id, user_id) do update set status = 'banned', role = 'member', banned_at = now(), joined_at = null;
    perform private.cancel_group_rsvps(g.id, who.id, true);
  else
    if cur.status is distinct from 'banned' then
      perform private.raise_error('member_not_banned', 'This person is not banned from the group.', 409);
    end if;
    delete from public.group_members m where m.group_id = g.id and m.user_id = who.id;
  end if;
  perform private.log_moderation(case when banned then 'group_member_banned' else 'group_member_unbanned' end, 'group', g.id,
    jsonb_build_object('user_id', who.id, 'username', who.username, 'reason', why));
end
$$;

-- Delete a group, with its memberships, announcements and events, while no upcoming event of
-- it has people going, waiting or asking (they must be told: cancelling the event tells them).
create function public.delete_group(group_id uuid) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  g public.groups := private.lock_group(delete_group.group_id);
  blocking text;
begin
  perform private.assert_active();
  perform private.require_group_organizer(g.id);
  select string_agg(format('"%s"', b.title), ', ' order by b.starts_at) into blocking
  from (
    select e.title, e.starts_at from public.events e
    where e.group_id = g.id and e.status = 'published' and e.ends_at > now()
      and exists (select 1 from public.rsvps r where r.event_id = e.id and r.status in ('going', 'waitlisted', 'pending'))
    order by e.starts_at
    limit 3
  ) b;
  if blocking is not null then
    perform private.raise_error('group_has_upcoming_events',
      format('The group has upcoming events that people have RSVPed to (%s). Cancel them first, then delete the group.', blocking), 409);
  end if;
  perform private.log_moderation('group_deleted', 'group', g.id, jsonb_build_object('name', g.name, 'slug', g.slug));
  delete from public.groups x where x.id = g.id;
end
$$;

revoke all on function public.join_group(uuid), public.leave_group(uuid), public.decide_group_member(uuid, uuid, boolean),
  public.set_group_member_role(uuid, uuid, text), public.transfer_group(uuid, uuid), public.remove_group_member(uuid, uuid),
  public.ban_group_member(uuid, uuid, boolean, text), public.delete_group(uuid) from public, anon;
grant execute on function public.join_group(uuid), public.leave_group(uuid), public.decide_group_member(uuid, uuid, boolean),
  public.set_group_member_role(uuid, uuid, text), public.transfer_group(uuid, uuid), public.remove_group_member(uuid, uuid),
  public.ban_group_member(uuid, uuid, boolean, text), public.delete_group(uuid) to authenticated, service_role;
revoke all on function private.cancel_group_rsvps(uuid, uuid, boolean), private.lock_group(uuid) from public, anon, authenticated;
