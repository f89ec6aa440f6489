-- Group discussions (issue 33, decisions 0345-0346): threads with replies and reactions, for a
-- group's active members only (banned, pending, outsiders and visitors see none of it, whether
-- the group is public or private). Organizers and co-organizers (and site admins) pin, lock and
-- remove; authors edit and delete their own. Live through postgres_changes, which asks these
-- same policies per subscriber. An @username in a body notifies that member (kind 'mention').

create table public.discussion_threads (
  id uuid primary key default gen_random_uuid(),
  group_id uuid not null references public.groups (id) on delete cascade,
  author_id uuid references public.profiles (id) on delete set null,
  title text not null constraint discussion_threads_title_length check (char_length(title) between 1 and 200),
  body text not null constraint discussion_threads_body_length check (char_length(body) between 1 and 20000),
  pinned_at timestamptz,
  locked_at timestamptz,
  reply_count int not null default 0,
  last_activity_at timestamptz not null default now(),
  edited_at timestamptz,
  created_at timestamptz not null default now()
);
create index discussion_threads_group_idx on public.discussion_threads (group_id, pinned_at desc nulls last, last_activity_at desc);
create index discussion_threads_author_idx on public.discussion_threads (author_id);

create table public.discussion_replies (
  id uuid primary key default gen_random_uuid(),
  thread_id uuid not null references public.discussion_threads (id) on delete cascade,
  -- The thread's group, copied by the trigger: the policies and a live filter ask for it.
  group_id uuid not null references public.groups (id) on delete cascade,
  author_id uuid references public.profiles (id) on delete set null,
  body text not null constraint discussion_replies_body_length check (char_length(body) between 1 and 10000),
  edited_at timestamptz,
  created_at timestamptz not null default now()
);
create index discussion_replies_thread_idx on public.discussion_replies (thread_id, created_at);
create index discussion_replies_group_idx on public.discussion_replies (group_id);
create index discussion_replies_author_idx on public.discussion_replies (author_id);

