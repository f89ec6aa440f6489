-- The audit trail: who hid or restored what, resolved which report, suspended whom, changed an
-- event's hosts or messaged its attendees. Written only by the procedures and triggers below;
-- read by site admins; never changed afterwards.

create table public.moderation_log (
  id uuid primary key default gen_random_uuid(),
  -- Set null when the actor's account is deleted, so the entry itself survives.
  actor_id uuid references public.profiles (id) on delete set null,
  action text not null,
  target_type text not null,
  target_id uuid not null,
  details jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index moderation_log_created_idx on public.moderation_log (created_at desc);
create index moderation_log_target_idx on public.moderation_log (target_type, target_id);

-- Append-only, even for the table's owner. The one change allowed is the foreign key's own
-- "set null" when an actor's account is deleted.
create function private.keep_moderation_log() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.actor_id is null
     and (new.id, new.action, new.target_type, new.target_id, new.details, new.created_at)
         is not distinct from (old.id, old.action, old.target_type, old.target_id, old.details, old.created_at) then
    return new;
  end if;
  perform private.raise_error('append_only', 'The moderation log cannot be changed.', 403);
  return null;
end
$$;
create trigger moderation_log_append_only before update or delete on public.moderation_log
  for each row execute function private.keep_moderation_log();

alter table public.moderation_log enable row level security;
create policy "admins read the moderation log" on public.moderation_log for select to authenticated
  using ((select private.is_admin()));
grant select on public.moderation_log to authenticated;
grant select, insert on public.moderation_log to service_role;

-- One entry, by the caller (null for the service role and scheduled jobs).
create function private.log_moderation(action text, target_type text, target_id uuid, details jsonb default '{}'::jsonb)
returns void language sql security definer set search_path = '' as $$
  insert into public.moderation_log (actor_id, action, target_type, target_id, details)
  values ((select auth.uid()), action, target_type, target_id, coalesce(details, '{}'::jsonb))
$$;
revoke all on function private.log_moderation(text, text, uuid, jsonb) from public, anon, authenticated;

-- The error every admin-only procedure raises for anyone else.
create function private.require_admin() returns void
language plpgsql stable as $$
begin
  if not private.is_admin() then
    perform private.raise_error('not_admin', 'Only site admins can do that.', 403);
  end if;
end
$$;
