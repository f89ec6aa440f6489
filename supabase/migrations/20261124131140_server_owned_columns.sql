-- Server-owned columns are set by the database, whatever a client sends (decision 0096).
-- "A client" is a request made as anon or authenticated through the API; procedures (security
-- definer, running as their owner), the service role and the seed are the server and keep their
-- values. Columns a client may not write at all (by grant) need nothing here.

create function private.is_client() returns boolean
language sql stable as $$
  select current_user in ('anon', 'authenticated')
$$;

-- events: the id, the slug (from the title: events_slug runs after this trigger, by name), the
-- creation and publication times (the 20-a-day limit counts created_at) and moderation are the
-- database's. updated_at moves with every change but a moderator's hide or restore.
create function private.event_server_owned() returns trigger
language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    if private.is_client() then
      new.id := gen_random_uuid();
      new.slug := null;
      new.created_at := now();
      new.updated_at := now();
      new.published_at := case when new.status = 'published' then now() end;
      new.hidden_at := null;
    end if;
  elsif (to_jsonb(new) - 'hidden_at' - 'search' - 'updated_at') is distinct from (to_jsonb(old) - 'hidden_at' - 'search' - 'updated_at') then
    new.updated_at := now();
  end if;
  return new;
end
$$;
create trigger events_server_owned before insert or update on public.events
  for each row execute function private.event_server_owned();

-- Tables whose insert grant covers their timestamps: stamped on insert (updates already are,
-- by their *_updated_at triggers).
create function private.stamp_client_insert() returns trigger
language plpgsql as $$
declare
  stamps jsonb := '{}';
begin
  if private.is_client() then
    if to_jsonb(new) ? 'created_at' then stamps := stamps || jsonb_build_object('created_at', now()); end if;
    if to_jsonb(new) ? 'updated_at' then stamps := stamps || jsonb_build_object('updated_at', now()); end if;
    new := jsonb_populate_record(new, stamps);
  end if;
  return new;
end
$$;
create trigger event_invites_stamp before insert on public.event_invites
  for each row execute function private.stamp_client_insert();
create trigger event_online_links_stamp before insert on public.event_online_links
  for each row execute function private.stamp_client_insert();
create trigger notification_preferences_stamp before insert on public.notification_preferences
  for each row execute function private.stamp_client_insert();

-- A comment is deleted or hidden when the database says, not when the browser's clock does; a
-- second "delete" keeps the first time.
create function private.comment_server_owned() returns trigger
language plpgsql as $$
begin
  if private.is_client() then
    if new.deleted_at is distinct from old.deleted_at and new.deleted_at is not null then
      new.deleted_at := coalesce(old.deleted_at, now());
    end if;
    if new.hidden_at is distinct from old.hidden_at and new.hidden_at is not null then
      new.hidden_at := coalesce(old.hidden_at, now());
    end if;
  end if;
  return new;
end
$$;
create trigger comments_server_owned before update on public.comments
  for each row execute function private.comment_server_owned();

-- Likewise a notification is read when it was marked read (and stays read at that time).
create function private.notification_server_owned() returns trigger
language plpgsql as $$
begin
  if private.is_client() and new.read_at is distinct from old.read_at and new.read_at is not null then
    new.read_at := coalesce(old.read_at, now());
  end if;
  return new;
end
$$;
create trigger notifications_server_owned before update on public.notifications
  for each row execute function private.notification_server_owned();
