-- Broadcast from the database, as Supabase Realtime offers it (decision 0295): `realtime.send`,
-- `realtime.send_binary` and `realtime.broadcast_changes` insert into realtime.messages; each
-- committed insert is broadcast to the topic's subscribers. Supabase reads those inserts through
-- logical replication; here a trigger NOTIFYs them (delivered on commit, in commit order) to
-- every server instance, which delivers them to its own sockets only.

-- Upstream's column and constraint (a message carries JSON or bytes, never both), and UTC
-- defaults: Supabase's database runs in UTC, so its `now()` defaults are UTC, and replay's `since`
-- (ms since the epoch) is compared with these columns whatever the session's time zone. Each
-- change is made once: an ALTER TABLE locks the table, and this file runs at every start.
do $$ begin
  if not exists (select 1 from pg_attribute where attrelid = 'realtime.messages'::regclass and attname = 'binary_payload' and not attisdropped) then
    alter table realtime.messages add column binary_payload bytea;
  end if;
  if not exists (select 1 from pg_constraint where conrelid = 'realtime.messages'::regclass and conname = 'messages_payload_exclusive') then
    alter table realtime.messages add constraint messages_payload_exclusive check (payload is null or binary_payload is null) not valid;
  end if;
  if not exists (select 1 from pg_attrdef d join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
                 where d.adrelid = 'realtime.messages'::regclass and a.attname = 'inserted_at'
                   and pg_get_expr(d.adbin, d.adrelid) ilike '%utc%') then
    alter table realtime.messages alter column inserted_at set default (now() at time zone 'utc'),
                                  alter column updated_at set default (now() at time zone 'utc');
  end if;
end $$;
-- Replay reads a private topic's latest broadcasts (upstream's index).
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;

-- Runs as its caller, as upstream: the insert passes realtime.messages' policies (realtime.topic()
-- is the message's topic), and a refused or failed send is a warning, never the caller's error.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void language plpgsql as $$
declare
  new_id uuid := gen_random_uuid();
begin
  begin
    execute format('set local realtime.topic to %L', topic);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (new_id, case when payload ? 'id' then payload else jsonb_set(payload, '{id}', to_jsonb(new_id)) end,
            event, topic, private, 'broadcast');
  exception when others then
    raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;

create or replace function realtime.send_binary(payload bytea, event text, topic text, private boolean default true)
returns void language plpgsql as $$
begin
  begin
    execute format('set local realtime.topic to %L', topic);
    insert into realtime.messages (id, binary_payload, event, topic, private, extension)
    values (gen_random_uuid(), payload, event, topic, private, 'broadcast');
  exception when others then
    raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;

-- For row triggers: `{record, old_record, operation, table, schema}` on `topic_name`.
create or replace function realtime.broadcast_changes(topic_name text, event_name text, operation text, table_name text,
                                                      table_schema text, new record, old record, level text default 'ROW')
returns void language plpgsql as $$
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation not in ('INSERT', 'UPDATE', 'DELETE') then
    raise exception 'Unexpected operation type: %', operation;
  end if;
  perform realtime.send(jsonb_build_object('old_record', old, 'record', new, 'operation', operation,
                                           'table', table_name, 'schema', table_schema),
                        event_name, topic_name);
exception when others then
  raise exception 'Failed to process the row: %', sqlerrm;
end
$$;

-- Every committed insert reaches every instance's listener; large ones through the spill table.
create or replace function _gather.realtime_message_inserted() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  body text;
  spill_id bigint;
begin
  body := jsonb_build_object(
    'id', NEW.id, 'topic', NEW.topic, 'event', NEW.event, 'private', coalesce(NEW.private, false),
    'payload', NEW.payload, 'binary', encode(NEW.binary_payload, 'base64')
  )::text;
  if octet_length(body) > 7000 then
    insert into _gather.realtime_spill (payload) values (body) returning id into spill_id;
    body := json_build_object('spill', spill_id)::text;
  end if;
  perform pg_notify('gather_realtime_messages', body);
  return null;
end
$$;
revoke all on function _gather.realtime_message_inserted() from public;
do $$ begin
  if not exists (select 1 from pg_trigger where tgrelid = 'realtime.messages'::regclass and tgname = 'gather_realtime_broadcast') then
    create trigger gather_realtime_broadcast after insert on realtime.messages
      for each row execute function _gather.realtime_message_inserted();
  end if;
end $$;
