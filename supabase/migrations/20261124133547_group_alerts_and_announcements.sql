-- New-event alerts and announcements (decisions 0103, 0104). Both are notifications, so they
-- reach members live (the bell) and by email through `notify`, once each (decision 0045).

-- One row per alert made: whatever fires twice (a draft published, an event moved into the
-- group, a visibility opened), each member hears of an event once.
create table private.group_alerts_sent (
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (event_id, user_id)
);
revoke all on private.group_alerts_sent from public, anon, authenticated, service_role;

-- When a group event becomes something its members may see (published, public or members-only,
-- upcoming, not hidden, the group not withheld), every active member whose alerts are on is
-- told — except whoever published it and the host.
create function private.alert_group_members() returns trigger
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
    from public.group_members m join public.profiles p on p.id = m.user_id
    where m.group_id = g.id and m.status = 'active' and m.alerts = 'all' and p.suspended_at is null
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
create trigger events_group_alerts after insert or update of status, group_id, visibility on public.events
  for each row execute function private.alert_group_members();
revoke all on function private.alert_group_members() from public, anon, authenticated;

-- Unsubscribe links work without signing in: `<group id>.<user id>.<signature>`, the signature
-- being the first 128 bits of an HMAC over both ids with a key only the database knows, as
-- tickets are signed (decision 0052). A link can do one thing: turn off that member's new-event
-- alerts for that group. A forged or altered one is refused before anything is looked up.
insert into private.secrets (name, value)
values ('group_alerts_signing_key', decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'))
on conflict (name) do nothing;

create function private.group_alerts_token(gid uuid, uid uuid) returns text
language sql stable security definer set search_path = '' as $$
  select gid::text || '.' || uid::text || '.' ||
         left(encode(private.hmac_sha256(s.value, convert_to('gather-group-alerts:' || gid::text || ':' || uid::text, 'UTF8')), 'hex'), 32)
  from private.secrets s where s.name = 'group_alerts_signing_key'
$$;

-- The membership a token names, or raises invalid_unsubscribe_link.
create function private.group_alerts_token_member(token text, out gid uuid, out uid uuid)
language plpgsql stable security definer set search_path = '' as $$
declare
  clean text := lower(regexp_replace(coalesce(token, ''), '\s+', '', 'g'));
begin
  gid := private.try_uuid(split_part(clean, '.', 1));
  uid := private.try_uuid(split_part(clean, '.', 2));
  if gid is null or uid is null or clean <> private.group_alerts_token(gid, uid) then
    perform private.raise_error('invalid_unsubscribe_link', 'This unsubscribe link is not valid.', 400);
  end if;
end
$$;
revoke all on function private.group_alerts_token(uuid, uuid), private.group_alerts_token_member(text) from public, anon, authenticated;

-- What the unsubscribe page shows before the member confirms (a mail scanner that opens the
-- link changes nothing): the group, and whether alerts are still on.
create function public.group_alerts_link(token text) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object('group_id', g.id, 'slug', g.slug, 'name', g.name,
                            'alerts', (select m.alerts from public.group_members m where m.group_id = g.id and m.user_id = t.uid and m.status = 'active'))
  from private.group_alerts_token_member(group_alerts_link.token) t
  join public.groups g on g.id = t.gid
$$;

-- Turns the alerts off. Idempotent; a membership that is gone has nothing to turn off.
create function public.unsubscribe_group_alerts(token text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  t record;
begin
  select * into t from private.group_alerts_token_member(unsubscribe_group_alerts.token);
  update public.group_members m set alerts = 'none'
  where m.group_id = t.gid and m.user_id = t.uid and m.alerts <> 'none';
  return public.group_alerts_link(unsubscribe_group_alerts.token);
end
$$;

grant execute on function public.group_alerts_link(text), public.unsubscribe_group_alerts(text) to anon, authenticated, service_role;

-- Announcements: organizers and co-organizers write to all the group's members.
create table public.group_announcements (
  id uuid primary key default gen_random_uuid(),
  group_id uuid not null references public.groups (id) on delete cascade,
  author_id uuid references public.profiles (id) on delete set null,
  subject text not null constraint group_announcements_subject_length check (char_length(subject) between 1 and 120),
  body text not null constraint group_announcements_body_length check (char_length(body) between 1 and 5000),
  recipient_count int not null default 0,
  created_at timestamptz not null default now()
);
create index group_announcements_group_idx on public.group_announcements (group_id, created_at desc);
create index group_announcements_author_idx on public.group_announcements (author_id, created_at desc);

-- Read where the group's content is read (a public group's by everyone, a private group's by
-- its members); written by post_group_announcement only, and never deleted, so the rate limit
-- counts what was sent.
alter table public.group_announcements enable row level security;
create policy "announcements follow the group's content" on public.group_announcements for select to anon, authenticated
  using ((select private.can_view_group_content(group_id)));
grant select on public.group_announcements to anon, authenticated;
grant all on public.group_announcements to service_role;
alter publication supabase_realtime add table public.group_announcements;

create function public.post_group_announcement(group_id uuid, subject text, body text) returns integer
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
  from public.group_members m join public.profiles p on p.id = m.user_id
  where m.group_id = g.id and m.status = 'active' and m.user_id is distinct from me and p.suspended_at is null;
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

revoke all on function public.post_group_announcement(uuid, text, text) from public, anon;
grant execute on function public.post_group_announcement(uuid, text, text) to authenticated, service_role;

-- For `notify` (service role only), as in migration 20261124130648 (with the recipient's
-- locale), plus what a group's emails need: the group, the recipient's membership as it is now
-- (alerts may have been turned off since), and for new-event alerts the unsubscribe token.
create or replace function public.notification_email(notification_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', n.id, 'kind', n.kind, 'payload', n.payload, 'created_at', n.created_at,
    'emailed_at', n.emailed_at, 'email_status', n.email_status,
    'email', u.email, 'display_name', p.display_name, 'locale', coalesce(p.locale, 'en'),
    'preferences', coalesce(to_jsonb(np) - 'user_id' - 'updated_at', '{}'::jsonb),
    'event', (select jsonb_build_object('id', e.id, 'slug', e.slug, 'title', e.title, 'status', e.status,
                                        'starts_at', e.starts_at, 'ends_at', e.ends_at, 'timezone', e.timezone,
                                        'venue_name', e.venue_name, 'address', e.address, 'is_online', e.is_online,
                                        'cancel_reason', e.cancel_reason)
              from public.events e where e.id = private.try_uuid(n.payload ->> 'event_id')),
    'actor', (select jsonb_build_object('display_name', a.display_name, 'username', a.username)
              from public.profiles a where a.id = private.try_uuid(n.payload ->> 'user_id')),
    'group', (select jsonb_build_object('id', g.id, 'slug', g.slug, 'name', g.name)
              from public.groups g where g.id = private.try_uuid(n.payload ->> 'group_id')),
    'membership', (select jsonb_build_object('status', m.status, 'role', m.role, 'alerts', m.alerts)
                   from public.group_members m
                   where m.group_id = private.try_uuid(n.payload ->> 'group_id') and m.user_id = n.user_id),
    'unsubscribe_token', case when n.kind = 'group_event_published'
                              then private.group_alerts_token(private.try_uuid(n.payload ->> 'group_id'), n.user_id) end)
  from public.notifications n
  join public.profiles p on p.id = n.user_id
  left join auth.users u on u.id = n.user_id
  left join public.notification_preferences np on np.user_id = n.user_id
  where n.id = notification_email.notification_id
$$;
