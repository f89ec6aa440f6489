-- pg_cron's SQL surface (cron.job, cron.job_run_details, cron.schedule, cron.unschedule, …) where
-- the real extension is absent, as on PGlite and on a plain PostgreSQL. The server's scheduler
-- (server/src/cron) runs the jobs. Where pg_cron itself is available, nothing here is created and
-- `create extension pg_cron` installs the real one. See docs/decisions/0041.

create table if not exists _gather.emulated_extensions (
  name text primary key,
  version text not null
);
revoke all on _gather.emulated_extensions from public, anon, authenticated, service_role;

-- Which (job, time slot) an instance has claimed, so a job runs once per tick across instances.
create table if not exists _gather.cron_claims (
  jobid bigint not null,
  slot bigint not null,
  claimed_at timestamptz not null default now(),
  primary key (jobid, slot)
);
revoke all on _gather.cron_claims from public, anon, authenticated, service_role;

-- True when the database can provide an extension itself (the real control file is installed and
-- it is not this server's stand-in), or already has it installed for real.
create or replace function _gather.real_extension(ext text) returns boolean language sql stable as $$
  select exists (select 1 from pg_available_extensions where name = ext and coalesce(comment, '') not like 'Gather:%')
      or (exists (select 1 from pg_extension where extname = ext)
          and not exists (select 1 from _gather.emulated_extensions where name = ext));
$$;

-- Makes `create extension [if not exists] <ext>` succeed where the extension is emulated. PGlite:
-- an empty extension (control file and script written into PGlite's in-memory share folder), so
-- both forms work. PostgreSQL (superuser only): a catalog entry, so the `if not exists` form is a
-- no-op. Anything else: nothing (the statement then fails as it would without the server).
create or replace function _gather.stand_in_extension(ext text, version text, ns text) returns void language plpgsql as $$
declare
  dir text;
begin
  if version() like '%PGlite%' then
    select setting || '/extension/' into dir from pg_config where name = 'SHAREDIR';
    execute format($f$copy (select unnest(array[%L, %L, 'relocatable = true'])) to %L$f$,
      'comment = ''Gather: ' || ext || ' provided by the server''', 'default_version = ''' || version || '''',
      dir || ext || '.control');
    execute format($f$copy (select '-- provided by the server (see _gather.emulated_extensions)') to %L$f$,
      dir || ext || '--' || version || '.sql');
  elsif not exists (select 1 from pg_extension where extname = ext) then
    begin
      -- The schema's own oid is unique among extension oids too: both come from one counter.
      insert into pg_catalog.pg_extension (oid, extname, extowner, extnamespace, extrelocatable, extversion)
      select n.oid, ext, (select oid from pg_roles where rolname = current_user), n.oid, true, version
      from pg_namespace n where n.nspname = ns;
    exception when others then
      raise notice 'create extension % will need the real extension: %', ext, sqlerrm;
    end;
  end if;
end
$$;

do $bootstrap$
begin
  if _gather.real_extension('pg_cron') then
    delete from _gather.emulated_extensions where name = 'pg_cron';
    return;
  end if;

  create schema if not exists cron;
  create sequence if not exists cron.jobid_seq;
  create sequence if not exists cron.runid_seq;

  create table if not exists cron.job (
    jobid bigint primary key default nextval('cron.jobid_seq'),
    schedule text not null,
    command text not null,
    nodename text not null default 'localhost',
    nodeport int not null default coalesce(inet_server_port(), 5432),
    database text not null default current_database(),
    username text not null default current_user,
    active boolean not null default true,
    jobname text,
    constraint jobname_username_uniq unique (jobname, username)
  );
  alter table cron.job enable row level security;
  if not exists (select 1 from pg_policies where schemaname = 'cron' and tablename = 'job') then
    create policy cron_job_policy on cron.job using (username = current_user);
  end if;

  create table if not exists cron.job_run_details (
    jobid bigint,
    runid bigint primary key default nextval('cron.runid_seq'),
    job_pid integer,
    database text,
    username text,
    command text,
    status text,
    return_message text,
    start_time timestamptz,
    end_time timestamptz
  );
  alter table cron.job_run_details enable row level security;
  if not exists (select 1 from pg_policies where schemaname = 'cron' and tablename = 'job_run_details') then
    create policy cron_job_run_details_policy on cron.job_run_details using (username = current_user);
  end if;

  insert into _gather.emulated_extensions values ('pg_cron', '1.6') on conflict (name) do nothing;
  perform _gather.stand_in_extension('pg_cron', '1.6', 'cron');
end
$bootstrap$;

-- The functions, only where the schema is the emulation's (never over the real extension's).
do $functions$
begin
  if not exists (select 1 from _gather.emulated_extensions where name = 'pg_cron') then
    return;
  end if;

  create or replace function cron._field_value(field int, token text) returns int
  language sql immutable as $f$
    select case
      when token is null then null
      when token ~ '^\d+$' then token::int
      when field = 4 then array_position(array['jan','feb','mar','apr','may','jun','jul','aug','sep','oct','nov','dec'], token)
      when field = 5 then array_position(array['sun','mon','tue','wed','thu','fri','sat'], token) - 1
    end
  $f$;

  -- A 5-field cron expression (names, ranges, steps, lists, `$` = last day of month), an
  -- `@hourly`-style macro, or pg_cron's '[1-59] seconds'. The scheduler parses it again to run it.
  create or replace function cron._valid_schedule(schedule text) returns boolean
  language plpgsql immutable as $f$
  declare
    s text := lower(btrim(schedule));
    fields text[];
    lo int[] := array[0, 0, 1, 1, 0];
    hi int[] := array[59, 23, 31, 12, 7];
    item text;
    m text[];
    a int;
    b int;
  begin
    if s ~ '^\d+\s*seconds?$' then
      a := substring(s from '^(\d+)')::int;
      return a between 1 and 59;
    end if;
    if s in ('@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly', '@reboot') then
      return true;
    end if;
    fields := regexp_split_to_array(s, '\s+');
    if array_length(fields, 1) <> 5 then
      return false;
    end if;
    for i in 1..5 loop
      foreach item in array string_to_array(fields[i], ',') loop
        if i = 3 and item = '$' then
          continue;
        end if;
        m := regexp_match(item, '^(\*|[a-z0-9]+)(?:-([a-z0-9]+))?(?:/(\d+))?$');
        if m is null then
          return false;
        end if;
        if m[1] <> '*' then
          a := cron._field_value(i, m[1]);
          b := coalesce(cron._field_value(i, m[2]), a);
          if a is null or b is null or a < lo[i] or b > hi[i] or a > b then
            return false;
          end if;
        elsif m[2] is not null then
          return false;
        end if;
        if m[3] is not null and m[3]::int < 1 then
          return false;
        end if;
      end loop;
    end loop;
    return true;
  end
  $f$;

  create or replace function cron._check_schedule(schedule text) returns void
  language plpgsql immutable as $f$
  begin
    if schedule is null then
      raise exception 'schedule can not be NULL';
    end if;
    if not cron._valid_schedule(schedule) then
      raise exception 'invalid schedule: %', schedule
        using errcode = '22023', hint = 'Use cron format (e.g. 5 4 * * *), or interval format ''[1-59] seconds''';
    end if;
  end
  $f$;

  create or replace function cron.schedule(job_name text, schedule text, command text) returns bigint
  language plpgsql as $f$
  declare
    id bigint;
  begin
    if job_name is null then raise exception 'job_name can not be NULL'; end if;
    if command is null then raise exception 'command can not be NULL'; end if;
    perform cron._check_schedule(schedule);
    insert into cron.job (schedule, command, jobname) values (schedule, command, job_name)
    on conflict on constraint jobname_username_uniq
      do update set schedule = excluded.schedule, command = excluded.command, database = excluded.database
    returning jobid into id;
    return id;
  end
  $f$;

  create or replace function cron.schedule(schedule text, command text) returns bigint
  language plpgsql as $f$
  declare
    id bigint;
  begin
    if command is null then raise exception 'command can not be NULL'; end if;
    perform cron._check_schedule(schedule);
    insert into cron.job (schedule, command) values (schedule, command) returning jobid into id;
    return id;
  end
  $f$;

  create or replace function cron.schedule_in_database(job_name text, schedule text, command text, database text,
      username text default null, active boolean default true) returns bigint
  language plpgsql as $f$
  declare
    id bigint;
  begin
    perform cron._check_schedule(schedule);
    insert into cron.job (schedule, command, jobname, database, username, active)
    values (schedule, command, job_name, database, coalesce(username, current_user), active)
    on conflict on constraint jobname_username_uniq
      do update set schedule = excluded.schedule, command = excluded.command, database = excluded.database,
                    active = excluded.active
    returning jobid into id;
    return id;
  end
  $f$;

  create or replace function cron.unschedule(job_id bigint) returns boolean
  language plpgsql as $f$
  begin
    delete from cron.job where jobid = job_id;
    if not found then
      raise exception 'could not find valid entry for job %', job_id;
    end if;
    return true;
  end
  $f$;

  create or replace function cron.unschedule(job_name text) returns boolean
  language plpgsql as $f$
  begin
    delete from cron.job where jobname = job_name and username = current_user;
    if not found then
      raise exception 'could not find valid entry for job ''%''', job_name;
    end if;
    return true;
  end
  $f$;

  create or replace function cron.alter_job(job_id bigint, schedule text default null, command text default null,
      database text default null, username text default null, active boolean default null) returns void
  language plpgsql as $f$
  begin
    if schedule is not null then
      perform cron._check_schedule(schedule);
    end if;
    if schedule is null and command is null and database is null and username is null and active is null then
      raise exception 'no updates specified' using hint = 'You must specify at least one job attribute to change when calling alter_job';
    end if;
    update cron.job j set
      schedule = coalesce(alter_job.schedule, j.schedule),
      command = coalesce(alter_job.command, j.command),
      database = coalesce(alter_job.database, j.database),
      username = coalesce(alter_job.username, j.username),
      active = coalesce(alter_job.active, j.active)
    where j.jobid = job_id;
    if not found then
      raise exception 'Job % does not exist or you don''t own it', job_id;
    end if;
  end
  $f$;
end
$functions$;

-- As on Supabase, only the database owner schedules jobs; the API roles see nothing of cron.
do $grants$
begin
  if exists (select 1 from _gather.emulated_extensions where name = 'pg_cron') then
    revoke all on schema cron from public, anon, authenticated, service_role;
    revoke all on all tables in schema cron from public, anon, authenticated, service_role;
    revoke all on all functions in schema cron from public, anon, authenticated, service_role;
  end if;
end
$grants$;
