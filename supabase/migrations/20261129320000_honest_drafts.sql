-- Honest drafts (issue 32 item 3, decision 0304). Publishing a draft series from the editor's
-- "whole series" choice (update_series_from with status 'published') published the date and
-- the later ones only: dates before it, and the dates of parts split from the series, stayed
-- drafts without a word. Now publishing through update_series_from publishes every draft date of
-- the series that has not started and that the caller runs; publishing one date alone (a plain
-- update of its status) still publishes that date only. A draft still cannot be RSVPed: every
-- RSVP procedure refuses it with `event_not_published` (409), which supabase/tests/honest-drafts
-- holds them to.

-- The draft dates, in every part of the series `eid` belongs to (the root series and the parts
-- split from it), that have not started and that the caller runs, are published; how many.
create function private.publish_series_drafts(eid uuid) returns int
language plpgsql security definer set search_path = '' as $$
declare
  root uuid;
  n int;
begin
  with recursive up (id, parent) as (
    select s.id, s.parent_series_id from public.event_series s
    where s.id = (select e.series_id from public.events e where e.id = eid)
    union
    select s.id, s.parent_series_id from public.event_series s join up on s.id = up.parent)
  select up.id into root from up where up.parent is null;
  if root is null then
    return 0;
  end if;
  with recursive parts (id) as (
    select root
    union
    select s.id from public.event_series s join parts on s.parent_series_id = parts.id)
  update public.events d set status = 'published'
  where d.series_id in (select id from parts) and d.status = 'draft' and d.starts_at > now()
    and private.can_manage_event(d.id);
  get diagnostics n = row_count;
  return n;
end
$$;

revoke all on function private.publish_series_drafts(uuid) from public, anon, authenticated;

-- update_series_from keeps its body and, when it publishes, publishes the rest of the series too.
-- Under the two-factor guard of migration 20261129140000 the body already lives at
-- private.update_series_from behind a thin wrapper, public.update_series_from; the wrapper is
-- replaced by one that asks the same guard first (so guard_procedure and
-- supabase/tests/second-factor-everywhere see it guarded) and then publishes. Without the guard,
-- the procedure moves to `private` under its own name (its body names its parameters
-- `update_series_from.event_id`) and the new wrapper skips the guard.
do $do$
declare
  guarded boolean := to_regprocedure('private.assert_full_session(boolean)') is not null;
begin
  if to_regprocedure('private.update_series_from(uuid, jsonb)') is null then
    alter function public.update_series_from(uuid, jsonb) set schema private;
    revoke all on function private.update_series_from(uuid, jsonb) from public, anon, authenticated, service_role;
  else
    drop function public.update_series_from(uuid, jsonb);
  end if;
  execute format($f$
    create function public.update_series_from(event_id uuid, changes jsonb) returns jsonb
    language plpgsql security definer set search_path = '' as $b$
    declare
      result jsonb;
    begin
      %s
      result := private.update_series_from(event_id, changes);
      if jsonb_typeof(changes) = 'object' and changes ->> 'status' = 'published' then
        perform private.publish_series_drafts(event_id);
      end if;
      return result;
    end
    $b$
  $f$, case when guarded then 'perform private.assert_full_session(writes => true);' else '' end);
  revoke all on function public.update_series_from(uuid, jsonb) from public, anon;
  grant execute on function public.update_series_from(uuid, jsonb) to authenticated, service_role;
end
$do$;
