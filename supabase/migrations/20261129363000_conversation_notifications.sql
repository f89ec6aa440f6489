-- Replies and mentions reach members by push, email and the bell (issue 33, decision 0405).
--
-- * Three notification kinds of conversations: `mention` (an @username in a discussion, decision
--   0346), `discussion_reply` (a reply in a thread the member started or answered) and
--   `direct_message` (a private message; only the first of a run the recipient has not read yet:
--   one buzz per conversation until they look, not one per line).
-- * Each is a per-kind choice of `notification_kind_preferences` on the three channels, like host
--   news: one model for bell, email and push. Defaults: all three at once, except replies by
--   email (a busy thread would fill an inbox). No daily digest for these: a conversation is now.
-- * A BEFORE INSERT trigger plans the row from those choices as plan_host_news does (kept when
--   any channel wants it, emailed_at / pushed_at recorded 'opted_out' for a channel that is off).

alter table public.notification_kind_preferences drop constraint notification_kind_preferences_kind;
alter table public.notification_kind_preferences add constraint notification_kind_preferences_kind
  check (kind in ('new_rsvp', 'new_waitlist', 'rsvp_requested', 'group_join_requested', 'new_member', 'new_comment',
                  'mention', 'discussion_reply', 'direct_message'));
alter table public.notification_kind_preferences add constraint notification_kind_preferences_digest_for_host_news
  check (delivery <> 'daily' or kind not in ('mention', 'discussion_reply', 'direct_message'));

create function private.is_conversation_news(kind text) returns boolean
language sql immutable as $$
  select kind in ('mention', 'discussion_reply', 'direct_message')
$$;

create or replace function private.notification_default(kind text, channel text) returns text
language sql immutable as $$
  select case
    when channel = 'email' and kind in ('new_rsvp', 'new_waitlist', 'new_member') then 'daily'
    when channel = 'push' and kind in ('new_rsvp', 'new_waitlist', 'new_member') then 'off'
    when channel = 'email' and kind = 'discussion_reply' then 'off'
    else 'instant' end
$$;

create function private.plan_conversation_news() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  bell text;
  email text;
  push text;
begin
  if not private.is_conversation_news(new.kind) then
    return new;
  end if;
  bell := private.notification_delivery(new.user_id, new.kind, 'in_app');
  email := private.notification_delivery(new.user_id, new.kind, 'email');
  push := private.notification_delivery(new.user_id, new.kind, 'push');
  if bell = 'off' and email = 'off' and push = 'off' then
    return null;
  end if;
  new.in_app := bell <> 'off';
  if not new.in_app then
    new.read_at := now();
  end if;
  if email = 'off' then
    new.emailed_at := now();
    new.email_status := 'opted_out';
  end if;
  if push = 'off' then
    new.pushed_at := now();
    new.push_status := 'opted_out';
  end if;
  return new;
end
$$;
-- Named to run before notifications_push_devices (triggers fire by name): a kind turned off by
-- push is recorded as the member's choice, not as a missing device.
create trigger notifications_plan_conversation before insert on public.notifications
  for each row execute function private.plan_conversation_news();

-- As in migration 20261129330100; a conversation kind's push choice comes along as host news's does.
create or replace function public.claim_notification_push(notification_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  n public.notifications;
begin
  update public.notifications t set pushed_at = now(), push_status = 'sending'
  where t.id = claim_notification_push.notification_id
    and (t.pushed_at is null or (t.push_status = 'sending' and t.pushed_at < now() - interval '5 minutes'))
  returning * into n;
  if not found then
    return null;
  end if;
  return public.notification_email(n.id) || jsonb_build_object(
    'push_delivery', case when private.is_host_news(n.kind) or private.is_conversation_news(n.kind)
                          then private.notification_delivery(n.user_id, n.kind, 'push') end,
    'devices', (select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth)
                                          order by s.created_at), '[]'::jsonb)
                from public.push_subscriptions s where s.user_id = n.user_id));
end
$$;

-- The start of a post, for the push's body and the email's quote (the page has the rest).
create function private.excerpt(body text) returns text
language sql immutable as $$
  select case when char_length(body) > 280 then left(body, 279) || '…' else body end
$$;

