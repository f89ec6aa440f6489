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

-- Which subscribers may SELECT which rows: one round trip for a table's queued changes and all
-- their subscribers. `pk_rows[k]` is a JSON array of primary keys (each an array of text values
-- in pk_cols order) to check for `subscribers[k]`; the answer is every subscriber's verdicts in
-- turn, in that order. Each check runs under that subscriber's role and claims, so row-level
-- security decides, as on Supabase; one row per execution, by its primary key (a set of keys
-- in one query lets the planner scan the table and run the policy on every row, decision 0190).
-- The check is PREPAREd once per call: its plan is reused while the role stays the same (the
-- plan cache re-plans when the role changes, as RLS requires). One subtransaction covers the
-- whole batch; only if something raises is it redone one check at a time, so that whatever one
-- subscriber's policy raises (a bad cast of its claims, a missing grant) costs that subscriber
-- that row, never the others (decision 0184).
drop function if exists _gather.realtime_visible(regclass, text[], text[], text[], jsonb[]);
create or replace function _gather.realtime_visible_rows(rel regclass, pk_cols text[], pk_types text[], subscribers jsonb[], pk_rows jsonb[])
returns boolean[]
language plpgsql as $$
declare
  q text;
  c jsonb;
  pk text[];
  k int;
  ok boolean;
  run text;
  runs text[];
  runs_for jsonb;
  out boolean[] := '{}';
begin
  select format('select exists(select 1 from %s where %s)', rel,
                string_agg(format('%I = ($1::text[])[%s]::%s', col, ord, pk_types[ord]), ' and '))
    into q from unnest(pk_cols) with ordinality as u(col, ord);
  -- Prepared statements outlive transactions: one left by a call that was cancelled goes first.
  if exists (select 1 from pg_prepared_statements where name = '_gather_realtime_visible') then
    deallocate _gather_realtime_visible;
  end if;
  execute format('prepare _gather_realtime_visible (text[]) as %s', q);
  begin
    for k in 1 .. coalesce(array_length(subscribers, 1), 0) loop
      c := subscribers[k];
      perform set_config('role', c ->> 'role', true);
      perform set_config('request.jwt.claims', c::text, true);
      perform set_config('request.jwt.claim.sub', coalesce(c ->> 'sub', ''), true);
      perform set_config('request.jwt.claim.role', coalesce(c ->> 'role', ''), true);
      -- Subscribers usually ask about the same rows (every member of a page, one change): the
      -- statements are built once for a run of equal lists.
      if runs_for is distinct from pk_rows[k] then
        select coalesce(array_agg(format('execute _gather_realtime_visible(%L)', array(select jsonb_array_elements_text(e))) order by n), '{}')
          into runs from jsonb_array_elements(pk_rows[k]) with ordinality as t(e, n);
        runs_for := pk_rows[k];
      end if;
      foreach run in array runs loop
        execute run into ok;
        out := out || coalesce(ok, false);
      end loop;
    end loop;
  exception when others then
    out := '{}';
    for k in 1 .. coalesce(array_length(subscribers, 1), 0) loop
      c := subscribers[k];
      for pk in select array(select jsonb_array_elements_text(e)) from jsonb_array_elements(pk_rows[k]) as e loop
        begin
          perform set_config('role', c ->> 'role', true);
          perform set_config('request.jwt.claims', c::text, true);
          perform set_config('request.jwt.claim.sub', coalesce(c ->> 'sub', ''), true);
          perform set_config('request.jwt.claim.role', coalesce(c ->> 'role', ''), true);
          execute format('execute _gather_realtime_visible(%L)', pk) into ok;
        exception when others then
          ok := false;
        end;
        out := out || coalesce(ok, false);
      end loop;
    end loop;
  end;
  deallocate _gather_realtime_visible;
  return out;
end
$$;
revoke all on function _gather.realtime_visible_rows(regclass, text[], text[], jsonb[], jsonb[]) from public;
