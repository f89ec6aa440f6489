-- Hosts message their attendees: one `host_message` notification per recipient, which the
-- `notify` function emails (respecting each member's preferences) and the bell shows live.

create table public.event_messages (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  sender_id uuid references public.profiles (id) on delete set null,
  audience text not null constraint event_messages_audience check (audience in ('going', 'waitlisted', 'both')),
  subject text not null constraint event_messages_subject_length check (char_length(subject) between 1 and 120),
  body text not null constraint event_messages_body_length check (char_length(body) between 1 and 5000),
  recipient_count int not null default 0,
  created_at timestamptz not null default now()
);
create index event_messages_event_idx on public.event_messages (event_id, created_at desc);
create index event_messages_sender_idx on public.event_messages (sender_id, created_at desc);

alter table public.event_messages enable row level security;
create policy "hosts read their event's messages" on public.event_messages for select to authenticated
  using ((select private.can_manage_event(event_id)));
grant select on public.event_messages to authenticated;
grant all on public.event_messages to service_role;

-- Who gets a message: RSVPs in the audience, not the sender, and not suspended members (they
-- cannot sign in to read it).
create function private.message_recipients(eid uuid, statuses public.rsvp_status[], sender uuid) returns setof uuid
language sql stable security definer set search_path = '' as $$
  select r.user_id from public.rsvps r join public.profiles p on p.id = r.user_id
  where r.event_id = eid and r.status = any (statuses) and r.user_id is distinct from sender and p.suspended_at is null
$$;
revoke all on function private.message_recipients(uuid, public.rsvp_status[], uuid) from public, anon, authenticated;

create function public.message_attendees(event_id uuid, audience text, subject text, body text) returns integer
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  -- The event row lock makes the rate limit exact under concurrent sends.
  e public.events := private.lock_event(message_attendees.event_id);
  me uuid := (select auth.uid());
  clean_subject text := trim(coalesce(message_attendees.subject, ''));
  clean_body text := trim(coalesce(message_attendees.body, ''));
  statuses public.rsvp_status[];
  message_id uuid;
  sent int;
begin
  perform private.assert_active();
  if not private.can_manage_event(e.id) then
    perform private.raise_error('not_host', 'Only the event''s hosts can do that.', 403);
  end if;
  statuses := case message_attendees.audience
    when 'going' then array['going']::public.rsvp_status[]
    when 'waitlisted' then array['waitlisted']::public.rsvp_status[]
    when 'both' then array['going', 'waitlisted']::public.rsvp_status[] end;
  if statuses is null then
    perform private.raise_error('invalid_audience', 'Choose who gets the message: going, waitlisted or both.');
  end if;
  if char_length(clean_subject) not between 1 and 120 then
    perform private.raise_error('invalid_subject', 'The subject must be 1 to 120 characters long.');
  end if;
  if char_length(clean_body) not between 1 and 5000 then
    perform private.raise_error('invalid_message', 'The message must be 1 to 5,000 characters long.');
  end if;
  -- At most 3 messages an hour per event and 10 a day per sender (decision 0053).
  if (select count(*) from public.event_messages m where m.event_id = e.id and m.created_at > now() - interval '1 hour') >= 3
     or (select count(*) from public.event_messages m where m.sender_id = me and m.created_at > now() - interval '1 day') >= 10 then
    perform private.raise_error('rate_limited', 'You''re doing that too often. Try again in a minute.', 429);
  end if;
  if not exists (select 1 from private.message_recipients(e.id, statuses, me)) then
    perform private.raise_error('no_recipients', 'Nobody is in that group yet.', 409);
  end if;

  insert into public.event_messages (event_id, sender_id, audience, subject, body)
  values (e.id, me, message_attendees.audience, clean_subject, clean_body)
  returning id into message_id;
  insert into public.notifications (user_id, kind, payload)
  select recipient, 'host_message', jsonb_build_object(
    'event_id', e.id, 'slug', e.slug, 'title', e.title, 'subject', clean_subject, 'body', clean_body,
    'from_name', (select display_name from public.profiles where id = me), 'message_id', message_id)
  from private.message_recipients(e.id, statuses, me) as recipient;
  get diagnostics sent = row_count;
  update public.event_messages m set recipient_count = sent where m.id = message_id;
  perform private.log_moderation('message_sent', 'event', e.id, jsonb_build_object(
    'message_id', message_id, 'audience', message_attendees.audience, 'subject', clean_subject, 'recipient_count', sent));
  return sent;
end
$$;

revoke all on function public.message_attendees(uuid, text, text, text) from public, anon;
grant execute on function public.message_attendees(uuid, text, text, text) to authenticated, service_role;
