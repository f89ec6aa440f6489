-- A private message is seen when its recipient marked it read, and stays seen at that time: the
-- recipient may update read_at (mark_conversation_read runs under their rights), but the time
-- is the server's, as for notifications (20261124131140), so "Seen" never shows a made-up time.
create function private.direct_message_server_owned() returns trigger
language plpgsql as $$
begin
  if private.is_client() and new.read_at is distinct from old.read_at and new.read_at is not null then
    new.read_at := coalesce(old.read_at, now());
  end if;
  return new;
end
$$;
create trigger direct_messages_server_owned before update on public.direct_messages
  for each row execute function private.direct_message_server_owned();
