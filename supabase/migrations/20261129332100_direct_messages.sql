-- Private messages between two members (issue 33, decisions 0347-0349): one conversation per
-- pair, messages read by their two people only (site admins read a message only once one of
-- the two reported it), read state ("seen", unread counts), blocks both ways, and who may write
-- first: someone who shares an active group or an event both are going to, or anyone when the
-- recipient allows it (profile_private.messages_from_anyone). A host's message to attendees
-- may be answered: the answer is a private message to its sender.

alter table public.profile_private add column messages_from_anyone boolean not null default false;
grant update (messages_from_anyone) on public.profile_private to authenticated;

alter type public.report_target add value if not exists 'message';

create table public.conversations (
  id uuid primary key default gen_random_uuid(),
  -- The pair in a fixed order, so that a pair has one conversation.
  user_a uuid not null references public.profiles (id) on delete cascade,
  user_b uuid not null references public.profiles (id) on delete cascade,
  last_message_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  constraint conversations_pair_order check (user_a < user_b),
  constraint conversations_pair unique (user_a, user_b)
);
create index conversations_user_b_idx on public.conversations (user_b, last_message_at desc);
create index conversations_user_a_idx on public.conversations (user_a, last_message_at desc);

create table public.direct_messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  sender_id uuid not null references public.profiles (id) on delete cascade,
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  body text not null constraint direct_messages_body_length check (char_length(body) between 1 and 4000),
  -- The host's message this answers, if any.
  event_message_id uuid references public.event_messages (id) on delete set null,
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index direct_messages_conversation_idx on public.direct_messages (conversation_id, created_at);
create index direct_messages_unread_idx on public.direct_messages (recipient_id) where read_at is null;
create index direct_messages_sender_idx on public.direct_messages (sender_id);
create index direct_messages_event_message_idx on public.direct_messages (event_message_id);

-- Whether either of the two blocked the other. security definer: each sees only their own blocks.
create function private.blocked_between(a uuid, b uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.member_blocks
                 where (blocker_id = a and blocked_id = b) or (blocker_id = b and blocked_id = a))
$$;
grant execute on function private.blocked_between(uuid, uuid) to authenticated, service_role;

