-- Two-factor protects the data, not only the screens (issue 30 item 4, decision 0262), and an
-- anonymous sign-in looks around but changes nothing (issue 30, decision 0263).
--
-- Supabase's documented rule ("Enforce rules for MFA logins"): a restrictive policy that asks
-- for aal2 when the user has a verified factor. Here it is one STABLE helper, private.aal_ok(),
-- asked once per statement as `(select private.aal_ok())` by
--   * a restrictive policy on every table of `public` (private.hold_to_full_session),
--   * a restrictive policy on storage.objects (every bucket) and realtime.messages (every
--     private channel: event:<id>, group:<id>, and any later topic),
--   * every SECURITY DEFINER procedure that `authenticated` may call: those bypass row-level
--     security, so each is put behind a wrapper of the same name and signature that asks
--     private.assert_full_session() first (private.guard_procedure). The body moves to
--     `private.<name>`, callable by its owner only.
-- Postgres's own roles (service_role, the cron jobs, triggers) and anon are not `authenticated`
-- and are not affected; nor is a member without a verified factor.
--
-- A table, procedure or topic added later gets the same rule with one line:
--   select private.hold_to_full_session('public.new_table');
--   select private.guard_procedure('public.new_procedure(uuid)', false);
-- or a procedure begins with `perform private.assert_full_session(writes => true);`.
-- supabase/tests/second-factor-everywhere.test.ts walks the catalog and fails for anything left out.

