-- How notifications reach the `push` function (issue 33, decision 0336), as they reach `notify`
-- for email (migration 20261101001200): every new notification is posted after commit through
-- pg_net, and a sweep every minute posts whatever is still unhandled. Push is for now: the sweep
-- gives up on a notification an hour after it was made.

-- Host news by push: requests and comments as they happen (someone waits for an answer); new
-- RSVPs, waitlist joins and members only when the host asks for them (a busy event would buzz a
-- phone all day). Bell and email keep their defaults (migration 20261129311000).
create or replace function private.notification_default(kind text, channel text) returns text
language sql immutable as $$
  select case
    when channel = 'email' and kind in ('new_rsvp', 'new_waitlist', 'new_member') then 'daily'
    when channel = 'push' and kind in ('new_rsvp', 'new_waitlist', 'new_member') then 'off'
    else 'instant' end
$$;

-- As in migration 20261129311000, with push: a host-news row is kept when any of the three
-- channels wants it, and a row the member wants by push is not pushed (recorded as opted out).
create or replace function private.plan_host_news() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  target text := coalesce(new.payload ->> 'event_id', new.payload ->> 'group_id', '');
  bell text;
  email text;
  push text;
  zone text;
  pending record;
  last_email timestamptz;
begin
  if not private.is_host_news(new.kind) then
    return new;
  end if;
  if new.payload ? 'user_id' and not new.payload ? 'display_name' then
    new.payload := new.payload || coalesce((select jsonb_build_object('display_name', p.display_name) from public.profiles p
                                            where p.id = private.try_uuid(new.payload ->> 'user_id')), '{}'::jsonb);
  end if;
  bell := private.notification_delivery(new.user_id, new.kind, 'in_app');
  email := private.notification_delivery(new.user_id, new.kind, 'email');
  push := private.notification_delivery(new.user_id, new.kind, 'push');
  if bell = 'off' and email = 'off' and push = 'off' then
    return null;
  end if;
  if push = 'off' then
    new.pushed_at := now();
    new.push_status := 'opted_out';
  end if;
  new.in_app := bell <> 'off';
  if not new.in_app then
    new.read_at := now();
  end if;
  if email = 'off' then
    new.emailed_at := now();
    new.email_status := 'opted_out';
  elsif email = 'daily' then
    zone := coalesce((select np.digest_timezone from public.notification_preferences np where np.user_id = new.user_id), 'UTC');
    new.email_after := private.next_digest_at(zone);
    new.email_batch := 'digest:' || to_char(new.email_after at time zone zone, 'YYYY-MM-DD');
  else
    perform pg_advisory_xact_lock(hashtextextended(new.user_id::text || ':' || new.kind || ':' || target, 0));
    select n.email_after, n.email_batch into pending from public.notifications n
    where n.user_id = new.user_id and n.kind = new.kind and coalesce(n.payload ->> 'event_id', n.payload ->> 'group_id', '') = target
      and n.emailed_at is null and n.email_after > now() and n.email_batch not like 'digest:%'
    order by n.email_after limit 1;
    if found then
      new.email_after := pending.email_after;
      new.email_batch := pending.email_batch;
    else
      select max(coalesce(n.email_after, n.created_at)) into last_email from public.notifications n
      where n.user_id = new.user_id and n.kind = new.kind and coalesce(n.payload ->> 'event_id', n.payload ->> 'group_id', '') = target
        and n.created_at > now() - interval '2 hours' and coalesce(n.email_status, 'sent') = 'sent'
        and coalesce(n.email_batch, '') not like 'digest:%';
      if last_email > now() - interval '1 hour' then
        new.email_after := last_email + interval '1 hour';
        new.email_batch := new.kind || ':' || target || ':' || floor(extract(epoch from new.email_after))::bigint;
      end if;
    end if;
  end if;
  return new;
end
$$;

-- A member with no device has nothing to push to: recorded at once, so the function is not
-- called for them (most members, most notifications). Runs after plan_host_news (by name).
create function private.push_only_to_devices() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.pushed_at is null and not exists (select 1 from public.push_subscriptions s where s.user_id = new.user_id) then
    new.pushed_at := now();
    new.push_status := 'no_device';
  end if;
  return new;
end
$$;
create trigger notifications_push_devices before insert on public.notifications
  for each row execute function private.push_only_to_devices();

-- Hands ids to `push` in batches of 50: one request per batch.
create function private.push_notifications(ids uuid[]) returns int
language plpgsql security definer set search_path = '' as $$
declare
  batch uuid[];
begin
  for batch in
    select array_agg(id order by n) from unnest(ids) with ordinality as t(id, n) group by (n - 1) / 50 order by min(n)
  loop
    perform private.call_function('push', jsonb_build_object('ids', to_jsonb(batch)));
  end loop;
  return coalesce(array_length(ids, 1), 0);
end
$$;

create function private.push_new_notifications() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.push_notifications(array(select id from inserted where pushed_at is null order by created_at, id));
  return null;
end
$$;
create trigger notifications_push after insert on public.notifications
  referencing new table as inserted
  for each statement execute function private.push_new_notifications();

-- The safety net: unhandled a minute after it was made (the function was down, the request timed
-- out), or claimed five minutes ago and never finished (the function died while sending).
create function private.push_pending_notifications() returns int
language sql security definer set search_path = '' as $$
  select private.push_notifications(array(
    select id from public.notifications
    where (pushed_at is null or (push_status = 'sending' and pushed_at < now() - interval '5 minutes'))
      and created_at > now() - interval '1 hour' and created_at < now() - interval '1 minute'
    order by created_at limit 500))
$$;
select cron.schedule('gather-push-notifications', '* * * * *', 'select private.push_pending_notifications()');

-- For `push` (service role only): claims a notification for sending, once, and answers what its
-- push needs: the notification as notify reads it (kind, payload, the member's language and
-- preferences, event, group, membership), the member's choice for a host-news kind by push, and
-- their devices. Null when it is not there or another call has it.
create function public.claim_notification_push(notification_id uuid) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  n public.notifications;
begin
  update public.notifications t set pushed_at = now(), push_status = 'sending'
  where t.id = claim_notification_push.notification_id
    and (t.pushed_at is null or (t.push_status = 'sending' and t.pushed_at < now() - interval '5 minutes'))
  returning * into n;
  if not found then
    return null;
  end if;
  return public.notification_email(n.id) || jsonb_build_object(
    'push_delivery', case when private.is_host_news(n.kind) then private.notification_delivery(n.user_id, n.kind, 'push') end,
    'devices', (select coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth)
                                          order by s.created_at), '[]'::jsonb)
                from public.push_subscriptions s where s.user_id = n.user_id));
end
$$;

-- Records a claimed notification's outcome; 'retry' hands it back to the sweep (every device's
-- push service failed for now), which tries again within the hour.
create function public.mark_notification_pushed(notification_id uuid, status text) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  update public.notifications n
  set pushed_at = case when mark_notification_pushed.status = 'retry' then null else now() end,
      push_status = nullif(mark_notification_pushed.status, 'retry')
  where n.id = mark_notification_pushed.notification_id and n.push_status = 'sending';
  return found;
end
$$;

revoke all on function private.push_only_to_devices(), private.push_notifications(uuid[]), private.push_new_notifications(), private.push_pending_notifications()
  from public, anon, authenticated, service_role;
revoke all on function public.claim_notification_push(uuid), public.mark_notification_pushed(uuid, text) from public, anon, authenticated;
grant execute on function public.claim_notification_push(uuid), public.mark_notification_pushed(uuid, text) to service_role;
