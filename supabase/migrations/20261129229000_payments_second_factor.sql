-- Paid tickets under the two-factor rule of issue 30 (migration 20261129140000, decision 0262):
-- every table of `public` not yet held to a full session gets its restrictive policies, and every
-- SECURITY DEFINER procedure `authenticated` may call gets its guard (guard_procedure leaves those
-- already guarded alone, and re-guards those this issue replaced: rsvp, decide_rsvp,
-- check_in_ticket). Where that migration is absent, this one does nothing.
do $$
begin
  if to_regprocedure('private.hold_to_full_session(regclass)') is null
     or to_regprocedure('private.guard_procedure(regprocedure, boolean)') is null then
    raise notice 'payments_second_factor: no private.hold_to_full_session / guard_procedure here; nothing to do';
    return;
  end if;
  perform private.hold_to_full_session(c.oid)
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p')
    and not exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polname = 'aal2 when the account has a second factor');
  perform private.guard_procedure(p.oid, p.provolatile <> 'v' or has_function_privilege('anon', p.oid, 'execute'))
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public' and p.prosecdef and p.prokind = 'f' and has_function_privilege('authenticated', p.oid, 'execute')
    and strpos(p.prosrc, 'private.assert_full_session(') = 0;
end
$$;
