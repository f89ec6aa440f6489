-- What a profile keeps private (decision 0097): the coordinates of the home city and
-- suspension. Readable by the member and by site admins only; the public profile keeps the
-- home city. A table of its own, one row per profile, rather than column privileges on
-- `profiles`: `select=*` on profiles keeps working for everyone, the generated types say what
-- each role gets, and the member can still read their own coordinates.

create table public.profile_private (
  id uuid primary key references public.profiles (id) on delete cascade,
  home_lat double precision constraint profile_private_home_lat check (home_lat between -90 and 90),
  home_lng double precision constraint profile_private_home_lng check (home_lng between -180 and 180),
  suspended_at timestamptz,
  updated_at timestamptz not null default now()
);

insert into public.profile_private (id, home_lat, home_lng, suspended_at)
select id, home_lat, home_lng, suspended_at from public.profiles;

-- Every profile has its row, made with it (profiles are made by the sign-up trigger).
create function private.add_profile_private() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.profile_private (id) values (new.id) on conflict (id) do nothing;
  return null;
end
$$;
create trigger profiles_add_private after insert on public.profiles
  for each row execute function private.add_profile_private();

create trigger profile_private_updated_at before update on public.profile_private
  for each row execute function private.set_updated_at();
create trigger profile_private_refuse_suspended before update on public.profile_private
  for each row execute function private.refuse_suspended_writer();

alter table public.profile_private enable row level security;
create policy "members and admins read the private part" on public.profile_private for select to authenticated
  using (id = (select auth.uid()) or (select private.is_admin()));
create policy "members set their home" on public.profile_private for update to authenticated
  using (id = (select auth.uid())) with check (id = (select auth.uid()));
grant select on public.profile_private to authenticated;
-- Anon may ask (a profile read may embed it) and, having no policy, always gets nothing.
grant select on public.profile_private to anon;
-- Suspension is suspend_user()'s alone.
grant update (home_lat, home_lng) on public.profile_private to authenticated;
grant all on public.profile_private to service_role;