-- The session is as strong as the account asks: aal2, or the user has no verified factor (an
-- enrolled but unverified one does not count, as for GoTrue's nextLevel), or no user at all.
-- The `aal` claim is signed by the auth server with the token (decision 0145). security definer:
-- the API roles cannot read auth.mfa_factors; the lookup (mfa_factors_user_id_idx) runs only for
-- an aal1 token. `case` keeps that order: an aal2 token never pays for the lookup.
create function private.aal_ok() returns boolean
language sql stable security definer set search_path = '' as $$
  select case
    when (select auth.jwt()) ->> 'aal' = 'aal2' then true
    when (select auth.uid()) is null then true
    else not exists (
      select 1 from auth.mfa_factors f where f.user_id = (select auth.uid()) and f.status = 'verified'
    )
  end
$$;

-- A token from an anonymous sign-in (`is_anonymous`, as GoTrue signs it). Supabase's example
-- writes `… is false`; `is not true` also lets through a token without the claim (service
-- tokens, the claims tests and procedures compose), which is not an anonymous sign-in.
create function private.is_anonymous_user() returns boolean
language sql stable as $$
  select coalesce(((select auth.jwt()) ->> 'is_anonymous')::boolean, false)
$$;

grant execute on function private.aal_ok(), private.is_anonymous_user() to anon, authenticated, service_role;

-- What a guarded procedure asks first. `writes`: the procedure changes something, which an
-- anonymous sign-in may not.
create function private.assert_full_session(writes boolean default false) returns void
language plpgsql stable as $$
begin
  if not private.aal_ok() then
    perform private.raise_error('insufficient_aal',
      'This account has two-factor authentication: enter the code from your second factor first.', 403);
  end if;
  if writes and private.is_anonymous_user() then
    perform private.raise_error('anonymous_user',
      'Anonymous sign-ins can look around but not change anything: add an email to your account first.', 403);
  end if;
end
$$;

grant execute on function private.assert_full_session(boolean) to anon, authenticated, service_role;

-- The table rule: aal2 when enrolled, for every command; anonymous sign-ins read only.
create function private.hold_to_full_session(tbl regclass) returns void
language plpgsql as $$
begin
  execute format('create policy "aal2 when the account has a second factor" on %s as restrictive '
    'for all to authenticated using ((select private.aal_ok())) with check ((select private.aal_ok()))', tbl);
  execute format('create policy "anonymous sign-ins add nothing" on %s as restrictive '
    'for insert to authenticated with check (not (select private.is_anonymous_user()))', tbl);
  execute format('create policy "anonymous sign-ins change nothing" on %s as restrictive '
    'for update to authenticated using (not (select private.is_anonymous_user()))', tbl);
  execute format('create policy "anonymous sign-ins remove nothing" on %s as restrictive '
    'for delete to authenticated using (not (select private.is_anonymous_user()))', tbl);
end
$$;

-- The procedure rule. `fn` keeps its name, arguments (with defaults), result, volatility,
-- strictness, comment and grants, so PostgREST, the generated types and other procedures see
-- no change; its body moves to schema `private` under the same name (plpgsql bodies name their
-- arguments `<function>.<argument>`, so the name must stay), executable by its owner only. A
-- function already asking private.assert_full_session is left alone: calling this twice is
-- harmless.
create function private.guard_procedure(fn regprocedure, anonymous_may_call boolean) returns void
language plpgsql as $$
declare
  marker constant text := 'The body of a guarded procedure of schema public (private.guard_procedure).';
  p pg_catalog.pg_proc;
  ident text := pg_catalog.pg_get_function_identity_arguments(fn);
  described text := pg_catalog.obj_description(fn, 'pg_proc');
  earlier oid;
  args text;
  call text;
  grantee text;
begin
  select * into p from pg_catalog.pg_proc where oid = fn;
  if p.pronamespace <> 'public'::regnamespace then
    raise exception 'guard_procedure: % is not in schema public', fn;
  end if;
  if strpos(p.prosrc, 'private.assert_full_session(') > 0 then
    return;
  end if;
  if p.prokind <> 'f' or p.provariadic <> 0 or (not p.proretset and p.prorettype = 'record'::regtype) then
    raise exception 'guard_procedure: % has a shape the wrapper does not copy (procedure, variadic or OUT record)', fn;
  end if;
  -- A body left by an earlier guard that a later `create or replace` of the wrapper orphaned
  -- goes; any other function of that name and arguments in `private` stops the migration.
  select o.oid into earlier from pg_catalog.pg_proc o
  where o.pronamespace = 'private'::regnamespace and o.proname = p.proname
    and pg_catalog.pg_get_function_identity_arguments(o.oid) = ident;
  if earlier is not null and pg_catalog.obj_description(earlier, 'pg_proc') is distinct from marker then
    raise exception 'guard_procedure: private.%(%) exists already', p.proname, ident;
  elsif earlier is not null then
    execute format('drop function private.%I(%s)', p.proname, ident);
  end if;
  execute format('alter function public.%I(%s) set schema private', p.proname, ident);
  execute format('comment on function private.%I(%s) is %L', p.proname, ident, marker);
  execute format('revoke all on function private.%I(%s) from public, anon, authenticated, service_role', p.proname, ident);

  select coalesce(string_agg('$' || i, ', ' order by i), '') into args from generate_series(1, p.pronargs) i;
  call := format('private.%I(%s)', p.proname, args);
  execute format(
    'create function public.%I(%s) returns %s language plpgsql %s %s security definer set search_path = %L %s as %L',
    p.proname, pg_catalog.pg_get_function_arguments(p.oid), pg_catalog.pg_get_function_result(p.oid),
    case p.provolatile when 'i' then 'immutable' when 's' then 'stable' else 'volatile' end,
    case when p.proisstrict then 'strict' else '' end, '',
    case when p.proretset then format('rows %s', p.prorows) else '' end,
    format(E'begin\n  perform private.assert_full_session(writes => %s);\n  %s\nend',
      case when anonymous_may_call then 'false' else 'true' end,
      case
        when p.proretset then format('return query select * from %s;', call)
        when p.prorettype = 'void'::regtype then format('perform %s;', call)
        else format('return %s;', call)
      end));
  execute format('comment on function public.%I(%s) is %L', p.proname, ident, described);
  execute format('revoke all on function public.%I(%s) from public', p.proname, ident);
  for grantee in
    select case when a.grantee = 0 then 'public' else quote_ident(a.grantee::regrole::text) end
    from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a where a.privilege_type = 'EXECUTE' and a.grantee <> p.proowner
  loop
    execute format('grant execute on function public.%I(%s) to %s', p.proname, ident, grantee);
  end loop;
end
$$;

revoke all on function private.hold_to_full_session(regclass), private.guard_procedure(regprocedure, boolean)
  from public, anon, authenticated, service_role;

-- Every table of the app.
select private.hold_to_full_session(c.oid)
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = 'public' and c.relkind in ('r', 'p')
order by c.relname;

-- Every procedure `authenticated` may call that bypasses row-level security. Anonymous sign-ins
-- may call those that only read (stable), those anon may call anyway (a token is their
-- credential), and delete_my_account (leaving needs no account).
select private.guard_procedure(p.oid, p.provolatile <> 'v' or has_function_privilege('anon', p.oid, 'execute')
                                      or p.oid = 'public.delete_my_account()'::regprocedure)
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
where n.nspname = 'public' and p.prosecdef and p.prokind = 'f' and has_function_privilege('authenticated', p.oid, 'execute')
order by p.proname;

-- Storage, every bucket: reading private files, uploads, replacements and removals.
create policy "aal2 when the account has a second factor" on storage.objects as restrictive
  for all to authenticated using ((select private.aal_ok())) with check ((select private.aal_ok()));
create policy "anonymous sign-ins upload nothing" on storage.objects as restrictive
  for insert to authenticated with check (not (select private.is_anonymous_user()));
create policy "anonymous sign-ins replace nothing" on storage.objects as restrictive
  for update to authenticated using (not (select private.is_anonymous_user()));
create policy "anonymous sign-ins remove nothing" on storage.objects as restrictive
  for delete to authenticated using (not (select private.is_anonymous_user()));

-- Realtime's private channels, every topic: joining (listen), presence and broadcast. An
-- anonymous sign-in is counted in presence as a visitor is, and broadcasts nothing.
create policy "aal2 when the account has a second factor" on realtime.messages as restrictive
  for all to authenticated using ((select private.aal_ok())) with check ((select private.aal_ok()));
create policy "anonymous sign-ins broadcast nothing" on realtime.messages as restrictive
  for insert to authenticated with check (extension <> 'broadcast' or not (select private.is_anonymous_user()));
