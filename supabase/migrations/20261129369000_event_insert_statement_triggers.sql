-- Issue 35 ("Also"): importing a community's history, many events in one INSERT. Two after-insert
-- triggers on events did their work one row at a time: the event's host and stats rows, and the
-- group alert fan-out (a group lookup, a withheld check and two inserts per event). Here each runs
-- once per statement over the inserted rows (a transition table), with the same rows written
-- (decision 0435). Updates keep their row triggers, restricted to UPDATE (transition tables take
-- one event and no column list). After-row triggers and after-statement triggers both fire at
-- the end of the statement, row ones first, so events_a_series_quiet_alerts still marks a
-- series' later dates before the alerts are sent.

-- As in 20261129351100_new_event_stats_without_recount.sql, the update half only.
create or replace function private.after_event_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  r record;
begin
  if new.status = 'cancelled' and old.status <> 'cancelled' then
    if not private.event_notices_quiet() then
      for r in select user_id from public.rsvps where event_id = new.id and status in ('going', 'waitlisted', 'pending') loop
        perform private.notify(r.user_id, 'event_cancelled',
          jsonb_build_object('event_id', new.id, 'slug', new.slug, 'title', new.title, 'reason', new.cancel_reason));
      end loop;
    end if;
  elsif new.capacity is distinct from old.capacity and (new.capacity is null or new.capacity > coalesce(old.capacity, 0)) then
    perform private.promote_waitlist(new.id);
  end if;
  perform private.refresh_event_stats(new.id);
  return null;
end
$$;
drop trigger events_after_change on public.events;
create trigger events_after_change after update on public.events
  for each row execute function private.after_event_change();

-- New events: each host's row, and a stats row of zeros with spots_left = capacity (what a
-- recount of an event without RSVPs gives); a stats row somehow already there is recounted.
create function private.after_events_added() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  r record;
begin
  insert into public.event_hosts (event_id, user_id, role) select a.id, a.host_id, 'host' from added a;
  for r in select a.id from added a join public.event_stats s on s.event_id = a.id loop
    perform private.refresh_event_stats(r.id);
  end loop;
  insert into public.event_stats (event_id, spots_left) select a.id, a.capacity from added a
  on conflict (event_id) do nothing;
  return null;
end
$$;
create trigger events_after_insert after insert on public.events
  referencing new table as added for each statement execute function private.after_events_added();

-- As alert_group_members in 20261124141023_profile_private.sql, for every inserted event at
-- once: the groups' withheld checks once per group, members joined in one pass.
create function private.alert_group_members_added() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  with published as (
    select a.* from added a
    where a.group_id is not null and a.status = 'published' and a.visibility in ('public', 'members')
      and a.hidden_at is null and a.starts_at > now()
  ), open_groups as (
    select g.id from public.groups g
    where g.id in (select p.group_id from published p) and not private.group_withheld(g.id)
  ), fresh as (
    insert into private.group_alerts_sent (event_id, user_id)
    select e.id, m.user_id
    from published e join open_groups o on o.id = e.group_id join public.group_members m on m.group_id = e.group_id
    where m.status = 'active' and m.alerts = 'all' and not private.is_suspended(m.user_id)
      and m.user_id <> e.host_id and m.user_id is distinct from (select auth.uid())
    on conflict do nothing
    returning event_id, user_id
  )
  insert into public.notifications (user_id, kind, payload)
  select f.user_id, 'group_event_published', private.group_payload(g) || jsonb_build_object(
    'event_id', e.id, 'slug', e.slug, 'title', e.title, 'starts_at', e.starts_at, 'timezone', e.timezone)
  from fresh f join published e on e.id = f.event_id join public.groups g on g.id = e.group_id;
  return null;
end
$$;
drop trigger events_group_alerts on public.events;
create trigger events_group_alerts after update of status, group_id, visibility on public.events
  for each row execute function private.alert_group_members();
create trigger events_group_alerts_added after insert on public.events
  referencing new table as added for each statement execute function private.alert_group_members_added();

revoke all on function private.after_events_added(), private.alert_group_members_added() from public, anon, authenticated;
