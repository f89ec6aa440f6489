-- Where host news comes from (issue 32 item 6, decision 0311; planned and sent as migration
-- 20261129311000 says): a member's RSVP or waitlist join, a comment on the event, a new member of
-- the group. Each trigger tells the team but whoever did it.

-- The event's host and co-hosts but `actor`, not suspended.
create function private.event_news_team(eid uuid, actor uuid) returns setof uuid
language sql stable security definer set search_path = '' as $$
  select h.user_id from public.event_hosts h
  where h.event_id = eid and h.role in ('host', 'cohost') and h.user_id <> actor and not private.is_suspended(h.user_id)
$$;

-- A member's own RSVP: going or on the waitlist (a request to join is `rsvp_requested`, made by
-- the rsvp procedures). Promotions and a host's approvals are not news to the hosts.
create function private.rsvp_host_news() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  e public.events;
begin
  if new.status not in ('going', 'waitlisted') or (tg_op = 'UPDATE' and old.status = new.status)
     or (select auth.uid()) is distinct from new.user_id then
    return null;
  end if;
  select * into e from public.events x where x.id = new.event_id;
  perform private.notify(t, case new.status when 'going' then 'new_rsvp' else 'new_waitlist' end,
    jsonb_build_object('event_id', e.id, 'slug', e.slug, 'title', e.title, 'user_id', new.user_id, 'guests', new.guests))
  from private.event_news_team(e.id, new.user_id) t;
  return null;
end
$$;
create trigger rsvps_host_news after insert or update of status on public.rsvps
  for each row execute function private.rsvp_host_news();

-- A comment (or a reply) on the event, by anyone but the host being told.
create function private.comment_host_news() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  e public.events;
begin
  if (select auth.uid()) is distinct from new.author_id then
    return null;
  end if;
  select * into e from public.events x where x.id = new.event_id;
  perform private.notify(t, 'new_comment',
    jsonb_build_object('event_id', e.id, 'slug', e.slug, 'title', e.title, 'user_id', new.author_id,
                       'comment_id', new.id, 'reply', new.parent_id is not null, 'excerpt', left(new.body, 200)))
  from private.event_news_team(e.id, new.author_id) t;
  return null;
end
$$;
create trigger comments_host_news after insert on public.comments
  for each row execute function private.comment_host_news();

-- A member who joined a group themselves (an open group, an invitation); an accepted request
-- was the organizers' own doing.
create function private.member_host_news() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  g public.groups;
begin
  if new.status <> 'active' or (tg_op = 'UPDATE' and old.status = 'active') or (select auth.uid()) is distinct from new.user_id then
    return null;
  end if;
  select * into g from public.groups x where x.id = new.group_id;
  perform private.notify(m.user_id, 'new_member', private.group_payload(g) || jsonb_build_object('user_id', new.user_id))
  from public.group_members m
  where m.group_id = g.id and m.status = 'active' and m.role in ('organizer', 'co_organizer') and m.user_id <> new.user_id
    and not private.is_suspended(m.user_id);
  return null;
end
$$;
create trigger group_members_host_news after insert or update of status on public.group_members
  for each row execute function private.member_host_news();

revoke all on function private.rsvp_host_news(), private.comment_host_news(), private.member_host_news(),
  private.event_news_team(uuid, uuid)
  from public, anon, authenticated;
