-- Live comments (one level of replies) and reports to site admins.

create table public.comments (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  author_id uuid not null references public.profiles (id) on delete cascade,
  parent_id uuid references public.comments (id) on delete cascade,
  body text not null,
  created_at timestamptz not null default now(),
  edited_at timestamptz,
  deleted_at timestamptz,
  hidden_at timestamptz,
  constraint comments_body_length check (deleted_at is not null or char_length(body) between 1 and 2000)
);
create index comments_event_idx on public.comments (event_id, created_at);
create index comments_author_idx on public.comments (author_id, created_at desc);

create function private.comment_rules() returns trigger
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
    if exists (select 1 from public.profiles where id = new.author_id and suspended_at is not null) then
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

create trigger comments_rules before insert or update on public.comments
  for each row execute function private.comment_rules();

alter table public.comments enable row level security;
create policy "comments follow their event" on public.comments for select to anon, authenticated
  using ((select private.can_view_event(event_id))
         and (hidden_at is null or author_id = (select auth.uid()) or (select private.can_manage_event(event_id))));
create policy "members comment on events they can see" on public.comments for insert to authenticated
  with check (author_id = (select auth.uid()) and (select private.can_view_event(event_id)));
create policy "authors and hosts change comments" on public.comments for update to authenticated
  using (author_id = (select auth.uid()) or (select private.can_manage_event(event_id)))
  with check (author_id = (select auth.uid()) or (select private.can_manage_event(event_id)));

grant select on public.comments to anon, authenticated;
grant insert (event_id, author_id, parent_id, body) on public.comments to authenticated;
grant update (body, deleted_at, hidden_at) on public.comments to authenticated;
grant all on public.comments to service_role;

create table public.reports (
  id uuid primary key default gen_random_uuid(),
  reporter_id uuid not null references public.profiles (id) on delete cascade,
  target_type public.report_target not null,
  target_id uuid not null,
  reason text not null constraint reports_reason_length check (char_length(reason) between 1 and 1000),
  status public.report_status not null default 'open',
  created_at timestamptz not null default now(),
  resolved_by uuid references public.profiles (id) on delete set null,
  resolved_at timestamptz
);
create index reports_open_idx on public.reports (created_at) where status = 'open';

alter table public.reports enable row level security;
create policy "members report" on public.reports for insert to authenticated
  with check (reporter_id = (select auth.uid()) and status = 'open');
create policy "members see their reports; admins all" on public.reports for select to authenticated
  using (reporter_id = (select auth.uid()) or (select private.is_admin()));
create policy "admins resolve reports" on public.reports for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));

grant select on public.reports to authenticated;
grant insert (reporter_id, target_type, target_id, reason) on public.reports to authenticated;
grant update (status, resolved_by, resolved_at) on public.reports to authenticated;
grant all on public.reports to service_role;
