-- Web Push (issue 33, decisions 0335–0337): each browser a member allows keeps a subscription
-- here (its push service's endpoint and the keys that encrypt for it). The `push` function sends
-- a notification to every device of its member, as `{ "title", "body", "url" }`, when the member
-- wants that kind by push, and forgets a device its push service says is gone (404/410).

create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  -- The push service's URL for this browser: a capability, so only its member and the server see it.
  endpoint text not null unique
    constraint push_subscriptions_endpoint check (endpoint ~ '^https?://[^/\s]+/\S*$' and char_length(endpoint) <= 2048),
  -- The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url (RFC 8291).
  p256dh text not null constraint push_subscriptions_p256dh check (p256dh ~ '^[A-Za-z0-9_-]{86,88}={0,2}$'),
  auth text not null constraint push_subscriptions_auth check (auth ~ '^[A-Za-z0-9_-]{22,24}={0,2}$'),
  user_agent text constraint push_subscriptions_user_agent check (char_length(user_agent) <= 300),
  created_at timestamptz not null default now(),
  -- When the push service last took a notification for it (set by the `push` function).
  last_used_at timestamptz
);
create index push_subscriptions_user_idx on public.push_subscriptions (user_id);

create trigger push_subscriptions_stamp before insert on public.push_subscriptions
  for each row execute function private.stamp_client_insert();

alter table public.push_subscriptions enable row level security;
create policy "members see their devices" on public.push_subscriptions for select to authenticated
  using (user_id = (select auth.uid()));
create policy "members add their devices" on public.push_subscriptions for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "members remove their devices" on public.push_subscriptions for delete to authenticated
  using (user_id = (select auth.uid()));
-- No update: a browser that subscribes anew saves a new row (save_push_subscription). The id and
-- the times are the database's.
grant select, delete on public.push_subscriptions to authenticated;
grant insert (user_id, endpoint, p256dh, auth, user_agent) on public.push_subscriptions to authenticated;
grant all on public.push_subscriptions to service_role;
select private.hold_to_full_session('public.push_subscriptions');

-- Saves this browser's subscription for the caller. A browser has one endpoint whoever uses it:
-- when another member allowed push on it before, the device is now the caller's (the last to
-- allow it on a shared computer gets its notifications, never both).
create function public.save_push_subscription(endpoint text, p256dh text, auth text, user_agent text default null)
returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
  saved uuid;
begin
  if me is null then
    perform private.raise_error('not_signed_in', 'Sign in to get notifications on this device.');
  end if;
  insert into public.push_subscriptions as s (user_id, endpoint, p256dh, auth, user_agent)
  values (me, save_push_subscription.endpoint, save_push_subscription.p256dh, save_push_subscription.auth,
          left(save_push_subscription.user_agent, 300))
  on conflict on constraint push_subscriptions_endpoint_key do update
    set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
        user_agent = excluded.user_agent, created_at = now(), last_used_at = null
  returning s.id into saved;
  return saved;
exception
  when check_violation then
    perform private.raise_error('invalid_push_subscription', 'This browser gave a push subscription Gather cannot use.');
end
$$;
revoke all on function public.save_push_subscription(text, text, text, text) from public, anon;
grant execute on function public.save_push_subscription(text, text, text, text) to authenticated, service_role;
select private.guard_procedure('public.save_push_subscription(text, text, text, text)', false);

-- Per-kind choices for push, beside the email ones (decision 0336). Host news has its own
-- per-kind rows (notification_kind_preferences, channel 'push'); new events in a group also
-- follow each membership's `alerts`, as their emails do.
alter table public.notification_preferences
  add column push_reminders boolean not null default true,
  add column push_rsvp_updates boolean not null default true,
  add column push_host_messages boolean not null default true,
  add column push_group_events boolean not null default true;

-- What became of a notification's push: claimed while it is being sent ('sending'), then the
-- outcome, once. Notifications from before push existed are not pushed (a fast default: no
-- table rewrite, every existing row gets this migration's time).
alter table public.notifications
  add column pushed_at timestamptz default now(),
  add column push_status text default 'skipped' constraint notifications_push_status
    check (push_status in ('sending', 'sent', 'opted_out', 'no_device', 'skipped', 'not_configured', 'failed'));
alter table public.notifications alter column pushed_at drop default, alter column push_status drop default;
create index notifications_unpushed_idx on public.notifications (created_at) where pushed_at is null or push_status = 'sending';
