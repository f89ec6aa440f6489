-- Supabase's `postgres` role runs with search_path = "$user", public, extensions, so a project's
-- SQL calls uuid_generate_v4(), crypt(), digest(), vector operators… unqualified. Set for this
-- database (not the cluster-wide role: other databases on the same PostgreSQL are not ours);
-- migrations and seeds also set it for their own transaction. Decision 0224.
do $$
begin
  execute format('alter database %I set search_path to "$user", public, extensions', current_database());
end
$$;
