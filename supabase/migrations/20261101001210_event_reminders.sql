-- Reminders 24 hours and 1 hour before an event starts, for everyone going. `send-reminders`
-- runs every 5 minutes (pg_cron → pg_net) and calls `create_due_reminders`, which makes one
-- `reminder_24h` / `reminder_1h` notification per attendee and window — exactly once, whatever
-- runs twice or at the same time: `private.reminders_sent` remembers each one. The notifications
-- are emailed like any other (see 20261101001200). Decision 0046.

-- One row per reminder made. The start time is part of the key: an event moved to another day
-- reminds its attendees again for the new date.
create table private.reminders_sent (
  event_id uuid not null references public.events (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null constraint reminders_sent_kind check (kind in ('reminder_24h', 'reminder_1h')),
  starts_at timestamptz not null,
  created_at timestamptz not null default now(),
  primary key (event_id, user_id, kind, starts_at)
);
revoke all on private.reminders_sent from public, anon, authenticated, service_role;

create index events_published_start_idx on public.events (starts_at) where status = 'published';

-- The windows: a reminder is due once the event is at most its lead time away, and not yet
-- too close for it to make sense (a "starts tomorrow" email 2 hours before is wrong; the
-- 1-hour one then follows). With a run every 5 minutes each window is seen many times.
create function public.create_due_reminders() returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  made jsonb;
begin
  with windows (kind, nearest, farthest) as (values
    ('reminder_24h', interval '23 hours', interval '24 hours'),
    ('reminder_1h', interval '10 minutes', interval '1 hour')
  ), due as (
    select w.kind, e.id as event_id, r.user_id, e.starts_at, e.slug, e.title, e.timezone
    from windows w
    join public.events e on e.status = 'published'
      and e.starts_at > now() + w.nearest and e.starts_at <= now() + w.farthest
    join public.rsvps r on r.event_id = e.id and r.status = 'going'
    join public.profiles p on p.id = r.user_id and p.suspended_at is null
  ), fresh as (
    insert into private.reminders_sent (event_id, user_id, kind, starts_at)
    select event_id, user_id, kind, starts_at from due
    on conflict do nothing
    returning event_id, user_id, kind, starts_at
  ), made_notifications as (
    insert into public.notifications (user_id, kind, payload)
    select d.user_id, d.kind, jsonb_build_object('event_id', d.event_id, 'slug', d.slug, 'title', d.title,
                                                 'starts_at', d.starts_at, 'timezone', d.timezone)
    from fresh f join due d using (event_id, user_id, kind, starts_at)
    returning kind
  )
  select jsonb_build_object(
    'reminder_24h', count(*) filter (where kind = 'reminder_24h'),
    'reminder_1h', count(*) filter (where kind = 'reminder_1h'))
  into made from made_notifications;
  return made;
end
$$;

revoke all on function public.create_due_reminders() from public, anon, authenticated;
grant execute on function public.create_due_reminders() to service_role;

select cron.schedule('gather-send-reminders', '*/5 * * * *', $$select private.call_function('send-reminders')$$);
