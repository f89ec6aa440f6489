-- Moderation that tells people (issue 32 item 5, decision 0310).
--
-- * Hiding an event or group takes a reason, which its organizers read on its page and in a
--   notice (in-app and by email); they may appeal once, and an admin accepts the appeal (the
--   item comes back) or rejects it. `hidden_items` keeps one row per hiding, `appeals` one per
--   hiding at most.
-- * Members with an RSVP or a ticket for a hidden event (or a withheld group's event), and the
--   members of a withheld group, are told it is unavailable instead of "not found" (migration
--   20261129310100).
-- * Every moderation_log entry names what it is about (migration 20261129310050).

-- One row per hiding of an event or group: why, by whom, and when it came back.
create table public.hidden_items (
  id uuid primary key default gen_random_uuid(),
  target_type text not null constraint hidden_items_target_type check (target_type in ('event', 'group')),
  target_id uuid not null,
  -- What it was called when hidden: kept when the event or group is renamed or deleted.
  target_name text not null,
  target_slug text,
  reason text constraint hidden_items_reason_length check (char_length(reason) between 1 and 1000),
  hidden_by uuid references public.profiles (id) on delete set null,
  hidden_at timestamptz not null default now(),
  restored_at timestamptz,
  restored_by uuid references public.profiles (id) on delete set null
);
create unique index hidden_items_open_idx on public.hidden_items (target_type, target_id) where restored_at is null;
create index hidden_items_target_idx on public.hidden_items (target_type, target_id, hidden_at desc);

-- One appeal per hiding, by one of its organizers; decided once by an admin.
create table public.appeals (
  id uuid primary key default gen_random_uuid(),
  hidden_item_id uuid not null constraint appeals_once unique references public.hidden_items (id) on delete cascade,
  appellant_id uuid references public.profiles (id) on delete set null,
  message text not null constraint appeals_message_length check (char_length(message) between 1 and 2000),
  status text not null default 'pending' constraint appeals_status check (status in ('pending', 'accepted', 'rejected')),
  response text constraint appeals_response_length check (char_length(response) between 1 and 1000),
  decided_by uuid references public.profiles (id) on delete set null,
  decided_at timestamptz,
  created_at timestamptz not null default now()
);
create index appeals_pending_idx on public.appeals (created_at) where status = 'pending';

-- Who may read a hiding and its appeal: the admins and whoever runs the item (an event's hosts
-- and co-hosts, its group's organizers; a group's organizers and co-organizers).
create function private.can_manage_item(target_type text, target_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select case target_type
    when 'event' then private.can_manage_event(target_id)
    when 'group' then private.can_manage_group(target_id)
    else private.is_admin() end
$$;

alter table public.hidden_items enable row level security;
alter table public.appeals enable row level security;
create policy "admins and the item's organizers read its hidings" on public.hidden_items for select to authenticated
  using ((select private.is_admin()) or private.can_manage_item(target_type, target_id));
create policy "admins and the item's organizers read its appeal" on public.appeals for select to authenticated
  using ((select private.is_admin()) or exists (
    select 1 from public.hidden_items h where h.id = hidden_item_id and private.can_manage_item(h.target_type, h.target_id)));
-- Written by the procedures and triggers below only.
grant select on public.hidden_items, public.appeals to authenticated;
grant all on public.hidden_items, public.appeals to service_role;
select private.hold_to_full_session('public.hidden_items');
select private.hold_to_full_session('public.appeals');

-- Who hears about an event's or a group's moderation: an event's host and co-hosts, a group's
-- active organizers and co-organizers.
create function private.item_team(target_type text, target_id uuid) returns setof uuid
language sql stable security definer set search_path = '' as $$
  select h.user_id from public.event_hosts h
  where item_team.target_type = 'event' and h.event_id = item_team.target_id and h.role in ('host', 'cohost')
  union
  select m.user_id from public.group_members m
  where item_team.target_type = 'group' and m.group_id = item_team.target_id and m.status = 'active'
    and m.role in ('organizer', 'co_organizer')
$$;

-- What a notice about a hiding carries: the item (as the bell and the email name it) and the hiding.
create function private.hidden_item_payload(h public.hidden_items) returns jsonb
language sql stable as $$
  select case h.target_type
    when 'event' then jsonb_build_object('event_id', h.target_id, 'slug', h.target_slug, 'title', h.target_name)
    else jsonb_build_object('group_id', h.target_id, 'group_slug', h.target_slug, 'group_name', h.target_name) end
    || jsonb_build_object('hidden_item_id', h.id, 'target_type', h.target_type, 'reason', h.reason)
$$;

-- As in migration 20261124140938, plus the reason hide_content was given.
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
      else jsonb_build_object('event_id', coalesce((to_jsonb(new) ->> 'event_id')::uuid, new.id)) end
    || case when new.hidden_at is not null and tg_table_name <> 'comments'
            then jsonb_strip_nulls(jsonb_build_object('reason', nullif(current_setting('gather.hide_reason', true), '')))
            else '{}'::jsonb end);
  return null;
end
$$;

-- A hidden event or group: a hiding opens with its reason and its team is told; restored, the
-- hiding closes (an appeal still waiting is answered by it) and the team is told it is back.
-- A trigger, so that every way of changing hidden_at is covered; the reason comes from
-- hide_content through the transaction's `gather.hide_reason` setting.
create function private.hidden_item_notices() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  kind text := case tg_table_name when 'events' then 'event' else 'group' end;
  item public.hidden_items;
  accepted boolean;
begin
  if new.hidden_at is not null then
    insert into public.hidden_items (target_type, target_id, target_name, target_slug, reason, hidden_by, hidden_at)
    values (kind, new.id, coalesce(to_jsonb(new) ->> 'title', to_jsonb(new) ->> 'name'), to_jsonb(new) ->> 'slug',
            nullif(current_setting('gather.hide_reason', true), ''), (select auth.uid()), new.hidden_at)
    on conflict (target_type, target_id) where restored_at is null do nothing
    returning * into item;
    if item.id is not null then
      perform private.notify(t, 'content_hidden', private.hidden_item_payload(item)) from private.item_team(kind, new.id) t;
    end if;
  else
    update public.hidden_items h set restored_at = now(), restored_by = (select auth.uid())
    where h.target_type = kind and h.target_id = new.id and h.restored_at is null
    returning * into item;
    if item.id is null then
      return null;
    end if;
    -- Brought back while an appeal waited: the appeal is answered by it.
    update public.appeals a set status = 'accepted', decided_by = (select auth.uid()), decided_at = now()
    where a.hidden_item_id = item.id and a.status = 'pending';
    accepted := exists (select 1 from public.appeals a where a.hidden_item_id = item.id and a.status = 'accepted');
    perform private.notify(t, case when accepted then 'appeal_accepted' else 'content_restored' end,
                           private.hidden_item_payload(item) || jsonb_build_object('response',
                             (select a.response from public.appeals a where a.hidden_item_id = item.id)))
    from private.item_team(kind, new.id) t;
  end if;
  return null;
end
$$;
create trigger events_hidden_notices after update of hidden_at on public.events
  for each row when (old.hidden_at is distinct from new.hidden_at) execute function private.hidden_item_notices();
create trigger groups_hidden_notices after update of hidden_at on public.groups
  for each row when (old.hidden_at is distinct from new.hidden_at) execute function private.hidden_item_notices();

-- As in migration 20261124140938, plus the reason an event or a group is hidden, which its
-- organizers are told. Optional here, so that a client that sends none (the admin screen of
-- issue 30) still hides; the notice then says that no reason was given (decision 0310).
drop function public.hide_content(text, uuid, boolean);
drop function if exists private.hide_content(text, uuid, boolean);
create function public.hide_content(target_type text, target_id uuid, hidden boolean, reason text default null) returns void
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  eid uuid;
  why text := nullif(trim(hide_content.reason), '');
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
    return;
  end if;
  if hide_content.target_type not in ('event', 'group') then
    perform private.raise_error('invalid_target', 'Only comments, events and groups can be hidden.');
  end if;
  perform private.require_admin();
  if char_length(why) > 1000 then
    perform private.raise_error('invalid_reason', 'Say what is wrong, in at most 1,000 characters.');
  end if;
  perform set_config('gather.hide_reason', coalesce(why, ''), true);
  if hide_content.target_type = 'event' then
    update public.events e set hidden_at = case when hidden then coalesce(e.hidden_at, now()) end
    where e.id = hide_content.target_id;
  else
    update public.groups g set hidden_at = case when hidden then coalesce(g.hidden_at, now()) end
    where g.id = hide_content.target_id;
  end if;
  if not found then
    perform private.raise_error('content_not_found', 'This content does not exist.', 404);
  end if;
  perform set_config('gather.hide_reason', '', true);
end
$$;

revoke all on function public.hide_content(text, uuid, boolean, text) from public, anon;
grant execute on function public.hide_content(text, uuid, boolean, text) to authenticated, service_role;

-- An organizer appeals a hiding, once: what they say to the admins (1–2,000 characters).
create function public.appeal_hidden_item(hidden_item_id uuid, message text) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  item public.hidden_items;
  said text := trim(appeal_hidden_item.message);
  appeal_id uuid;
begin
  if (select auth.uid()) is null then
    perform private.raise_error('not_signed_in', 'Sign in to do that.', 401);
  end if;
  perform private.assert_active();
  select * into item from public.hidden_items h where h.id = appeal_hidden_item.hidden_item_id for update;
  if not found or not private.can_manage_item(item.target_type, item.target_id) then
    perform private.raise_error('content_not_found', 'This content does not exist.', 404);
  end if;
  if item.restored_at is not null then
    perform private.raise_error('not_hidden', 'It is visible again: there is nothing to appeal.', 409);
  end if;
  if exists (select 1 from public.appeals a where a.hidden_item_id = item.id) then
    perform private.raise_error('already_appealed', 'You already appealed. A hiding can be appealed once.', 409);
  end if;
  if char_length(coalesce(said, '')) not between 1 and 2000 then
    perform private.raise_error('invalid_message', 'Say why it should come back, in at most 2,000 characters.');
  end if;
  insert into public.appeals (hidden_item_id, appellant_id, message) values (item.id, (select auth.uid()), said)
  returning id into appeal_id;
  perform private.log_moderation('appeal_filed', item.target_type, item.target_id,
    jsonb_build_object('appeal_id', appeal_id, 'hidden_item_id', item.id));
  return appeal_id;
end
$$;

revoke all on function public.appeal_hidden_item(uuid, text) from public, anon;
grant execute on function public.appeal_hidden_item(uuid, text) to authenticated, service_role;

-- An admin answers an appeal: accepted, the item comes back (its team is told by the restore);
-- rejected, the team is told, with the admin's words if any.
create function public.decide_appeal(appeal_id uuid, accept boolean, response text default null) returns void
language plpgsql security definer set search_path = '' as $$
declare
  a public.appeals;
  item public.hidden_items;
  said text := nullif(trim(decide_appeal.response), '');
begin
  perform private.require_admin();
  perform private.assert_active();
  if accept is null then
    perform private.raise_error('invalid_request', 'Say whether to accept or reject the appeal.');
  end if;
  if char_length(said) > 1000 then
    perform private.raise_error('invalid_response', 'Keep the answer under 1,000 characters.');
  end if;
  select * into a from public.appeals x where x.id = decide_appeal.appeal_id for update;
  if not found then
    perform private.raise_error('appeal_not_found', 'This appeal does not exist.', 404);
  end if;
  if a.status <> 'pending' then
    perform private.raise_error('appeal_decided', 'This appeal was already answered.', 409);
  end if;
  select * into item from public.hidden_items h where h.id = a.hidden_item_id;
  update public.appeals x set status = case when accept then 'accepted' else 'rejected' end, response = said,
    decided_by = (select auth.uid()), decided_at = now()
  where x.id = a.id;
  perform private.log_moderation(case when accept then 'appeal_accepted' else 'appeal_rejected' end, item.target_type, item.target_id,
    jsonb_strip_nulls(jsonb_build_object('appeal_id', a.id, 'hidden_item_id', item.id, 'response', said)));
  if accept then
    if item.target_type = 'event' then
      update public.events e set hidden_at = null where e.id = item.target_id;
    else
      update public.groups g set hidden_at = null where g.id = item.target_id;
    end if;
  else
    perform private.notify(t, 'appeal_rejected', private.hidden_item_payload(item) || jsonb_build_object('response', said))
    from private.item_team(item.target_type, item.target_id) t;
  end if;
end
$$;

revoke all on function public.decide_appeal(uuid, boolean, text) from public, anon;
grant execute on function public.decide_appeal(uuid, boolean, text) to authenticated, service_role;

revoke all on function private.can_manage_item(text, uuid), private.item_team(text, uuid), private.hidden_item_payload(public.hidden_items),
  private.hidden_item_notices()
  from public, anon, authenticated;
grant execute on function private.can_manage_item(text, uuid) to authenticated, service_role;

-- Second factor everywhere (decision 0262): the procedures authenticated may call.
select private.guard_procedure('public.hide_content(text, uuid, boolean, text)', false);
select private.guard_procedure('public.appeal_hidden_item(uuid, text)', false);
select private.guard_procedure('public.decide_appeal(uuid, boolean, text)', false);