-- Whether a member is suspended: what every rule below asks.
create function private.is_suspended(uid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce((select suspended_at is not null from public.profile_private where id = uid), false)
$$;

-- The functions that read profiles.suspended_at, restated (unchanged otherwise) to ask
-- is_suspended() or the new table.
create or replace function private.caller_suspended() returns boolean
language sql stable security definer set search_path = '' as $$
  select private.is_suspended((select auth.uid()))
$$;

create or replace function public.rsvp(event_id uuid, guests int default 0) returns jsonb
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  me uuid := (select auth.uid());
  e public.events := private.lock_event(rsvp.event_id);
  cur public.rsvps;
  used int;
  next_status public.rsvp_status;
  place bigint;
begin
  if private.is_suspended(me) then
    perform private.raise_error('suspended', 'Your account is suspended.', 403);
  end if;
  if e.status = 'draft' then perform private.raise_error('event_not_published', 'This event isn''t published yet.', 409); end if;
  if e.status = 'cancelled' then perform private.raise_error('event_cancelled', 'This event was cancelled.', 409); end if;
  if now() >= coalesce(e.rsvp_closes_at, e.starts_at) then
    perform private.raise_error('rsvp_closed', 'RSVPs for this event are closed.', 409);
  end if;
  if rsvp.guests is null or rsvp.guests < 0 or rsvp.guests > e.plus_ones_max then
    perform private.raise_error('too_many_guests', format('You can bring at most %s guests.', e.plus_ones_max), 422);
  end if;
  select * into cur from public.rsvps r where r.event_id = e.id and r.user_id = me;
  select coalesce(sum(1 + r.guests), 0) into used from public.rsvps r
    where r.event_id = e.id and r.status = 'going' and r.user_id <> me;

  if found and cur.status = 'declined' then
    perform private.raise_error('rsvp_declined', 'The hosts declined your request for this event.', 409);
  end if;
  if cur.status in ('going', 'waitlisted', 'pending') then
    -- Already in: only the number of guests changes, and it must still fit.
    if cur.status = 'going' and e.capacity is not null and used + 1 + rsvp.guests > e.capacity then
      perform private.raise_error('event_full', 'This event is full.', 409);
    end if;
    update public.rsvps r set guests = rsvp.guests where r.event_id = e.id and r.user_id = me;
  else
    if e.requires_approval then
      next_status := 'pending';
    elsif e.capacity is null or used + 1 + rsvp.guests <= e.capacity then
      next_status := 'going';
    elsif e.waitlist_enabled then
      next_status := 'waitlisted';
    else
      perform private.raise_error('event_full', 'This event is full.', 409);
    end if;
    if next_status = 'waitlisted' then
      select coalesce(max(r.waitlist_position), 0) + 1 into place from public.rsvps r where r.event_id = e.id;
    end if;
    insert into public.rsvps as r (event_id, user_id, status, guests, waitlist_position)
    values (e.id, me, next_status, rsvp.guests, place)
    on conflict (event_id, user_id) do update
      set status = excluded.status, guests = excluded.guests, waitlist_position = excluded.waitlist_position,
          checked_in_at = null, created_at = now();
    if next_status = 'pending' then
      perform private.notify(h.user_id, 'rsvp_requested', jsonb_build_object('event_id', e.id, 'slug', e.slug, 'title', e.title, 'user_id', me))
      from public.event_hosts h where h.event_id = e.id and h.role in ('host', 'cohost');
    end if;
  end if;
  perform private.refresh_event_stats(e.id);
  return private.rsvp_result(e.id, me);
end
$$;

create or replace function private.comment_rules() returns trigger
language plpgsql as $$
declare
  parent public.comments;
begin
  if tg_op = 'INSERT' then
    if char_length(coalesce(new.body, '')) not between 1 and 2000 then
      perform private.raise_error('invalid_comment', 'A comment must be 1 to 2,000 characters long.');
    end if;
    if current_user = 'authenticated' and (
      select count(*) from public.comments where author_id = new.author_id and created_at > now() - interval '1 minute') >= 10 then
      perform private.raise_error('rate_limited', 'You''re doing that too often. Try again in a minute.', 429);
    end if;
    if private.is_suspended(new.author_id) then
      perform private.raise_error('suspended', 'Your account is suspended.', 403);
    end if;
    if new.parent_id is not null then
      select * into parent from public.comments where id = new.parent_id;
      if parent.event_id is distinct from new.event_id or parent.parent_id is not null then
        perform private.raise_error('invalid_reply', 'You can reply to a comment on this event, one level deep.');
      end if;
    end if;
    new.created_at := now();
    new.edited_at := null;
    new.deleted_at := null;
    new.hidden_at := null;
    return new;
  end if;
  -- Authors edit or delete their words; hosts and admins hide and restore. Nothing else moves.
  if (new.event_id, new.author_id, new.parent_id, new.created_at) is distinct from (old.event_id, old.author_id, old.parent_id, old.created_at) then
    perform private.raise_error('invalid_comment_change', 'Only the text of a comment can be changed.');
  end if;
  if new.hidden_at is distinct from old.hidden_at and current_user = 'authenticated' and not private.can_manage_event(new.event_id) then
    perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
  end if;
  if (new.body is distinct from old.body or new.deleted_at is distinct from old.deleted_at)
     and current_user = 'authenticated' and old.author_id <> (select auth.uid()) then
    perform private.raise_error('not_author', 'Only the author can change a comment.', 403);
  end if;
  if old.deleted_at is not null and new.body is distinct from old.body then
    perform private.raise_error('comment_deleted', 'This comment was deleted.', 409);
  end if;
  if new.deleted_at is not null and old.deleted_at is null then
    new.body := '';
  elsif new.body is distinct from old.body then
    if char_length(new.body) not between 1 and 2000 then
      perform private.raise_error('invalid_comment', 'A comment must be 1 to 2,000 characters long.');
    end if;
    new.edited_at := now();
  end if;
  return new;
end
$$;

create or replace function public.suspend_user(user_id uuid, suspended boolean, reason text default null) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  target public.profiles;
  why text := nullif(trim(coalesce(suspend_user.reason, '')), '');
begin
  perform private.assert_active();
  perform private.require_admin();
  if suspend_user.user_id = (select auth.uid()) then
    perform private.raise_error('cannot_suspend_self', 'You cannot suspend yourself.', 409);
  end if;
  select * into target from public.profiles p where p.id = suspend_user.user_id for update;
  if not found then
    perform private.raise_error('user_not_found', 'This member does not exist.', 404);
  end if;
  if char_length(why) > 1000 then
    perform private.raise_error('invalid_reason', 'The reason can be at most 1,000 characters long.');
  end if;
  if suspended is null then
    perform private.raise_error('invalid_request', 'Say whether to suspend or restore the member.');
  end if;
  if suspended = private.is_suspended(target.id) then
    return; -- already so: nothing to change or log
  end if;
  if suspended then
    update public.profile_private p set suspended_at = now() where p.id = target.id;
    -- GoTrue's own ban: a far-future date (Go cannot read 'infinity'), as ban_duration '876000h' sets.
    update auth.users u set banned_until = now() + interval '100 years', updated_at = now() where u.id = target.id;
    -- Signed out everywhere: sessions go, and their refresh tokens with them (on delete cascade).
    update auth.refresh_tokens t set revoked = true, updated_at = now() where t.user_id = target.id::text and t.revoked is not true;
    delete from auth.sessions s where s.user_id = target.id;
    delete from auth.flow_state f where f.user_id = target.id;
  else
    update public.profile_private p set suspended_at = null where p.id = target.id;
    update auth.users u set banned_until = null, updated_at = now() where u.id = target.id;
  end if;
  perform private.log_moderation(case when suspended then 'user_suspended' else 'user_restored' end, 'user', target.id,
    jsonb_build_object('username', target.username, 'reason', why));
end
$$;

create or replace function public.add_event_host(event_id uuid, username text, role text) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  e public.events := private.lock_event(add_event_host.event_id);
  who public.profiles;
  existing_role public.host_role;
  wanted public.host_role;
begin
  perform private.assert_active();
  perform private.require_event_owner(e.id);
  if add_event_host.role is null or add_event_host.role not in ('cohost', 'checker') then
    perform private.raise_error('invalid_role', 'Choose co-host or checker.');
  end if;
  wanted := add_event_host.role::public.host_role;
  select * into who from public.profiles p where p.username = lower(trim(coalesce(add_event_host.username, '')));
  if not found then
    perform private.raise_error('user_not_found', 'No member has that username.', 404);
  end if;
  if private.is_suspended(who.id) then
    perform private.raise_error('user_suspended', 'This member is suspended.', 409);
  end if;
  select h.role into existing_role from public.event_hosts h where h.event_id = e.id and h.user_id = who.id;
  if existing_role = 'host' or existing_role = wanted then
    perform private.raise_error('already_host',
      format('%s is already %s of this event.', who.display_name,
             case existing_role when 'host' then 'the host' when 'cohost' then 'a co-host' else 'a checker' end), 409);
  end if;
  if existing_role is null then
    insert into public.event_hosts (event_id, user_id, role) values (e.id, who.id, wanted);
  else
    update public.event_hosts h set role = wanted where h.event_id = e.id and h.user_id = who.id;
  end if;
  perform private.notify(who.id, 'cohost_added', jsonb_build_object(
    'event_id', e.id, 'slug', e.slug, 'title', e.title, 'role', wanted,
    'from_name', (select display_name from public.profiles where id = (select auth.uid()))));
  perform private.log_moderation(case when existing_role is null then 'host_added' else 'host_role_changed' end,
    'event', e.id, jsonb_build_object('user_id', who.id, 'username', who.username, 'role', wanted));
end
$$;

create or replace function private.message_recipients(eid uuid, statuses public.rsvp_status[], sender uuid) returns setof uuid
language sql stable security definer set search_path = '' as $$
  select r.user_id from public.rsvps r
  where r.event_id = eid and r.status = any (statuses) and r.user_id is distinct from sender and not private.is_suspended(r.user_id)
$$;

create or replace function public.create_due_reminders() returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  made jsonb;
begin
  with windows (kind, nearest, farthest) as (values
    ('reminder_24h', interval '23 hours', interval '24 hours'),
    ('reminder_1h', interval '10 minutes', interval '1 hour')
  ), due as (
    select w.kind, e.id as event_id, r.user_id, e.starts_at, e.slug, e.title, e.timezone
    from windows w
    join public.events e on e.status = 'published'
      and e.starts_at > now() + w.nearest and e.starts_at <= now() + w.farthest
    join public.rsvps r on r.event_id = e.id and r.status = 'going'
    join public.profile_private p on p.id = r.user_id and p.suspended_at is null
  ), fresh as (
    insert into private.reminders_sent (event_id, user_id, kind, starts_at)
    select event_id, user_id, kind, starts_at from due
    on conflict do nothing
    returning event_id, user_id, kind, starts_at
  ), made_notifications as (
    insert into public.notifications (user_id, kind, payload)
    select d.user_id, d.kind, jsonb_build_object('event_id', d.event_id, 'slug', d.slug, 'title', d.title,
                                                 'starts_at', d.starts_at, 'timezone', d.timezone)
    from fresh f join due d using (event_id, user_id, kind, starts_at)
    returning kind
  )
  select jsonb_build_object(
    'reminder_24h', count(*) filter (where kind = 'reminder_24h'),
    'reminder_1h', count(*) filter (where kind = 'reminder_1h'))
  into made from made_notifications;
  return made;
end
$$;

create or replace function public.report_queue() returns table (
  report_id uuid,
  report_ids uuid[],
  target_type public.report_target,
  target_id uuid,
  report_count int,
  reasons text[],
  reporters text[],
  first_reported_at timestamptz,
  last_reported_at timestamptz,
  event_id uuid,
  event_slug text,
  event_title text,
  comment_body text,
  author_id uuid,
  author_username text,
  author_display_name text,
  author_suspended boolean,
  hidden boolean,
  hidden_at timestamptz,
  target_missing boolean,
  group_id uuid,
  group_slug text,
  group_name text
)
language plpgsql stable security definer set search_path = '' as $$
#variable_conflict use_column
begin
  perform private.require_admin();
  return query
  with open_reports as (
    select r.target_type, r.target_id,
           array_agg(r.id order by r.created_at) as ids,
           count(*)::int as n,
           array_agg(r.reason order by r.created_at) as reasons,
           array_agg(p.username order by r.created_at) as reporters,
           min(r.created_at) as first_at,
           max(r.created_at) as last_at
    from public.reports r left join public.profiles p on p.id = r.reporter_id
    where r.status = 'open'
    group by r.target_type, r.target_id
  )
  select o.ids[1], o.ids, o.target_type, o.target_id, o.n, o.reasons, o.reporters, o.first_at, o.last_at,
         e.id, e.slug, e.title,
         case when c.deleted_at is null then left(c.body, 280) end,
         a.id, a.username, a.display_name, private.is_suspended(a.id),
         coalesce(case o.target_type when 'comment' then c.hidden_at when 'group' then g.hidden_at else e.hidden_at end is not null, false),
         case o.target_type when 'comment' then c.hidden_at when 'group' then g.hidden_at else e.hidden_at end,
         (case o.target_type when 'comment' then c.id is null or c.deleted_at is not null
                             when 'group' then g.id is null else e.id is null end),
         g.id, g.slug, g.name
  from open_reports o
  left join public.comments c on o.target_type = 'comment' and c.id = o.target_id
  left join public.events e on o.target_type <> 'group' and e.id = case o.target_type when 'comment' then c.event_id else o.target_id end
  left join public.groups g on o.target_type = 'group' and g.id = o.target_id
  left join public.profiles a on a.id = case o.target_type when 'comment' then c.author_id when 'group' then g.created_by else e.host_id end
  order by o.first_at, o.target_id;
end
$$;

-- Groups' rules (20261124130404_groups.sql, 20261124133547_group_alerts_and_announcements.sql),
-- asking is_suspended(). (report_queue above is 20261124140938_group_moderation.sql's.)
create or replace function private.group_withheld(gid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.groups g
    where g.id = gid and (
      g.hidden_at is not null
      or exists (select 1 from public.group_members m
                 where m.group_id = g.id and m.role = 'organizer' and m.status = 'active' and private.is_suspended(m.user_id))))
$$;

create or replace function private.alert_group_members() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  g public.groups;
begin
  if new.group_id is null or new.status <> 'published' or new.visibility not in ('public', 'members')
     or new.hidden_at is not null or new.starts_at <= now() or private.group_withheld(new.group_id) then
    return null;
  end if;
  select * into g from public.groups where id = new.group_id;
  with fresh as (
    insert into private.group_alerts_sent (event_id, user_id)
    select new.id, m.user_id
    from public.group_members m
    where m.group_id = g.id and m.status = 'active' and m.alerts = 'all' and not private.is_suspended(m.user_id)
      and m.user_id <> new.host_id and m.user_id is distinct from (select auth.uid())
    on conflict do nothing
    returning user_id
  )
  insert into public.notifications (user_id, kind, payload)
  select f.user_id, 'group_event_published', private.group_payload(g) || jsonb_build_object(
    'event_id', new.id, 'slug', new.slug, 'title', new.title, 'starts_at', new.starts_at, 'timezone', new.timezone)
  from fresh f;
  return null;
end
$$;

create or replace function public.post_group_announcement(group_id uuid, subject text, body text) returns integer
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  -- The group row lock makes the rate limit exact under concurrent sends.
  g public.groups := private.lock_group(post_group_announcement.group_id);
  me uuid := (select auth.uid());
  clean_subject text := trim(coalesce(post_group_announcement.subject, ''));
  clean_body text := trim(coalesce(post_group_announcement.body, ''));
  announcement_id uuid;
  sent int;
begin
  perform private.assert_active();
  perform private.require_group_manager(g.id);
  if char_length(clean_subject) not between 1 and 120 then
    perform private.raise_error('invalid_subject', 'The subject must be 1 to 120 characters long.');
  end if;
  if char_length(clean_body) not between 1 and 5000 then
    perform private.raise_error('invalid_message', 'The message must be 1 to 5,000 characters long.');
  end if;
  -- As host messages (decision 0053): 3 an hour per group, 10 a day per sender.
  if (select count(*) from public.group_announcements a where a.group_id = g.id and a.created_at > now() - interval '1 hour') >= 3
     or (select count(*) from public.group_announcements a where a.author_id = me and a.created_at > now() - interval '1 day') >= 10 then
    perform private.raise_error('rate_limited', 'You''re doing that too often. Try again in a minute.', 429);
  end if;
  insert into public.group_announcements (group_id, author_id, subject, body)
  values (g.id, me, clean_subject, clean_body)
  returning id into announcement_id;
  insert into public.notifications (user_id, kind, payload)
  select m.user_id, 'group_announcement', private.group_payload(g) || jsonb_build_object(
    'announcement_id', announcement_id, 'subject', clean_subject, 'body', clean_body, 'from_name', private.caller_name())
  from public.group_members m
  where m.group_id = g.id and m.status = 'active' and m.user_id is distinct from me and not private.is_suspended(m.user_id);
  get diagnostics sent = row_count;
  if sent = 0 then
    perform private.raise_error('no_recipients', 'The group has no other members yet.', 409);
  end if;
  update public.group_announcements a set recipient_count = sent where a.id = announcement_id;
  perform private.log_moderation('announcement_sent', 'group', g.id, jsonb_build_object(
    'announcement_id', announcement_id, 'subject', clean_subject, 'recipient_count', sent));
  return sent;
end
$$;

-- Suspension moved: the profile's guard on it goes with the column.
drop trigger profiles_guard on public.profiles;
drop function private.guard_profile_update();
alter table public.profiles drop column home_lat, drop column home_lng, drop column suspended_at;
