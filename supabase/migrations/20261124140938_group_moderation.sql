-- Groups are moderated as events are (decision 0105): members report them, site admins hide and
-- restore them through hide_content, the queue shows them, and all of it is in the moderation
-- log. A suspended organizer's groups are withheld by private.group_withheld (migration
-- 20261124130404); hiding a group withholds its events and content with it.

-- As in migration 1360, plus groups: a member reports a group they can see.
create or replace function private.report_rules() returns trigger
language plpgsql as $$
begin
  new.reason := trim(new.reason);
  if char_length(coalesce(new.reason, '')) not between 1 and 1000 then
    perform private.raise_error('invalid_reason', 'Say what is wrong, in at most 1,000 characters.');
  end if;
  -- The service role and the seed may file anything; members only what they can see.
  if current_user = 'authenticated' then
    if not (case new.target_type when 'event' then private.can_view_event(new.target_id)
                                 when 'group' then private.can_see_group(new.target_id)
                                 else private.can_view_comment(new.target_id) end) then
      perform private.raise_error('report_target_not_found', 'This content does not exist or is not visible to you.', 404);
    end if;
    if (select count(*) from public.reports where reporter_id = new.reporter_id and created_at > now() - interval '1 hour') >= 20 then
      perform private.raise_error('rate_limited', 'You''re doing that too often. Try again in a minute.', 429);
    end if;
  end if;
  if exists (select 1 from public.reports r where r.reporter_id = new.reporter_id and r.target_type = new.target_type
             and r.target_id = new.target_id and r.status = 'open') then
    perform private.raise_error('already_reported', 'You already reported this. An admin will look at it soon.', 409);
  end if;
  return new;
end
$$;

-- As in migration 1350, plus groups, which name themselves in the log.
create or replace function private.log_hidden_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.log_moderation(
    case when new.hidden_at is null then 'content_restored' else 'content_hidden' end,
    case tg_table_name when 'events' then 'event' when 'groups' then 'group' else 'comment' end,
    new.id,
    case tg_table_name
      when 'groups' then jsonb_build_object('name', to_jsonb(new) ->> 'name', 'slug', to_jsonb(new) ->> 'slug')
      -- A comment names its event; an event is its own.
      else jsonb_build_object('event_id', coalesce((to_jsonb(new) ->> 'event_id')::uuid, new.id)) end);
  return null;
end
$$;
create trigger groups_log_hidden after update of hidden_at on public.groups
  for each row when (old.hidden_at is distinct from new.hidden_at) execute function private.log_hidden_change();

-- As in migration 1350, plus groups (admins only, as events).
create or replace function public.hide_content(target_type text, target_id uuid, hidden boolean) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  eid uuid;
begin
  if (select auth.uid()) is null then
    perform private.raise_error('not_signed_in', 'Sign in to do that.', 401);
  end if;
  perform private.assert_active();
  if hidden is null then
    perform private.raise_error('invalid_request', 'Say whether to hide or restore it.');
  end if;
  if hide_content.target_type = 'comment' then
    select c.event_id into eid from public.comments c where c.id = hide_content.target_id for update;
    if not found then
      perform private.raise_error('content_not_found', 'This content does not exist.', 404);
    end if;
    if not private.can_manage_event(eid) then
      perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
    end if;
    update public.comments c set hidden_at = case when hidden then coalesce(c.hidden_at, now()) end
    where c.id = hide_content.target_id;
  elsif hide_content.target_type = 'event' then
    perform private.require_admin();
    update public.events e set hidden_at = case when hidden then coalesce(e.hidden_at, now()) end
    where e.id = hide_content.target_id;
    if not found then
      perform private.raise_error('content_not_found', 'This content does not exist.', 404);
    end if;
  elsif hide_content.target_type = 'group' then
    perform private.require_admin();
    update public.groups g set hidden_at = case when hidden then coalesce(g.hidden_at, now()) end
    where g.id = hide_content.target_id;
    if not found then
      perform private.raise_error('content_not_found', 'This content does not exist.', 404);
    end if;
  else
    perform private.raise_error('invalid_target', 'Only comments, events and groups can be hidden.');
  end if;
end
$$;

-- As in migration 1360, plus groups: a reported group comes with its name and slug, and its
-- creator stands where an event's host or a comment's author does.
drop function public.report_queue();
create function public.report_queue() returns table (
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
         a.id, a.username, a.display_name, a.suspended_at is not null,
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

revoke all on function public.report_queue() from public, anon;
grant execute on function public.report_queue() to authenticated, service_role;
