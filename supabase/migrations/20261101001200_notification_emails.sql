-- Emails for in-app notifications. Every new notification is handed to the `notify` function
-- (after commit, through pg_net), and a sweep every minute hands over whatever is still
-- unhandled. `notify` emails it (or decides not to: preferences, no address) and records the
-- outcome in `emailed_at` / `email_status`, once. Decision 0045.
--
-- How SQL reaches the functions is Supabase's documented way: the project's URL and a key in
-- Vault, read from `vault.decrypted_secrets`. gather-server stores both at start; on hosted
-- Supabase set them once (see README, "Deploying to hosted Supabase").

create extension if not exists pg_net with schema extensions;
create extension if not exists pg_cron with schema pg_catalog;
create extension if not exists supabase_vault with schema vault;

alter table public.notifications
  add column emailed_at timestamptz,
  add column email_status text constraint notifications_email_status
    check (email_status in ('sent', 'opted_out', 'no_address', 'skipped'));
-- Notifications from before emails existed were never meant to be emailed.
update public.notifications set emailed_at = created_at, email_status = 'skipped' where emailed_at is null;
create index notifications_unemailed_idx on public.notifications (created_at) where emailed_at is null;

-- Hosts are told when someone asks to join an event that needs approval.
alter table public.notification_preferences add column email_rsvp_requests boolean not null default true;

-- Posts `payload` to one of the project's functions with the service-role key, after commit.
-- Returns the pg_net request id, or null while Vault has no project_url / service_role_key.
create function private.call_function(function_name text, payload jsonb default '{}'::jsonb) returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  base_url text := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url' limit 1);
  service_key text := (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key' limit 1);
begin
  if base_url is null or service_key is null then
    return null;
  end if;
  return net.http_post(
    url := rtrim(base_url, '/') || '/functions/v1/' || function_name,
    body := payload,
    headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_key),
    timeout_milliseconds := 30000
  );
end
$$;

-- Hands ids to `notify` in batches of 50: one request per batch, not per row.
create function private.email_notifications(ids uuid[]) returns int
language plpgsql security definer set search_path = '' as $$
declare
  batch uuid[];
begin
  for batch in
    select array_agg(id order by n) from unnest(ids) with ordinality as t(id, n) group by (n - 1) / 50 order by min(n)
  loop
    perform private.call_function('notify', jsonb_build_object('ids', to_jsonb(batch)));
  end loop;
  return coalesce(array_length(ids, 1), 0);
end
$$;

-- A statement-level trigger: cancelling an event for 500 attendees makes 10 requests, not 500.
create function private.email_new_notifications() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.email_notifications(array(select id from inserted order by created_at, id));
  return null;
end
$$;
create trigger notifications_email after insert on public.notifications
  referencing new table as inserted
  for each statement execute function private.email_new_notifications();

-- The safety net: anything from the last day still unhandled a minute after it was made (a
-- function that was down, a request that timed out). Older ones are not worth an email.
create function private.email_pending_notifications() returns int
language sql security definer set search_path = '' as $$
  select private.email_notifications(array(
    select id from public.notifications
    where emailed_at is null and created_at > now() - interval '1 day' and created_at < now() - interval '1 minute'
    order by created_at limit 500))
$$;

select cron.schedule('gather-email-notifications', '* * * * *', 'select private.email_pending_notifications()');

-- For `notify` (service role only): one notification with what its email needs — the
-- recipient's address (from auth.users, which the API does not expose), name and preferences,
-- the event, and who acted (a request's member).
create function public.notification_email(notification_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'id', n.id, 'kind', n.kind, 'payload', n.payload, 'created_at', n.created_at,
    'emailed_at', n.emailed_at, 'email_status', n.email_status,
    'email', u.email, 'display_name', p.display_name,
    'preferences', coalesce(to_jsonb(np) - 'user_id' - 'updated_at', '{}'::jsonb),
    'event', (select jsonb_build_object('id', e.id, 'slug', e.slug, 'title', e.title, 'status', e.status,
                                        'starts_at', e.starts_at, 'ends_at', e.ends_at, 'timezone', e.timezone,
                                        'venue_name', e.venue_name, 'address', e.address, 'is_online', e.is_online,
                                        'cancel_reason', e.cancel_reason)
              from public.events e where e.id = private.try_uuid(n.payload ->> 'event_id')),
    'actor', (select jsonb_build_object('display_name', a.display_name, 'username', a.username)
              from public.profiles a where a.id = private.try_uuid(n.payload ->> 'user_id')))
  from public.notifications n
  join public.profiles p on p.id = n.user_id
  left join auth.users u on u.id = n.user_id
  left join public.notification_preferences np on np.user_id = n.user_id
  where n.id = notification_email.notification_id
$$;

-- Records what became of a notification's email, once: true for the call that recorded it,
-- false when another call already had (concurrent `notify` calls race here harmlessly).
create function public.mark_notification_emailed(notification_id uuid, status text) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  update public.notifications n set emailed_at = now(), email_status = mark_notification_emailed.status
  where n.id = mark_notification_emailed.notification_id and n.emailed_at is null;
  return found;
end
$$;

revoke all on function private.call_function(text, jsonb), private.email_notifications(uuid[]),
  private.email_new_notifications(), private.email_pending_notifications() from public, anon, authenticated, service_role;
revoke all on function public.notification_email(uuid), public.mark_notification_emailed(uuid, text) from public, anon, authenticated;
grant execute on function public.notification_email(uuid), public.mark_notification_emailed(uuid, text) to service_role;