-- One row per member, item and emoji, from a small fixed set (decision 0346).
create table public.discussion_reactions (
  id uuid primary key default gen_random_uuid(),
  thread_id uuid not null references public.discussion_threads (id) on delete cascade,
  reply_id uuid references public.discussion_replies (id) on delete cascade,
  group_id uuid not null references public.groups (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade default auth.uid(),
  emoji text not null constraint discussion_reactions_emoji check (emoji in ('👍', '❤️', '😂', '🎉', '😮', '🙏')),
  created_at timestamptz not null default now(),
  constraint discussion_reactions_once unique nulls not distinct (thread_id, reply_id, user_id, emoji)
);
create index discussion_reactions_group_idx on public.discussion_reactions (group_id);
create index discussion_reactions_user_idx on public.discussion_reactions (user_id);
create index discussion_reactions_reply_idx on public.discussion_reactions (reply_id);

-- Who takes part: the group's active members and those who run it (organizers, co-organizers,
-- site admins). A ban ends membership, so a banned member is out.
create function private.can_discuss(gid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select private.is_group_member(gid) or private.can_manage_group(gid)
$$;
grant execute on function private.can_discuss(uuid) to anon, authenticated, service_role;

-- The rules of a thread, in the member's words. Server-owned columns are the database's.
create function private.discussion_thread_rules() returns trigger
language plpgsql as $$
begin
  new.title := trim(coalesce(new.title, ''));
  new.body := trim(coalesce(new.body, ''));
  if char_length(new.title) not between 1 and 200 then
    perform private.raise_error('invalid_title', 'Give the discussion a title of 1 to 200 characters.');
  end if;
  if char_length(new.body) not between 1 and 20000 then
    perform private.raise_error('invalid_body', 'Write 1 to 20,000 characters.');
  end if;
  if current_user <> 'authenticated' then return new; end if;
  if tg_op = 'INSERT' then
    new.author_id := auth.uid();
    new.reply_count := 0;
    new.last_activity_at := now();
    new.edited_at := null;
    new.created_at := now();
    if new.pinned_at is not null or new.locked_at is not null then
      if not private.can_manage_group(new.group_id) then
        perform private.raise_error('not_organizer', 'Only the group''s organizers pin and lock discussions.', 403);
      end if;
    end if;
    return new;
  end if;
  if new.group_id is distinct from old.group_id or new.author_id is distinct from old.author_id
     or new.reply_count is distinct from old.reply_count or new.created_at is distinct from old.created_at
     or new.last_activity_at is distinct from old.last_activity_at then
    perform private.raise_error('read_only_field', 'This field is set by Gather.', 400);
  end if;
  if (new.title, new.body) is distinct from (old.title, old.body) then
    if old.author_id is distinct from auth.uid() then
      perform private.raise_error('not_author', 'Only the author edits a discussion.', 403);
    end if;
    new.edited_at := now();
  end if;
  if (new.pinned_at is null, new.locked_at is null) is distinct from (old.pinned_at is null, old.locked_at is null)
     and not private.can_manage_group(old.group_id) then
    perform private.raise_error('not_organizer', 'Only the group''s organizers pin and lock discussions.', 403);
  end if;
  return new;
end
$$;
create trigger discussion_threads_rules before insert or update on public.discussion_threads
  for each row execute function private.discussion_thread_rules();
create trigger discussion_threads_refuse_suspended before insert or update on public.discussion_threads
  for each row execute function private.refuse_suspended_writer();

-- A reply joins an open thread; its group is the thread's. security definer: reads the thread
-- (and its lock) whatever the caller may see, to say "locked" rather than "not found".
create function private.discussion_reply_rules() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  t public.discussion_threads;
begin
  new.body := trim(coalesce(new.body, ''));
  if char_length(new.body) not between 1 and 10000 then
    perform private.raise_error('invalid_body', 'Write 1 to 10,000 characters.');
  end if;
  if tg_op = 'INSERT' then
    select * into t from public.discussion_threads where id = new.thread_id;
    -- The seed and the service role (no signed-in member) may write in any thread.
    if t.id is null or (auth.uid() is not null and not private.can_discuss(t.group_id)) then
      perform private.raise_error('thread_not_found', 'This discussion does not exist or is not visible to you.', 404);
    end if;
    new.group_id := t.group_id;
    if current_user = 'authenticated' or auth.uid() is not null then
      new.author_id := auth.uid();
      new.created_at := now();
      new.edited_at := null;
      if t.locked_at is not null then
        perform private.raise_error('thread_locked', 'This discussion is locked: no new replies.', 409);
      end if;
    end if;
    return new;
  end if;
  if new.thread_id is distinct from old.thread_id or new.group_id is distinct from old.group_id
     or new.author_id is distinct from old.author_id or new.created_at is distinct from old.created_at then
    perform private.raise_error('read_only_field', 'This field is set by Gather.', 400);
  end if;
  if new.body is distinct from old.body then new.edited_at := now(); end if;
  return new;
end
$$;
create trigger discussion_replies_rules before insert or update on public.discussion_replies
  for each row execute function private.discussion_reply_rules();
create trigger discussion_replies_refuse_suspended before insert or update on public.discussion_replies
  for each row execute function private.refuse_suspended_writer();

-- The thread's reply count and last activity, kept by the database.
create function private.discussion_reply_counts() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    update public.discussion_threads set reply_count = reply_count + 1, last_activity_at = new.created_at where id = new.thread_id;
  else
    update public.discussion_threads set reply_count = greatest(reply_count - 1, 0) where id = old.thread_id;
  end if;
  return null;
end
$$;
create trigger discussion_replies_counts after insert or delete on public.discussion_replies
  for each row execute function private.discussion_reply_counts();

create function private.discussion_reaction_rules() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  select t.group_id into new.group_id from public.discussion_threads t where t.id = new.thread_id;
  if new.group_id is null or (auth.uid() is not null and not private.can_discuss(new.group_id)) then
    perform private.raise_error('thread_not_found', 'This discussion does not exist or is not visible to you.', 404);
  end if;
  if new.reply_id is not null and not exists (select 1 from public.discussion_replies r where r.id = new.reply_id and r.thread_id = new.thread_id) then
    perform private.raise_error('reply_not_found', 'This reply does not exist in that discussion.', 404);
  end if;
  if auth.uid() is not null then new.user_id := auth.uid(); end if;
  return new;
end
$$;
create trigger discussion_reactions_rules before insert on public.discussion_reactions
  for each row execute function private.discussion_reaction_rules();

-- @username mentions: each mentioned active member of the group (not the author, not someone
-- who blocked the author) hears once per post. At most 20 names per post.
create function private.notify_discussion_mentions() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  t public.discussion_threads;
  g public.groups;
  who uuid;
begin
  if tg_table_name = 'discussion_threads' then t := new;
  else select * into t from public.discussion_threads where id = new.thread_id; end if;
  select * into g from public.groups where id = t.group_id;
  for who in
    select p.id from public.profiles p
    join public.group_members m on m.group_id = g.id and m.user_id = p.id and m.status = 'active'
    where p.username in (select distinct lower(x[1]) from regexp_matches(new.body, '(?:^|[^a-zA-Z0-9_])@([a-zA-Z0-9_]{3,30})', 'g') as x limit 20)
      and p.id is distinct from new.author_id
      and not exists (select 1 from public.member_blocks b where b.blocker_id = p.id and b.blocked_id = new.author_id)
  loop
    perform private.notify(who, 'mention', jsonb_build_object(
      'group_id', g.id, 'group_slug', g.slug, 'group_name', g.name, 'thread_id', t.id, 'title', t.title,
      'reply_id', case when tg_table_name = 'discussion_replies' then new.id end,
      'from_name', (select coalesce(nullif(display_name, ''), username) from public.profiles where id = new.author_id)));
  end loop;
  return null;
end
$$;

-- Blocks live here (the discussions' mentions ask them; direct messages use them most):
-- one row per blocker and blocked member, seen by the blocker alone (decision 0348).
create table public.member_blocks (
  blocker_id uuid not null references public.profiles (id) on delete cascade default auth.uid(),
  blocked_id uuid not null references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (blocker_id, blocked_id),
  constraint member_blocks_not_self check (blocker_id <> blocked_id)
);
create index member_blocks_blocked_idx on public.member_blocks (blocked_id);
alter table public.member_blocks enable row level security;
create policy "members see their blocks" on public.member_blocks for select to authenticated
  using (blocker_id = (select auth.uid()));
create policy "members block" on public.member_blocks for insert to authenticated
  with check (blocker_id = (select auth.uid()));
create policy "members unblock" on public.member_blocks for delete to authenticated
  using (blocker_id = (select auth.uid()));
grant select, delete on public.member_blocks to authenticated;
grant insert (blocked_id) on public.member_blocks to authenticated;
grant all on public.member_blocks to service_role;
select private.hold_to_full_session('public.member_blocks');

create trigger discussion_threads_mentions after insert on public.discussion_threads
  for each row execute function private.notify_discussion_mentions();
create trigger discussion_replies_mentions after insert on public.discussion_replies
  for each row execute function private.notify_discussion_mentions();

alter table public.discussion_threads enable row level security;
alter table public.discussion_replies enable row level security;
alter table public.discussion_reactions enable row level security;

create policy "members read their group's discussions" on public.discussion_threads for select to authenticated
  using ((select private.can_discuss(group_id)));
create policy "members start discussions" on public.discussion_threads for insert to authenticated
  with check ((select private.can_discuss(group_id)) and author_id = (select auth.uid()));
create policy "authors and organizers change discussions" on public.discussion_threads for update to authenticated
  using ((select private.can_discuss(group_id)) and (author_id = (select auth.uid()) or (select private.can_manage_group(group_id))))
  with check ((select private.can_discuss(group_id)));
create policy "authors and organizers remove discussions" on public.discussion_threads for delete to authenticated
  using ((select private.can_discuss(group_id)) and (author_id = (select auth.uid()) or (select private.can_manage_group(group_id))));

create policy "members read replies" on public.discussion_replies for select to authenticated
  using ((select private.can_discuss(group_id)));
create policy "members reply" on public.discussion_replies for insert to authenticated
  with check ((select private.can_discuss(group_id)) and author_id = (select auth.uid()));
create policy "authors edit replies" on public.discussion_replies for update to authenticated
  using (author_id = (select auth.uid()) and (select private.can_discuss(group_id)))
  with check (author_id = (select auth.uid()));
create policy "authors and organizers remove replies" on public.discussion_replies for delete to authenticated
  using ((select private.can_discuss(group_id)) and (author_id = (select auth.uid()) or (select private.can_manage_group(group_id))));

create policy "members read reactions" on public.discussion_reactions for select to authenticated
  using ((select private.can_discuss(group_id)));
create policy "members react" on public.discussion_reactions for insert to authenticated
  with check ((select private.can_discuss(group_id)) and user_id = (select auth.uid()));
create policy "members take back their reactions" on public.discussion_reactions for delete to authenticated
  using (user_id = (select auth.uid()));

grant select, delete on public.discussion_threads, public.discussion_replies, public.discussion_reactions to authenticated;
-- Visitors may ask (a group page embeds nothing of it) and, having no policy, get nothing.
grant select on public.discussion_threads, public.discussion_replies, public.discussion_reactions to anon;
grant insert (group_id, title, body, pinned_at, locked_at) on public.discussion_threads to authenticated;
grant update (title, body, pinned_at, locked_at) on public.discussion_threads to authenticated;
-- group_id may be sent (the types ask for it); the trigger sets it from the thread whatever it says.
grant insert (thread_id, group_id, body) on public.discussion_replies to authenticated;
grant update (body) on public.discussion_replies to authenticated;
grant insert (thread_id, group_id, reply_id, emoji) on public.discussion_reactions to authenticated;
grant all on public.discussion_threads, public.discussion_replies, public.discussion_reactions to service_role;

select private.hold_to_full_session('public.discussion_threads');
select private.hold_to_full_session('public.discussion_replies');
select private.hold_to_full_session('public.discussion_reactions');

alter publication supabase_realtime add table public.discussion_threads, public.discussion_replies, public.discussion_reactions;
