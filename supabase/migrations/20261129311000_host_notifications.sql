-- Hosts hear what happens (issue 32 item 6, decision 0311): a new RSVP, a waitlist join, a
-- request to join (an approval event, an approval group), a new member, a comment on their event.
--
-- * Host news is one notification per thing that happened, to the event's host and co-hosts
--   (a group's organizers and co-organizers), never to whoever did it.
-- * Each member decides per kind and per channel (`notification_kind_preferences`: in_app,
--   email, and push for issue 33): `instant`, `daily` (email only: the daily digest) or `off`;
--   no row means the kind's default (private.notification_default).
-- * A BEFORE INSERT trigger on `notifications` plans each host-news row from those settings:
--   shown in the bell or not (`in_app`), emailed at once, in a batch later (`email_after`,
--   `email_batch`), or not at all. The rule against noise: an email "as it happens" goes at once,
--   then at most one an hour per event or group and kind — what comes in that hour goes out as
--   one email when it ends ("8 more people are going"). The digest is one email a day at 08:00
--   in the member's zone (`notification_preferences.digest_timezone`) with everything since.
-- * `notify` sends a batch as one email and records every row of it (notification_batch,
--   mark_notifications_emailed); the sweep hands over one row per batch once it is due.

create table public.notification_kind_preferences (
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  kind text not null constraint notification_kind_preferences_kind
    check (kind in ('new_rsvp', 'new_waitlist', 'rsvp_requested', 'group_join_requested', 'new_member', 'new_comment')),
  channel text not null constraint notification_kind_preferences_channel check (channel in ('in_app', 'email', 'push')),
  delivery text not null constraint notification_kind_preferences_delivery check (delivery in ('instant', 'daily', 'off')),
  updated_at timestamptz not null default now(),
  primary key (user_id, kind, channel),
  constraint notification_kind_preferences_digest_by_email check (delivery <> 'daily' or channel = 'email')
);

create trigger notification_kind_preferences_updated_at before update on public.notification_kind_preferences
  for each row execute function private.set_updated_at();
create trigger notification_kind_preferences_stamp before insert on public.notification_kind_preferences
  for each row execute function private.stamp_client_insert();
create trigger notification_kind_preferences_refuse_suspended before insert or update on public.notification_kind_preferences
  for each row execute function private.refuse_suspended_writer();

alter table public.notification_kind_preferences enable row level security;
create policy "members read their kind preferences" on public.notification_kind_preferences for select to authenticated
  using (user_id = (select auth.uid()));
create policy "members set their kind preferences" on public.notification_kind_preferences for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy "members change their kind preferences" on public.notification_kind_preferences for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "members reset their kind preferences" on public.notification_kind_preferences for delete to authenticated
  using (user_id = (select auth.uid()));
-- The member writes their choice; the times are the database's (no column grant for updated_at).
grant select, delete on public.notification_kind_preferences to authenticated;
grant insert (user_id, kind, channel, delivery), update (kind, channel, delivery) on public.notification_kind_preferences to authenticated;
grant all on public.notification_kind_preferences to service_role;
select private.hold_to_full_session('public.notification_kind_preferences');

-- The daily digest goes at 08:00 in this zone (the settings page sets the browser's).
alter table public.notification_preferences add column digest_timezone text not null default 'UTC';

create function private.check_digest_timezone() returns trigger
language plpgsql as $$
begin
  if not exists (select 1 from pg_timezone_names where name = new.digest_timezone) then
    perform private.raise_error('invalid_timezone', 'Choose a time zone from the list.');
  end if;
  return new;
end
$$;
create trigger notification_preferences_digest_timezone before insert or update of digest_timezone on public.notification_preferences
  for each row execute function private.check_digest_timezone();

create function private.is_host_news(kind text) returns boolean
language sql immutable as $$
  select kind in ('new_rsvp', 'new_waitlist', 'rsvp_requested', 'group_join_requested', 'new_member', 'new_comment')
$$;

-- Unless the member says otherwise: everything in the bell; requests and comments emailed as
-- they happen (someone waits for an answer), RSVPs, waitlist joins and new members in the daily
-- digest. Push (issue 33) follows the bell until that issue decides.
create function private.notification_default(kind text, channel text) returns text
language sql immutable as $$
  select case when channel = 'email' and kind in ('new_rsvp', 'new_waitlist', 'new_member') then 'daily' else 'instant' end
$$;

-- A member's choice for a kind on a channel, else the default. Requests to join were one switch
-- for emails (email_rsvp_requests, migration 20261101001200), which the settings page still shows:
-- switched off, it keeps both request kinds' emails off unless the member chose per kind since.
create function private.notification_delivery(member uuid, kind text, channel text) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select p.delivery from public.notification_kind_preferences p
     where p.user_id = notification_delivery.member and p.kind = notification_delivery.kind and p.channel = notification_delivery.channel),
    (select 'off' from public.notification_preferences np
     where notification_delivery.channel = 'email' and notification_delivery.kind in ('rsvp_requested', 'group_join_requested')
       and np.user_id = notification_delivery.member and not np.email_rsvp_requests),
    private.notification_default(kind, channel))
$$;

-- The next 08:00 in `zone` after `after`: when a digest started now goes out.
create function private.next_digest_at(zone text, after timestamptz default now()) returns timestamptz
language plpgsql stable as $$
declare
  local_day date := (after at time zone zone)::date;
  due timestamptz := (local_day + time '08:00') at time zone zone;
