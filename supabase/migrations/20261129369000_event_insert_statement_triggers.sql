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
-- once: the groups' withheld checks once per group, members and their suspension joined in one
-- pass (private.is_suspended's answer, without a definer call per member). The pairs already
-- marked (a series' later dates, by events_a_series_quiet_alerts) are left out by the mark
-- table's primary key rather than by joining what the insert returns back to the candidates
-- (two CTE scans, a nested loop over thousands of rows); nobody else can mark these events
-- before the statement commits (the marks' foreign key waits for it).
create function private.alert_group_members_added() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  with fresh as (
    select e.id as event_id, m.user_id, private.group_payload(g) || jsonb_build_object(
      'event_id', e.id, 'slug', e.slug, 'title', e.title, 'starts_at', e.starts_at, 'timezone', e.timezone) as payload
    from added e join public.groups g on g.id = e.group_id join public.group_members m on m.group_id = e.group_id
    where e.status = 'published' and e.visibility in ('public', 'members') and e.hidden_at is null and e.starts_at > now()
      and not private.group_withheld(g.id)
      and m.status = 'active' and m.alerts = 'all'
      and not exists (select 1 from public.profile_private s where s.id = m.user_id and s.suspended_at is not null) -- is_suspended
      and m.user_id <> e.host_id and m.user_id is distinct from (select auth.uid())
      and not exists (select 1 from private.group_alerts_sent a where a.event_id = e.id and a.user_id = m.user_id)
  ), marked as (
    insert into private.group_alerts_sent (event_id, user_id) select f.event_id, f.user_id from fresh f
  )
  insert into public.notifications (user_id, kind, payload)
  select f.user_id, 'group_event_published', f.payload from fresh f;
  return null;
end
$$;
drop trigger events_group_alerts on public.events;
create trigger events_group_alerts after update of status, group_id, visibility on public.events
  for each row execute function private.alert_group_members();
create trigger events_group_alerts_added after insert on public.events
  referencing new table as added for each statement execute function private.alert_group_members_added();

-- As in 20261124162601_event_series_procedures.sql, the daily limit asking is_admin (a definer
-- call, most of this trigger's time on an import) only of a signed-in member's insert: the same
-- answer, as is_admin has no side effects.
create or replace function private.event_lifecycle() returns trigger
language plpgsql as $$
begin
  if tg_op = 'UPDATE' and new.hidden_at is distinct from old.hidden_at
     and (to_jsonb(new) - 'hidden_at' - 'search') = (to_jsonb(old) - 'hidden_at' - 'search') then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if current_user = 'authenticated' and not private.is_admin() and (
      select count(*) from public.events where host_id = new.host_id and created_at > now() - interval '1 day'
        and coalesce(series_position, 1) = 1) >= 20 then
      perform private.raise_error('rate_limited', 'You''re doing that too often. Try again in a minute.', 429);
    end if;
    new.rsvp_closes_at := coalesce(new.rsvp_closes_at, new.starts_at);
  else
    if new.host_id is distinct from old.host_id then
      perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
    end if;
    if new.status is distinct from old.status and not (
      (old.status = 'draft' and new.status in ('published', 'cancelled')) or (old.status = 'published' and new.status = 'cancelled')) then
      perform private.raise_error('invalid_status_change', 'A cancelled event cannot be changed back, and a published event cannot become a draft.');
    end if;
    if old.status = 'cancelled' then
      perform private.raise_error('event_cancelled', 'This event was cancelled.', 409);
    end if;
    if new.starts_at is distinct from old.starts_at and new.rsvp_closes_at = old.rsvp_closes_at and old.rsvp_closes_at = old.starts_at then
      new.rsvp_closes_at := new.starts_at; -- the default follows the start
    end if;
  end if;
  if new.status = 'published' and new.published_at is null then
    new.published_at := now();
  end if;
  return new;
end
$$;

revoke all on function private.after_events_added(), private.alert_group_members_added() from public, anon, authenticated;
