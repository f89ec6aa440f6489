-- The roles every Supabase database has. Roles are cluster-wide on PostgreSQL, so creation
-- tolerates a concurrent bootstrap of another database on the same cluster.
do $$
declare
  r record;
begin
  for r in
    select * from (values
      ('anon', 'nologin noinherit'),
      ('authenticated', 'nologin noinherit'),
      ('service_role', 'nologin noinherit bypassrls'),
      ('authenticator', 'login noinherit'),
      ('supabase_auth_admin', 'nologin noinherit createrole'),
      ('supabase_storage_admin', 'nologin noinherit createrole'),
      ('supabase_realtime_admin', 'nologin noinherit'),
      ('dashboard_user', 'nologin createrole createdb')
    ) as t(name, opts)
  loop
    if not exists (select 1 from pg_roles where rolname = r.name) then
      begin
        execute format('create role %I %s', r.name, r.opts);
      exception when duplicate_object or unique_violation then null;
      end;
    end if;
  end loop;
  begin
    grant anon, authenticated, service_role to authenticator;
  exception when others then null; -- already granted by a concurrent bootstrap
  end;
end
$$;