-- Whether `sender` may start writing to `recipient` (decision 0347).
create function private.may_message(sender uuid, recipient uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select not private.blocked_between(sender, recipient) and (
    coalesce((select messages_from_anyone from public.profile_private where id = recipient), false)
    or exists (select 1 from public.group_members a join public.group_members b on b.group_id = a.group_id
               where a.user_id = sender and b.user_id = recipient and a.status = 'active' and b.status = 'active')
    or exists (select 1 from public.rsvps a join public.rsvps b on b.event_id = a.event_id
               where a.user_id = sender and b.user_id = recipient and a.status = 'going' and b.status = 'going'))
$$;
grant execute on function private.may_message(uuid, uuid) to authenticated, service_role;

-- Whether the caller is one of a conversation's two people, and the other has not been blocked
-- by (or blocked) them: a block hides the conversation both ways.
create function private.in_conversation(cid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.conversations c
                 where c.id = cid and (select auth.uid()) in (c.user_a, c.user_b)
                   and not private.blocked_between(c.user_a, c.user_b))
$$;
grant execute on function private.in_conversation(uuid) to authenticated, service_role;

-- A site admin reads a message once it is reported, and no other.
create function private.message_reported(mid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.reports r where r.target_type::text = 'message' and r.target_id = mid)
$$;
grant execute on function private.message_reported(uuid) to authenticated, service_role;

alter table public.conversations enable row level security;
alter table public.direct_messages enable row level security;
create policy "the two people see their conversation" on public.conversations for select to authenticated
  using ((select private.in_conversation(id)));
create policy "the two people read their messages; admins reported ones" on public.direct_messages for select to authenticated
  using ((select private.in_conversation(conversation_id))
         or ((select private.is_admin()) and (select private.message_reported(id))));
-- Read state: the recipient marks read (mark_conversation_read), nothing else.
create policy "recipients mark messages read" on public.direct_messages for update to authenticated
  using (recipient_id = (select auth.uid()) and (select private.in_conversation(conversation_id)))
  with check (recipient_id = (select auth.uid()));
grant select on public.conversations, public.direct_messages to authenticated;
grant update (read_at) on public.direct_messages to authenticated;
grant all on public.conversations, public.direct_messages to service_role;
select private.hold_to_full_session('public.conversations');
select private.hold_to_full_session('public.direct_messages');

alter publication supabase_realtime add table public.conversations, public.direct_messages;

-- Sends a message; makes the conversation on the first one. Returns the conversation's id.
-- `event_message_id`: the host's message this answers (the caller received it), which lets the
-- answer through to its sender even without a shared group.
create function public.send_direct_message(recipient_id uuid, body text, event_message_id uuid default null)
returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
  clean text := trim(coalesce(send_direct_message.body, ''));
  answers_host boolean := false;
  cid uuid;
  them uuid := send_direct_message.recipient_id;
  reply_to uuid := send_direct_message.event_message_id;
begin
  perform private.assert_full_session(writes => true);
  if me is null then
    perform private.raise_error('not_signed_in', 'Sign in to send messages.', 401);
  end if;
  perform private.assert_active();
  if char_length(clean) not between 1 and 4000 then
    perform private.raise_error('invalid_body', 'Write 1 to 4,000 characters.');
  end if;
  if them = me then
    perform private.raise_error('cannot_message_self', 'You cannot message yourself.');
  end if;
  if not exists (select 1 from public.profiles p where p.id = them) or private.is_suspended(them) then
    perform private.raise_error('recipient_not_found', 'This member does not exist.', 404);
  end if;
  if reply_to is not null then
    answers_host := exists (
      select 1 from public.event_messages m join public.notifications n
        on n.user_id = me and n.kind = 'host_message' and n.payload ->> 'message_id' = m.id::text
      where m.id = reply_to and m.sender_id = them);
    if not answers_host then
      perform private.raise_error('host_message_not_found', 'This host message does not exist or was not sent to you.', 404);
    end if;
  end if;
  if private.blocked_between(me, them) then
    perform private.raise_error('messaging_blocked', 'You cannot message this member.', 403);
  end if;
  select c.id into cid from public.conversations c
  where c.user_a = least(me, them) and c.user_b = greatest(me, them);
  -- A conversation the recipient already took part in stays open; a first message asks the rule.
  if not answers_host and not private.may_message(me, them)
     and not exists (select 1 from public.direct_messages d where d.conversation_id = cid and d.sender_id = them) then
    perform private.raise_error('messaging_not_allowed',
      'You can message members who share a group or an event with you, or who accept messages from anyone.', 403);
  end if;
  if (select count(*) from public.direct_messages d where d.sender_id = me and d.created_at > now() - interval '1 minute') >= 30 then
    perform private.raise_error('rate_limited', 'You''re doing that too often. Try again in a minute.', 429);
  end if;
  insert into public.conversations (user_a, user_b) values (least(me, them), greatest(me, them))
  on conflict on constraint conversations_pair do update set last_message_at = now()
  returning id into cid;
  insert into public.direct_messages (conversation_id, sender_id, recipient_id, body, event_message_id)
  values (cid, me, them, clean, reply_to);
  return cid;
end
$$;
revoke all on function public.send_direct_message(uuid, text, uuid) from public, anon;
grant execute on function public.send_direct_message(uuid, text, uuid) to authenticated, service_role;

-- Marks what the caller received in a conversation as read ("seen" for the sender). Under the
-- caller's rights: the policy above lets them touch their own received messages only.
create function public.mark_conversation_read(conversation_id uuid) returns integer
language sql volatile set search_path = '' as $$
  with done as (
    update public.direct_messages d set read_at = now()
    where d.conversation_id = mark_conversation_read.conversation_id and d.recipient_id = (select auth.uid()) and d.read_at is null
    returning 1)
  select count(*)::int from done
$$;
revoke all on function public.mark_conversation_read(uuid) from public, anon;
grant execute on function public.mark_conversation_read(uuid) to authenticated, service_role;

-- The caller's conversations, newest first, with the other person, the last message and the
-- unread count: what the inbox lists.
create function public.my_conversations() returns table (
  id uuid, other_id uuid, other_username text, other_display_name text, other_avatar_path text,
  last_body text, last_sender_id uuid, last_message_at timestamptz, unread integer)
language sql stable set search_path = '' as $$
  select c.id, p.id, p.username, p.display_name, p.avatar_path, m.body, m.sender_id, c.last_message_at,
         (select count(*)::int from public.direct_messages u where u.conversation_id = c.id and u.recipient_id = (select auth.uid()) and u.read_at is null)
  from public.conversations c
  join public.profiles p on p.id = case when c.user_a = (select auth.uid()) then c.user_b else c.user_a end
  left join lateral (select d.body, d.sender_id from public.direct_messages d where d.conversation_id = c.id
                     order by d.created_at desc limit 1) m on true
  order by c.last_message_at desc
  limit 200
$$;
revoke all on function public.my_conversations() from public, anon;
grant execute on function public.my_conversations() to authenticated, service_role;

-- Whether the caller may write to a member (the profile's Message button asks it).
create function public.can_message(recipient_id uuid) returns boolean
language sql stable set search_path = '' as $$
  select (select auth.uid()) is not null and (select auth.uid()) <> recipient_id
     and (private.may_message((select auth.uid()), recipient_id)
          or exists (select 1 from public.direct_messages d where d.sender_id = can_message.recipient_id and d.recipient_id = (select auth.uid())
                     and not private.blocked_between(d.sender_id, d.recipient_id)))
$$;
revoke all on function public.can_message(uuid) from public, anon;
grant execute on function public.can_message(uuid) to authenticated, service_role;

-- Reports of a message (decision 0349): one of its two people files it, through this procedure
-- rather than an insert, so that report_rules (which later migrations extend for their own
-- targets) stays as it is; filed as the owner, whose reports report_rules lets through, after
-- the same checks it makes for members. Once reported, the admins read that message only.
create function public.report_direct_message(message_id uuid, reason text) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
  rid uuid;
begin
  perform private.assert_full_session(writes => true);
  perform private.assert_active();
  if me is null or not exists (select 1 from public.direct_messages d where d.id = report_direct_message.message_id
                               and me in (d.sender_id, d.recipient_id)) then
    perform private.raise_error('report_target_not_found', 'This content does not exist or is not visible to you.', 404);
  end if;
  if (select count(*) from public.reports where reporter_id = me and created_at > now() - interval '1 hour') >= 20 then
    perform private.raise_error('rate_limited', 'You''re doing that too often. Try again in a minute.', 429);
  end if;
  insert into public.reports (reporter_id, target_type, target_id, reason)
  values (me, 'message'::text::public.report_target, report_direct_message.message_id, report_direct_message.reason)
  returning id into rid;
  return rid;
end
$$;
revoke all on function public.report_direct_message(uuid, text) from public, anon;
grant execute on function public.report_direct_message(uuid, text) to authenticated, service_role;
