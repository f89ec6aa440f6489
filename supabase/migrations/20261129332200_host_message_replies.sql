-- Answering a host's message (issue 33, decision 0349): the member who received it reads who sent
-- it, so that the Messages page can open a conversation with that host. security definer:
-- event_messages is readable by the event's hosts only; this returns the one message the caller
-- was sent (a host_message notification names it), and nothing for anyone else.
create function public.host_message_for_reply(message_id uuid)
returns table (sender_id uuid, sender_name text, subject text, body text, event_title text)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.assert_full_session();
  return query
    select m.sender_id, coalesce(nullif(p.display_name, ''), p.username), m.subject, m.body, e.title
    from public.event_messages m
    join public.events e on e.id = m.event_id
    join public.profiles p on p.id = m.sender_id
    where m.id = host_message_for_reply.message_id
      and exists (select 1 from public.notifications n where n.user_id = (select auth.uid()) and n.kind = 'host_message'
                  and n.payload ->> 'message_id' = m.id::text);
end
$$;
revoke all on function public.host_message_for_reply(uuid) from public, anon;
grant execute on function public.host_message_for_reply(uuid) to authenticated, service_role;
