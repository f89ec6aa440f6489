-- Gather's schema checked in pgTAP, beside the vitest suite (supabase/tests/*.test.ts): run with
-- `gather-server test db` (or `supabase test db`), each file in its own transaction, rolled back.
begin;
select plan(3);

select is(
  array(select c.oid::regclass::text from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity
        order by 1),
  '{}'::text[],
  'row-level security is on for every table in public'
);

select is(
  array(select p.oid::regprocedure::text from pg_proc p
        where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace) and p.prosecdef
          and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) setting where setting like 'search_path=%')
        order by 1),
  '{}'::text[],
  'every security definer function in public and private fixes its search_path'
);

select is(
  array(select c.oid::regclass::text from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and c.relrowsecurity
          and not exists (select 1 from pg_policy p where p.polrelid = c.oid)
          and (has_table_privilege('anon', c.oid, 'select') or has_table_privilege('authenticated', c.oid, 'select'))
        order by 1),
  '{}'::text[],
  'a table the API roles may select from has a policy saying which rows'
);

select * from finish();
rollback;
