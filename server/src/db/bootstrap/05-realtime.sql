-- Tables join realtime by being added to this publication, as on Supabase.
do $$ begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end $$;

-- Private channels: policies on realtime.messages decide who may read and write a topic.
create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant select, insert, update, delete on realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic() returns text language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- Server-private state: never granted to the API roles.
create schema if not exists _gather;
revoke all on schema _gather from public;

-- Change events and bus messages too large for NOTIFY's 8000 bytes.
create table if not exists _gather.realtime_spill (
  id bigserial primary key,
  payload text not null,
  created_at timestamptz not null default now()
);

-- Change capture: one NOTIFY per row change, delivered by Postgres on commit, in commit order.
create or replace function _gather.capture_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  body text;
  spill_id bigint;
begin
  body := jsonb_build_object(
    'schema', TG_TABLE_SCHEMA,
    'table', TG_TABLE_NAME,
    'type', TG_OP,
    'commit_timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'record', case when TG_OP <> 'DELETE' then to_jsonb(NEW) end,
    'old_record', case when TG_OP <> 'INSERT' then to_jsonb(OLD) end
  )::text;
  if octet_length(body) > 7000 then
    insert into _gather.realtime_spill (payload) values (body) returning id into spill_id;
    body := json_build_object('spill', spill_id)::text;
  end if;
  perform pg_notify('gather_realtime_changes', body);
  return null;
end
$$;

-- Attaches the capture trigger to every table in the publication, and detaches it from
-- tables that left. Called at start, after migrations, and by the event trigger below.
create or replace function _gather.sync_realtime_triggers() returns void
language plpgsql as $$
declare r record;
begin
  for r in
    select pt.schemaname, pt.tablename from pg_publication_tables pt
    where pt.pubname = 'supabase_realtime'
      and not exists (
        select 1 from pg_trigger t
        join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where t.tgname = 'gather_realtime_capture' and n.nspname = pt.schemaname and c.relname = pt.tablename)
  loop
    execute format('create trigger gather_realtime_capture after insert or update or delete on %I.%I '
                   'for each row execute function _gather.capture_change()', r.schemaname, r.tablename);
  end loop;
  for r in
    select n.nspname, c.relname from pg_trigger t
    join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where t.tgname = 'gather_realtime_capture'
      and not exists (select 1 from pg_publication_tables pt
                      where pt.pubname = 'supabase_realtime' and pt.schemaname = n.nspname and pt.tablename = c.relname)
  loop
    execute format('drop trigger gather_realtime_capture on %I.%I', r.nspname, r.relname);
  end loop;
end
$$;

create or replace function _gather.on_publication_change() returns event_trigger
language plpgsql as $$
begin
  perform _gather.sync_realtime_triggers();
end
$$;

-- On PostgreSQL the trigger follows `alter publication` at once. PGlite runs Postgres in
-- single-user mode, where event triggers do not fire; the server syncs there instead.
do $$ begin
  if not exists (select 1 from pg_event_trigger where evtname = 'gather_realtime_publication') then
    create event trigger gather_realtime_publication on ddl_command_end
      when tag in ('ALTER PUBLICATION', 'CREATE PUBLICATION')
      execute function _gather.on_publication_change();
  end if;
exception when insufficient_privilege then null;
end $$;

-- Which subscribers may SELECT one row: one round trip for all of them. Each check runs
-- under that subscriber's role and claims, so row-level security decides, as on Supabase.
-- The check is PREPAREd once per call: its plan is reused while the role stays the same (the
-- plan cache re-plans when the role changes, as RLS requires), a third of the cost of planning
-- it per identity. One subtransaction covers the whole batch; only if something raises is the
-- batch redone one identity at a time, so that whatever one subscriber's policy raises (a bad
-- cast of its claims, a missing grant) costs that subscriber this row, never the others.
create or replace function _gather.realtime_visible(rel regclass, pk_cols text[], pk_types text[], pk_vals text[], subscribers jsonb[])
returns boolean[]
language plpgsql as $$
declare
  q text;
  c jsonb;
  ok boolean;
  out boolean[] := '{}';
  run text := format('execute _gather_realtime_visible(%L)', pk_vals);
begin
  select format('select exists(select 1 from %s where %s)', rel,
                string_agg(format('%I = ($1::text[])[%s]::%s', col, i, pk_types[i]), ' and '))
    into q from unnest(pk_cols) with ordinality as t(col, i);
  -- Prepared statements outlive transactions: one left by a call that was cancelled goes first.
  if exists (select 1 from pg_prepared_statements where name = '_gather_realtime_visible') then
    deallocate _gather_realtime_visible;
  end if;
  execute format('prepare _gather_realtime_visible (text[]) as %s', q);
  begin
    foreach c in array subscribers loop
      perform set_config('role', c ->> 'role', true);
      perform set_config('request.jwt.claims', c::text, true);
      perform set_config('request.jwt.claim.sub', coalesce(c ->> 'sub', ''), true);
      perform set_config('request.jwt.claim.role', coalesce(c ->> 'role', ''), true);
      execute run into ok;
      out := out || coalesce(ok, false);
    end loop;
  exception when others then
    out := '{}';
    foreach c in array subscribers loop
      begin
        perform set_config('role', c ->> 'role', true);
        perform set_config('request.jwt.claims', c::text, true);
        perform set_config('request.jwt.claim.sub', coalesce(c ->> 'sub', ''), true);
        perform set_config('request.jwt.claim.role', coalesce(c ->> 'role', ''), true);
        execute run into ok;
      exception when others then
        ok := false;
      end;
      out := out || coalesce(ok, false);
    end loop;
  end;
  deallocate _gather_realtime_visible;
  return out;
end
$$;
revoke all on function _gather.realtime_visible(regclass, text[], text[], text[], jsonb[]) from public;
