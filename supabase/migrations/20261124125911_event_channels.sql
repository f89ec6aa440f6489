-- The event page's live channel, `event:<event id>`, is private (decision 0095): Realtime asks
-- these policies on realtime.messages, with the channel's name in realtime.topic(), whether a
-- caller may join it, be counted in its presence, and broadcast on it.
--   listen (broadcast and presence): whoever may see the event, signed in or not;
--   be counted (presence): the same people — the app tracks an opaque per-page-view key and no
--     identity, so presence names nobody;
--   broadcast ("typing…", "comment hidden"): signed-in, not suspended, and may see the event.
-- Other private topics have no policy and stay closed.

-- The event a channel belongs to, or null when the topic is not an event page's.
create function private.event_channel_event(topic text) returns uuid
language sql immutable as $$
  select case when topic like 'event:%' then private.try_uuid(substr(topic, 7)) end
$$;

create policy "event channels: those who may see the event listen" on realtime.messages
  for select to anon, authenticated
  using (extension in ('broadcast', 'presence')
         and (select private.can_view_event(private.event_channel_event((select realtime.topic())))));

create policy "event channels: those who may see the event are counted" on realtime.messages
  for insert to anon, authenticated
  with check (extension = 'presence'
              and (select private.can_view_event(private.event_channel_event((select realtime.topic())))));

create policy "event channels: signed-in viewers broadcast" on realtime.messages
  for insert to authenticated
  with check (extension = 'broadcast'
              and not (select private.caller_suspended())
              and (select private.can_view_event(private.event_channel_event((select realtime.topic())))));