-- Mentions as in migration 20261129332000, with the post's first words. Also answers who was
-- mentioned, so that the reply notification below does not tell them twice.
create function private.mentioned_members(body text, group_id uuid, author_id uuid) returns setof uuid
language sql stable security definer set search_path = '' as $$
  select p.id from public.profiles p
  join public.group_members m on m.group_id = mentioned_members.group_id and m.user_id = p.id and m.status = 'active'
  where p.username in (select distinct lower(x[1]) from regexp_matches(mentioned_members.body, '(?:^|[^a-zA-Z0-9_])@([a-zA-Z0-9_]{3,30})', 'g') as x limit 20)
    and p.id is distinct from mentioned_members.author_id
    and not exists (select 1 from public.member_blocks b where b.blocker_id = p.id and b.blocked_id = mentioned_members.author_id)
$$;

create or replace function private.notify_discussion_mentions() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  t public.discussion_threads;
  g public.groups;
  who uuid;
begin
  if tg_table_name = 'discussion_threads' then t := new;
  else select * into t from public.discussion_threads where id = new.thread_id; end if;
  select * into g from public.groups where id = t.group_id;
  for who in select private.mentioned_members(new.body, g.id, new.author_id) loop
    perform private.notify(who, 'mention', jsonb_build_object(
      'group_id', g.id, 'group_slug', g.slug, 'group_name', g.name, 'thread_id', t.id, 'title', t.title,
      'reply_id', case when tg_table_name = 'discussion_replies' then new.id end,
      'from_name', (select coalesce(nullif(display_name, ''), username) from public.profiles where id = new.author_id),
      'excerpt', private.excerpt(new.body)));
  end loop;
  return null;
end
$$;

-- A reply tells the thread's author and those who replied before (still active members of the
-- group), never its own author, someone it mentions (the mention says it), nor someone who
-- blocked its author. At most 50 earlier repliers, the most recent.
create function private.notify_discussion_reply() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  t public.discussion_threads;
  g public.groups;
  who uuid;
begin
  select * into t from public.discussion_threads where id = new.thread_id;
  select * into g from public.groups where id = t.group_id;
  for who in
    select u.id from (
      select t.author_id as id
      union
      (select r.author_id from public.discussion_replies r
       where r.thread_id = t.id and r.id <> new.id and r.author_id is not null
       group by r.author_id order by max(r.created_at) desc limit 50)
    ) u
    where u.id is not null and u.id is distinct from new.author_id
      and exists (select 1 from public.group_members m where m.group_id = g.id and m.user_id = u.id and m.status = 'active')
      and not exists (select 1 from public.member_blocks b where b.blocker_id = u.id and b.blocked_id = new.author_id)
      and u.id not in (select private.mentioned_members(new.body, g.id, new.author_id))
  loop
    perform private.notify(who, 'discussion_reply', jsonb_build_object(
      'group_id', g.id, 'group_slug', g.slug, 'group_name', g.name, 'thread_id', t.id, 'title', t.title, 'reply_id', new.id,
      'from_name', (select coalesce(nullif(display_name, ''), username) from public.profiles where id = new.author_id),
      'excerpt', private.excerpt(new.body)));
  end loop;
  return null;
end
$$;
create trigger discussion_replies_notify after insert on public.discussion_replies
  for each row execute function private.notify_discussion_reply();

-- A private message tells its recipient, unless an earlier message from the same sender in that
-- conversation is still unread (they have been told, and the page shows the rest).
create function private.notify_direct_message() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.direct_messages d
             where d.conversation_id = new.conversation_id and d.recipient_id = new.recipient_id
               and d.read_at is null and d.id <> new.id) then
    return null;
  end if;
  perform private.notify(new.recipient_id, 'direct_message', jsonb_build_object(
    'conversation_id', new.conversation_id, 'message_id', new.id, 'user_id', new.sender_id,
    'from_name', (select coalesce(nullif(display_name, ''), username) from public.profiles where id = new.sender_id),
    'excerpt', private.excerpt(new.body)));
  return null;
end
$$;
create trigger direct_messages_notify after insert on public.direct_messages
  for each row execute function private.notify_direct_message();

-- Reading the conversation reads its notification too: the bell does not keep saying so.
create function private.read_direct_message_notifications() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.notifications n set read_at = now()
  where n.user_id = new.recipient_id and n.kind = 'direct_message' and n.read_at is null
    and n.payload ->> 'conversation_id' = new.conversation_id::text;
  return null;
end
$$;
create trigger direct_messages_read_notifications after update of read_at on public.direct_messages
  for each row when (old.read_at is null and new.read_at is not null)
  execute function private.read_direct_message_notifications();

revoke all on function private.read_direct_message_notifications() from public, anon, authenticated;
revoke all on function private.is_conversation_news(text), private.plan_conversation_news(), private.excerpt(text),
  private.mentioned_members(text, uuid, uuid), private.notify_discussion_reply(), private.notify_direct_message()
  from public, anon, authenticated;