begin
  if due <= after then
    due := ((local_day + 1) + time '08:00') at time zone zone;
  end if;
  return due;
end
$$;

alter table public.notifications
  add column in_app boolean not null default true,
  -- Not emailed before this time (null: at once), and the email it goes out in with the
  -- member's other rows of the same batch: 'digest:<day>' or '<kind>:<event or group>:<due>'.
  add column email_after timestamptz,
  add column email_batch text;
create index notifications_batches_idx on public.notifications (email_after) where emailed_at is null and email_batch is not null;

-- A row meant for email only is not the member's to read in the bell (nor over realtime).
drop policy "members read their notifications" on public.notifications;
create policy "members read their notifications" on public.notifications for select to authenticated
  using (user_id = (select auth.uid()) and in_app);

-- Plans a host-news row (any other kind passes untouched). Returning null drops a row the
-- member wants on no channel.
create function private.plan_host_news() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  target text := coalesce(new.payload ->> 'event_id', new.payload ->> 'group_id', '');
  bell text;
  email text;
  zone text;
  pending record;
  last_email timestamptz;
begin
  if not private.is_host_news(new.kind) then
    return new;
  end if;
  -- Who did it, by name, for the bell (older procedures' payloads carry only the id).
  if new.payload ? 'user_id' and not new.payload ? 'display_name' then
    new.payload := new.payload || coalesce((select jsonb_build_object('display_name', p.display_name) from public.profiles p
                                            where p.id = private.try_uuid(new.payload ->> 'user_id')), '{}'::jsonb);
  end if;
  bell := private.notification_delivery(new.user_id, new.kind, 'in_app');
  email := private.notification_delivery(new.user_id, new.kind, 'email');
  if bell = 'off' and email = 'off' then
    return null;
  end if;
  new.in_app := bell <> 'off';
  if not new.in_app then
    new.read_at := now(); -- nothing to read in the bell
  end if;
  if email = 'off' then
    new.emailed_at := now();
    new.email_status := 'opted_out';
  elsif email = 'daily' then
    zone := coalesce((select np.digest_timezone from public.notification_preferences np where np.user_id = new.user_id), 'UTC');
    new.email_after := private.next_digest_at(zone);
    new.email_batch := 'digest:' || to_char(new.email_after at time zone zone, 'YYYY-MM-DD');
  else
    -- As it happens, at most one email an hour per event or group and kind. Concurrent RSVPs
    -- to one event take turns here, so two of them cannot both be "the first".
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
create trigger notifications_plan_host_news before insert on public.notifications
  for each row execute function private.plan_host_news();

-- As in migration 20261101001200, minus what is not emailed now: already handled (switched
-- off) or waiting for its batch.
create or replace function private.email_new_notifications() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.email_notifications(array(
    select id from inserted where emailed_at is null and email_after is null order by created_at, id));
  return null;
end
$$;

-- As in migration 20261101001200, plus batches: one row of each batch that is due (notify sends
-- the whole batch with it) for a day after it fell due.
create or replace function private.email_pending_notifications() returns int
language sql security definer set search_path = '' as $$
  select private.email_notifications(array(
    select id from (
      select n.id, n.created_at as due from public.notifications n
      where n.emailed_at is null and n.email_after is null
        and n.created_at > now() - interval '1 day' and n.created_at < now() - interval '1 minute'
      union all
      (select distinct on (n.user_id, n.email_batch) n.id, n.email_after from public.notifications n
       where n.emailed_at is null and n.email_batch is not null
         and n.email_after <= now() and n.email_after > now() - interval '1 day'
       order by n.user_id, n.email_batch, n.created_at, n.id)
    ) pending
    order by due limit 500))
$$;

-- For `notify` (service role only): the batch a notification goes out in — every row of it not
-- yet emailed, oldest first, with what each says — and whether it is due. A row that is not
-- batched is a batch of one.
create function public.notification_batch(notification_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select jsonb_build_object(
    'batch', n.email_batch,
    'digest', coalesce(n.email_batch like 'digest:%', false),
    'due', n.email_after is null or n.email_after <= now(),
    'items', (select coalesce(jsonb_agg(jsonb_build_object('id', b.id, 'kind', b.kind, 'payload', b.payload, 'created_at', b.created_at)
                                        order by b.created_at, b.id), '[]'::jsonb)
              from public.notifications b
              where b.user_id = n.user_id and b.emailed_at is null
                and (b.id = n.id or (n.email_batch is not null and b.email_batch = n.email_batch))))
  from public.notifications n
  where n.id = notification_batch.notification_id
$$;

-- Records a batch's email for each of its rows, once: returns how many this call recorded.
create function public.mark_notifications_emailed(ids uuid[], status text) returns int
language plpgsql security definer set search_path = '' as $$
declare
  changed int;
begin
  update public.notifications n set emailed_at = now(), email_status = mark_notifications_emailed.status
  where n.id = any (mark_notifications_emailed.ids) and n.emailed_at is null;
  get diagnostics changed = row_count;
  return changed;
end
$$;

revoke all on function public.notification_batch(uuid), public.mark_notifications_emailed(uuid[], text) from public, anon, authenticated;
grant execute on function public.notification_batch(uuid), public.mark_notifications_emailed(uuid[], text) to service_role;

revoke all on function private.check_digest_timezone(), private.plan_host_news(), private.notification_delivery(uuid, text, text)
  from public, anon, authenticated;
